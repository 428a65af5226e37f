import Locking

/// The one outcome of a transfer and the caller waiting for it, on either transport.
///
/// The first outcome wins: a timeout or a cancellation answers the caller at once, and whatever the
/// transport reports later is ignored.
final class TransferOutcome: Sendable {
    private struct State {
        var continuation: CheckedContinuation<TransferResult, Never>?
        var result: TransferResult?
    }

    private let state = LockedValue(State())

    /// Waits for the outcome; `start` runs once, with the continuation in place, unless the outcome
    /// is already known.
    func wait(start: () -> Void) async -> TransferResult {
        await withCheckedContinuation { continuation in
            let early = state.withLock { state -> TransferResult? in
                if let result = state.result { return result }
                state.continuation = continuation
                return nil
            }
            if let early {
                continuation.resume(returning: early)
            } else {
                start()
            }
        }
    }

    /// Records `result` unless an outcome is already recorded, and answers the caller; true if this
    /// call decided.
    @discardableResult
    func finish(_ result: TransferResult) -> Bool {
        let decided = state.withLock { state -> CheckedContinuation<TransferResult, Never>?? in
            guard state.result == nil else { return .none }
            state.result = result
            defer { state.continuation = nil }
            return .some(state.continuation)
        }
        guard let decided else { return false }
        decided?.resume(returning: result)
        return true
    }

    /// True once the outcome is known.
    var isDecided: Bool { state.withLock { $0.result != nil } }
}
