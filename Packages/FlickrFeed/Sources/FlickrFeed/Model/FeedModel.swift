import StateStore

/// The feed's business logic: the one place that changes a ``FeedState``.
///
/// A pure function of state and action that returns the work to do (pages to fetch, pictures to
/// load, page 1 to save) for a store to run.
///
/// ```swift
/// var state = FeedState(configuration: .init())
/// let effects = FeedModel().reduce(into: &state, action: .launched(saved: nil))   // [.fetch(page 1)]
/// ```
public struct FeedModel: Reducer {
    public init() {}

    /// Applies `action` to `state` and returns the work to do, in order.
    public func reduce(into state: inout FeedState, action: FeedAction) -> [FeedEffect] {
        state.apply(action)
    }
}
