import Locking

/// Wraps any backend so its callback keeps the API's promise: exactly once, results or an error,
/// never after cancel, and (with a deadline) even when the backend never answers.
///
/// A second or later call from the backend is dropped and counted in ``DeliveryLog``, so tests can
/// see a backend misbehaving without the screen ever seeing it.
public struct ExactlyOnceLookup: PhoneLookupAPI {
    public let backend: any PhoneLookupAPI
    /// When set, a backend silent for this long answers ``LookupError/timedOut(after:)``.
    public let deadline: Duration?
    public let log: DeliveryLog?

    public init(_ backend: any PhoneLookupAPI, deadline: Duration? = nil, log: DeliveryLog? = nil) {
        self.backend = backend
        self.deadline = deadline
        self.log = log
    }

    public func lookUp(_ number: PhoneNumber, completion: @escaping LookupCompletion) -> LookupRequest {
        let gate = CompletionGate(completion, log: log)
        let inner = backend.lookUp(number) { results, error in gate.deliver(results, error) }
        let timer = deadline.map { deadline in
            Task { @MainActor in
                try await Task.sleep(for: deadline)
                inner.cancel()
                gate.deliver(nil, LookupError.timedOut(after: deadline))
            }
        }
        gate.onFinish { timer?.cancel() }
        return LookupRequest {
            gate.cancel()
            timer?.cancel()
            inner.cancel()
        }
    }
}

/// Counts what a guarded backend tried to deliver, for tests and logs.
public final class DeliveryLog: Sendable {
    private let counts = LockedValue((delivered: 0, dropped: 0))

    public init() {}

    /// Callbacks passed on to the caller.
    public var delivered: Int { counts.withLock { $0.delivered } }
    /// Callbacks swallowed: a second answer, or an answer after cancel.
    public var dropped: Int { counts.withLock { $0.dropped } }

    func record(delivered: Bool) {
        counts.withLock { delivered ? ($0.delivered += 1) : ($0.dropped += 1) }
    }
}

/// Holds a completion until the first answer or a cancel, whichever comes first; then lets go of it.
private final class CompletionGate: Sendable {
    private let state: LockedValue<(completion: LookupCompletion?, onFinish: (@Sendable () -> Void)?)>
    private let log: DeliveryLog?

    init(_ completion: @escaping LookupCompletion, log: DeliveryLog?) {
        state = LockedValue((completion, nil))
        self.log = log
    }

    /// Runs `action` when the gate closes (at once if it already has).
    func onFinish(_ action: @escaping @Sendable () -> Void) {
        let closed = state.withLock { state -> Bool in
            guard state.completion != nil else { return true }
            state.onFinish = action
            return false
        }
        if closed { action() }
    }

    @MainActor
    func deliver(_ results: [String]?, _ error: (any Error)?) {
        guard let (completion, onFinish) = close() else {
            log?.record(delivered: false)
            return
        }
        log?.record(delivered: true)
        onFinish?()
        if let error {
            completion(nil, error)
        } else if let results {
            completion(results, nil)
        } else {
            completion(nil, LookupError.emptyAnswer)
        }
    }

    func cancel() {
        _ = close()
    }

    private func close() -> (LookupCompletion, (@Sendable () -> Void)?)? {
        state.withLock { state in
            guard let completion = state.completion else { return nil }
            defer { state = (nil, nil) }
            return (completion, state.onFinish)
        }
    }
}
