import Locking
import Testing

/// One wait that ends exactly once: when what it waits for happens (true), or, if that never
/// comes, when its deadline passes (false). The deadline only guards a failing test against
/// hanging the run; a passing test never reaches it.
final class OnceWait: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Bool, Never>?
        var guardTask: Task<Void, Never>?
    }

    private let state: LockedValue<State>

    init(_ continuation: CheckedContinuation<Bool, Never>) {
        state = LockedValue(State(continuation: continuation))
    }

    /// Arms the deadline: after `timeout` the wait ends with false, unless it ended before.
    func guardDeadline(_ timeout: Duration) {
        let task = Task { [weak self] in
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            self?.end(false)
        }
        let ended = state.withLock { state -> Bool in
            guard state.continuation != nil else { return true }
            state.guardTask = task
            return false
        }
        if ended { task.cancel() }
    }

    /// Ends the wait with `value`; later calls do nothing.
    func end(_ value: Bool) {
        let (continuation, guardTask) = state.withLock { state in
            defer { state = State() }
            return (state.continuation, state.guardTask)
        }
        guardTask?.cancel()
        continuation?.resume(returning: value)
    }
}

extension Duration {
    /// How long a test waits for an event before it records a failure instead of hanging.
    public static let testDeadline = Duration.seconds(20)
}
