import Locking

/// A counting semaphore for async code: at most `limit` holders at once, the rest wait in FIFO order.
///
/// A waiter whose Task is cancelled leaves the queue at once and gets `CancellationError`.
final class AsyncSemaphore: Sendable {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var available: Int
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
    }

    private let state: LockedValue<State>

    init(limit: Int) {
        precondition(limit > 0, "a semaphore needs at least one permit")
        state = LockedValue(State(available: limit))
    }

    /// Takes a permit, waiting for one if none is free.
    func acquire() async throws(CancellationError) {
        let id = state.withLock { state -> UInt64? in
            if state.available > 0 {
                state.available -= 1
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return }
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let enqueued = state.withLock { state -> Bool in
                        // Cancelled before we got here: the handler already ran and found nothing.
                        if Task.isCancelled { return false }
                        state.waiters.append(Waiter(id: id, continuation: continuation))
                        return true
                    }
                    if !enqueued { continuation.resume(throwing: CancellationError()) }
                }
            } onCancel: {
                let waiter = state.withLock { state -> Waiter? in
                    guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.waiters.remove(at: index)
                }
                waiter?.continuation.resume(throwing: CancellationError())
            }
        } catch {
            throw CancellationError()
        }
    }

    /// Gives a permit back, waking the longest waiter if there is one.
    func release() {
        let next = state.withLock { state -> Waiter? in
            guard !state.waiters.isEmpty else {
                state.available += 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.continuation.resume()
    }

    /// Number of tasks waiting for a permit (for tests and diagnostics).
    var waitingCount: Int { state.withLock { $0.waiters.count } }
}
