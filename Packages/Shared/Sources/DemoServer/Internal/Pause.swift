import NIOCore
import Locking

/// Resumes a continuation exactly once, whoever gets there first.
private final class ResumeOnce: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Void, Never>?
        var fired = false
    }

    private let state = LockedValue(State())

    func install(_ continuation: CheckedContinuation<Void, Never>) {
        let fireNow = state.withLock { state -> Bool in
            if state.fired { return true }
            state.continuation = continuation
            return false
        }
        if fireNow { continuation.resume() }
    }

    func fire() {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.fired else { return nil }
            state.fired = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume()
    }
}

/// Waits `duration` (or forever when nil), ending early when `channel` closes or the Task is
/// cancelled. No polling: an event-loop timer and the channel's close future wake it.
func pause(_ duration: Duration?, on channel: any Channel) async {
    let once = ResumeOnce()
    await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
            once.install(continuation)
            var timer: Scheduled<Void>?
            if let duration {
                let nanoseconds = duration.components.seconds * 1_000_000_000
                    + duration.components.attoseconds / 1_000_000_000
                timer = channel.eventLoop.scheduleTask(in: .nanoseconds(nanoseconds)) { once.fire() }
            }
            channel.closeFuture.whenComplete { [timer] _ in
                timer?.cancel()
                once.fire()
            }
        }
    } onCancel: {
        once.fire()
    }
}
