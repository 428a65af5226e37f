import Locking

/// The callback of a lookup: the result strings, or an error; called on the main actor, the actor
/// screens run on.
public typealias LookupCompletion = @MainActor @Sendable ([String]?, (any Error)?) -> Void

/// The lookup API in the shape the task gives it: a validated number and an escaping callback in,
/// a handle that cancels the request out.
///
/// ## Life-cycle
/// - **Who creates a backend.** The command's composition root (`lookup` builds an
///   ``OfflineLookup`` or a `RemoteLookup` from its options) and hands it to the flow's store.
///   A backend lives as long as the command; it keeps no per-request state that outlives a request.
/// - **Who owns a request.** The flow (``LookupStore``): it starts at most one request at a time,
///   keeps the returned ``LookupRequest``, and cancels it when the person presses Esc or the
///   store goes away. Nobody else holds the handle.
/// - **The callback** is called exactly once, on the main actor (the screen's actor), with either
///   results or an error, never both and never neither; and never after ``LookupRequest/cancel()``
///   returned. A cancelled request ends silently: whoever cancelled already knows.
///   ``ExactlyOnceLookup`` enforces this for any backend, however it misbehaves; the store always
///   wraps its backend in one.
///
/// ```swift
/// let request = api.lookUp(number) { results, error in
///     if let results { show(results) } else { alert(error!) }
/// }
/// // later, if the person gives up:
/// request.cancel()
/// ```
public protocol PhoneLookupAPI: Sendable {
    /// Starts looking up `number`; `completion` receives the answer (see the life-cycle above).
    @discardableResult
    func lookUp(_ number: PhoneNumber, completion: @escaping LookupCompletion) -> LookupRequest
}

extension PhoneLookupAPI {
    /// The same lookup as an `async` call: returns the result strings or throws the error.
    ///
    /// Cancelling the calling task cancels the request and throws `CancellationError` at once,
    /// without waiting for the backend.
    public func lookUp(_ number: PhoneNumber) async throws -> [String] {
        let bridge = ContinuationBridge()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard bridge.attach(continuation) else { return }
                let request = ExactlyOnceLookup(self).lookUp(number) { results, error in
                    bridge.resume(with: results.map { .success($0) } ?? .failure(error ?? LookupError.emptyAnswer))
                }
                bridge.attach(request)
            }
        } onCancel: {
            bridge.cancel()
        }
    }
}

/// A request in flight; ``cancel()`` stops it. Safe to call from any thread, any number of times.
public final class LookupRequest: Sendable {
    private let state: LockedValue<(cancelled: Bool, onCancel: (@Sendable () -> Void)?)>

    /// - Parameter onCancel: what cancelling does (close the connection, cancel the task); run once.
    public init(onCancel: @escaping @Sendable () -> Void) {
        state = LockedValue((false, onCancel))
    }

    /// A request that is already over; cancelling it does nothing.
    public static var finished: LookupRequest { LookupRequest {} }

    /// Stops the request; its callback will not be called after this returns.
    public func cancel() {
        let action = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.cancelled else { return nil }
            state.cancelled = true
            defer { state.onCancel = nil }
            return state.onCancel
        }
        action?()
    }

    /// True once ``cancel()`` was called.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }
}

/// Joins a callback-based request to a checked continuation, whichever of answer and cancel comes first.
private final class ContinuationBridge: Sendable {
    private enum Stage {
        case waiting
        case running(CheckedContinuation<[String], any Error>, LookupRequest?)
        case done
    }

    private let stage = LockedValue<Stage>(.waiting)

    /// Stores the continuation; false (after resuming it with `CancellationError`) if cancel came first.
    func attach(_ continuation: CheckedContinuation<[String], any Error>) -> Bool {
        let attached = stage.withLock { stage -> Bool in
            guard case .waiting = stage else { return false }
            stage = .running(continuation, nil)
            return true
        }
        if !attached { continuation.resume(throwing: CancellationError()) }
        return attached
    }

    /// Stores the request so a later cancel reaches it; cancels it at once if cancel came first.
    func attach(_ request: LookupRequest) {
        let keep = stage.withLock { stage -> Bool in
            guard case .running(let continuation, nil) = stage else { return false }
            stage = .running(continuation, request)
            return true
        }
        if !keep { request.cancel() }
    }

    func resume(with result: Result<[String], any Error>) {
        let continuation = stage.withLock { stage -> CheckedContinuation<[String], any Error>? in
            guard case .running(let continuation, _) = stage else { return nil }
            stage = .done
            return continuation
        }
        continuation?.resume(with: result)
    }

    func cancel() {
        let (continuation, request) = stage.withLock { stage -> (CheckedContinuation<[String], any Error>?, LookupRequest?) in
            switch stage {
            case .waiting:
                stage = .done
                return (nil, nil)
            case .running(let continuation, let request):
                stage = .done
                return (continuation, request)
            case .done:
                return (nil, nil)
            }
        }
        request?.cancel()
        continuation?.resume(throwing: CancellationError())
    }
}
