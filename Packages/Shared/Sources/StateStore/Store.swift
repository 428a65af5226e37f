/// Performs a feature's effects. Effects are values the reducer returns (tests compare them
/// without running anything); a runner turns them into work, and whatever that work learns comes
/// back to the store as actions through `send`.
@MainActor
public protocol EffectRunning: AnyObject {
    /// What the runner sends back.
    associatedtype Action
    /// What the reducer asks for.
    associatedtype Effect

    /// Starts `effect`. Results arrive later as actions passed to `send`.
    func run(_ effect: Effect, send: @escaping @MainActor (Action) -> Void)
}

/// One store for every task: it holds the state, applies each action with the task's pure
/// reducer, tells the attached screen once, then hands the planned effects to the task's runner.
///
/// ```swift
/// let store = Store(state: GalleryState(urls: urls), reduce: GalleryModel.reduce, effects: runner)
/// store.attach { _ in context.requestRender() }
/// store.send(.layoutChanged(layout))
/// ```
///
/// The order inside ``send(_:)`` is fixed for every task: reduce, notify, run effects. So an
/// observer always sees the state the reducer made, before any effect's result can change it.
@MainActor
public final class Store<State, Effects: EffectRunning> {
    /// What the reducer takes.
    public typealias Action = Effects.Action
    /// What the reducer plans.
    public typealias Effect = Effects.Effect

    /// The current state.
    public private(set) var state: State
    /// The runner of this task's effects (its own helpers, such as waiting for loads, live there).
    public let effects: Effects

    private let reducer: (inout State, Action) -> [Effect]
    private var observer: (@MainActor (State) -> Void)?

    /// A store starting at `state`, changed by `reduce`, with `effects` performing what it plans.
    public init(state: State, reduce: @escaping (inout State, Action) -> [Effect], effects: Effects) {
        self.state = state
        self.reducer = reduce
        self.effects = effects
    }

    /// Applies `action`: reduce, notify the attached observer once, then run the planned effects.
    public func send(_ action: Action) {
        let planned = reducer(&state, action)
        observer?(state)
        for effect in planned {
            effects.run(effect) { [weak self] action in self?.send(action) }
        }
    }

    /// The one way a screen attaches: `onChange` is called after every action with the new state.
    /// Attaching again replaces the earlier observer.
    public func attach(_ onChange: @escaping @MainActor (State) -> Void) {
        observer = onChange
    }
}
