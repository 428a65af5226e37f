import Locking

/// The one way tests wait for something a mock or a server does: the mock calls ``changed()``
/// whenever its books change, and a test waits until a condition over them holds, woken by those
/// calls. No polling and no sleep: if the condition never comes true, the test's time limit ends it.
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
        let continuation: CheckedContinuation<Void, Never>
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
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Returns once `condition` holds: at once if it already does, else at the first
    /// ``changed()`` after which it does.
    public func wait(until condition: @escaping @Sendable () -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let holds = waiters.withLock { waiters -> Bool in
                if condition() { return true }
                waiters.append(Waiter(condition: condition, continuation: continuation))
                return false
            }
            if holds { continuation.resume() }
        }
    }
}
