import Locking
import Testing

/// The one way tests wait for something a mock or a server does: the mock calls ``changed()``
/// whenever its books change, and a test waits until a condition over them holds, woken by those
/// calls. No polling and no sleep: if the condition never comes true, the wait records a failure
/// at its deadline instead of hanging the run.
///
/// ```swift
/// let signal = Signal()
/// let backend = ScriptedLookup(signal: signal)
/// store.send(.searchPressed)
/// await signal.wait { backend.count == 1 }
/// ```
public final class Signal: Sendable {
    private struct Waiter {
        let condition: @Sendable () -> Bool
        let wait: OnceWait
    }

    private let waiters = LockedValue<[Waiter]>([])

    public init() {}

    /// Wakes every waiter whose condition now holds.
    public func changed() {
        let ready: [Waiter] = waiters.withLock { waiters in
            let ready = waiters.filter { $0.condition() }
            waiters.removeAll { $0.condition() }
            return ready
        }
        for waiter in ready { waiter.wait.end(true) }
    }

    /// Returns once `condition` holds: at once if it already does, else at the first
    /// ``changed()`` after which it does. Records a failure (and returns false) if `timeout`
    /// passes first.
    @discardableResult
    public func wait(
        timeout: Duration = .testDeadline, sourceLocation: SourceLocation = #_sourceLocation,
        until condition: @escaping @Sendable () -> Bool
    ) async -> Bool {
        let holds = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let wait = OnceWait(continuation)
            let holdsNow = waiters.withLock { waiters -> Bool in
                if condition() { return true }
                waiters.append(Waiter(condition: condition, wait: wait))
                return false
            }
            if holdsNow { wait.end(true) } else { wait.guardDeadline(timeout) }
        }
        if !holds { Issue.record("waited \(timeout) for a condition that never held", sourceLocation: sourceLocation) }
        return holds
    }
}
