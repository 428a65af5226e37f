import Locking

/// A counting semaphore for async code: at most `limit` holders at once. A freed permit goes to the
/// waiter of the highest ``RequestPriority`` at that moment (a priority may change while it waits),
/// the longest waiter first among equals; without priorities, FIFO.
///
/// A waiter whose Task is cancelled leaves the queue at once and gets `CancellationError`.
final class AsyncSemaphore: Sendable {
    private struct Waiter {
        let id: UInt64
        let priority: RequestPriority?
        let continuation: CheckedContinuation<Void, any Error>

        var level: RequestPriority.Level { priority?.level ?? .normal }
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
    func acquire(priority: RequestPriority? = nil) async throws(CancellationError) {
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
                        state.waiters.append(Waiter(id: id, priority: priority, continuation: continuation))
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

    /// Gives a permit back, waking the waiter of the highest priority (the longest among equals).
    func release() {
        let next = state.withLock { state -> Waiter? in
            guard !state.waiters.isEmpty else {
                state.available += 1
                return nil
            }
            // Levels are read now, not when the waiters queued: that is how a raised priority counts.
            var best = 0
            var bestLevel = state.waiters[0].level
            for index in state.waiters.indices.dropFirst() where state.waiters[index].level > bestLevel {
                best = index
                bestLevel = state.waiters[index].level
            }
            return state.waiters.remove(at: best)
        }
        next?.continuation.resume()
    }

    /// Number of tasks waiting for a permit (for tests and diagnostics).
    var waitingCount: Int { state.withLock { $0.waiters.count } }
}
