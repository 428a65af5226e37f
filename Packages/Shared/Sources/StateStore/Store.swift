/// One store for every task, and the one runtime of their effects.
///
/// It holds the state, applies each action with the task's ``Reducer``, tells the attached screen
/// once, then runs the planned effects through the task's ``EffectInterpreting`` interpreter. It
/// owns every task that work starts: cancelling by id, cancel-in-flight when an id starts again,
/// dropping what a cancelled run still sends, and ``settle()`` for waiting until all are done.
///
/// ```swift
/// let store = Store(state: GalleryState(urls: urls), reducer: GalleryModel(), interpreter: effects)
/// store.attach { _ in context.requestRender() }
/// store.send(.layoutChanged(layout))
/// ```
///
/// The order inside ``send(_:)`` is fixed for every task: reduce, notify, run effects. A send made
/// while an action is being handled (by the observer, or by an interpreter that answers at once)
/// is queued and handled after it, in order, as TCA does: so an observer always sees the state the
/// reducer made, and the effects of one action never interleave with those of the next.
@MainActor
public final class Store<R: Reducer, Interpreter: EffectInterpreting>
where R.Action == Interpreter.Action, R.Effect == Interpreter.Effect {
    /// What the reducer takes.
    public typealias Action = R.Action
    /// What the reducer plans.
    public typealias Effect = R.Effect

    /// The current state.
    public private(set) var state: R.State
    /// The interpreter of this task's effects.
    public let interpreter: Interpreter

    /// What a test harness sees of the store at work.
    package enum Activity {
        /// An action was handled and left this state.
        case handled(Action, R.State)
        /// A run ended, having sent whatever it sent.
        case runEnded
    }

    /// Told of every action handled and every run that ends (``TestStore`` watches through it).
    package var monitor: (@MainActor (Activity) -> Void)?

    private let reducer: R
    private var observer: (@MainActor (R.State) -> Void)?
    private var pending: [Action] = []
    private var isHandling = false
    private var running: [EffectID: Run] = [:]
    private var serial = 0
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    /// A task the store started, and which start it was (an id that starts again is a new run).
    private struct Run {
        let serial: Int
        let task: Task<Void, Never>
    }

    /// Work with no id still needs a key of its own while it runs.
    private struct Anonymous: Hashable, Sendable {
        let serial: Int
    }

    /// A store starting at `state`, changed by `reducer`, with `interpreter` saying what its
    /// effects do.
    public init(state: R.State, reducer: R, interpreter: Interpreter) {
        self.state = state
        self.reducer = reducer
        self.interpreter = interpreter
    }

    isolated deinit {
        for run in running.values { run.task.cancel() }
    }

    /// Applies `action`: reduce, notify the attached observer once, then run the planned effects.
    ///
    /// Called while another action is being handled, it queues `action` behind it.
    public func send(_ action: Action) {
        pending.append(action)
        guard !isHandling else { return }
        isHandling = true
        defer { isHandling = false }
        var next = 0
        while next < pending.count {
            let action = pending[next]
            next += 1
            let planned = reducer.reduce(into: &state, action: action)
            monitor?(.handled(action, state))
            observer?(state)
            for effect in planned {
                perform(interpreter.work(for: effect))
            }
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// The one way a screen attaches: `onChange` is called after every action with the new state.
    /// Attaching again replaces the earlier observer.
    public func attach(_ onChange: @escaping @MainActor (R.State) -> Void) {
        observer = onChange
    }

    /// Waits until no run is in flight, including runs started by the results of earlier ones.
    ///
    /// Cancelled runs do not count: they are gone from the store the moment they are cancelled.
    public func settle() async {
        while !running.isEmpty {
            await withCheckedContinuation { idleWaiters.append($0) }
        }
    }

    /// How many runs are in flight.
    package var runningCount: Int { running.count }

    /// Whether a run with `id` is in flight.
    package func isRunning<ID: Hashable & Sendable>(_ id: ID) -> Bool {
        running[EffectID(id)] != nil
    }

    /// Cancels every run, for the end of the program.
    public func cancelAll() {
        let runs = running.values
        running = [:]
        for run in runs { run.task.cancel() }
        resumeIdleWaiters()
    }

    private func perform(_ work: Work<Action>) {
        switch work.kind {
        case .none:
            break
        case .send(let action):
            pending.append(action)
        case .merge(let works):
            for work in works { perform(work) }
        case .cancel(let id):
            running.removeValue(forKey: id)?.task.cancel()
            if running.isEmpty { resumeIdleWaiters() }
        case .run(let id, let replacing, let body):
            serial += 1
            let serial = self.serial
            let key = id ?? EffectID(Anonymous(serial: serial))
            if !replacing, running[key] != nil { return }
            running.removeValue(forKey: key)?.task.cancel()
            let send = Send<Action> { [weak self] action in self?.send(action) }
            let task = Task { [weak self] in
                await body(send)
                self?.finish(key, serial: serial)
            }
            running[key] = Run(serial: serial, task: task)
        }
    }

    private func finish(_ key: EffectID, serial: Int) {
        guard running[key]?.serial == serial else { return }
        running[key] = nil
        if running.isEmpty { resumeIdleWaiters() }
        monitor?(.runEnded)
    }

    private func resumeIdleWaiters() {
        let waiters = idleWaiters
        idleWaiters = []
        for waiter in waiters { waiter.resume() }
    }
}
