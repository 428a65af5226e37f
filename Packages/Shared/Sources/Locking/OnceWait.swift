/// One wait that ends exactly once: when what it waits for happens (true), or, if that never
/// comes, when its deadline passes (false). The event's side and the deadline's race to end it;
/// whichever comes second does nothing.
///
/// The one shape of "wait for an event, with a deadline" in the workbench: the demo server's
/// `waitForStats` and the tests' store, clock and signal waits all end one of these.
///
/// ```swift
/// let arrived = await withCheckedContinuation { continuation in
///     let wait = OnceWait(continuation)
///     watchers.append(wait)          // the event calls wait.end(true)
///     wait.guardDeadline(.seconds(20))
/// }
/// ```
package final class OnceWait: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Bool, Never>?
        var guardTask: Task<Void, Never>?
    }

    private let state: LockedValue<State>

    package init(_ continuation: CheckedContinuation<Bool, Never>) {
        state = LockedValue(State(continuation: continuation))
    }

    /// True once the wait has ended, either way: a list of waits can drop it.
    package var hasEnded: Bool { state.withLock { $0.continuation == nil } }

    /// Arms the deadline: after `timeout` the wait ends with false, unless it ended before.
    package func guardDeadline(_ timeout: Duration) {
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
    package func end(_ value: Bool) {
        let (continuation, guardTask) = state.withLock { state in
            defer { state = State() }
            return (state.continuation, state.guardTask)
        }
        guardTask?.cancel()
        continuation?.resume(returning: value)
    }
}
