/// A task's business logic: the one place its state changes.
///
/// A pure function of state and action that returns the work to do as plain values (a task's
/// `Effect` enum), which tests compare without running anything and a ``Store`` hands to the task's
/// ``EffectInterpreting`` interpreter.
///
/// ```swift
/// var state = GalleryState(urls: urls)
/// let effects = GalleryModel().reduce(into: &state, action: .layoutChanged(layout))
/// ```
public protocol Reducer<State, Action, Effect>: Sendable {
    /// What the reducer changes.
    associatedtype State
    /// What happens to the task: input, time, the results of effects.
    associatedtype Action: Sendable
    /// The work the reducer asks for.
    associatedtype Effect

    /// Applies `action` to `state` and returns the effects to run, in order.
    func reduce(into state: inout State, action: Action) -> [Effect]
}
