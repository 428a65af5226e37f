import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking

/// The transport over one URLSession for the client's whole life (the only one on Apple platforms).
///
/// URLSession on Linux ignores the resource timeout and truncates fractional ones, so the deadline
/// is ours: a sleeping task cancels the data task when it passes.
final class URLSessionTransport: HTTPTransporting {
    private let session: URLSession
    private let delegate: TransferDelegate
    private let deadline: Duration
    private let limit: Int
    /// Set by ``invalidate()``; guards task creation, since an invalidated URLSession traps on `dataTask`.
    private let invalidated = LockedValue(false)

    init(configuration: HTTPClient.Configuration) {
        let deadline = configuration.deadline
        self.deadline = deadline
        self.limit = configuration.maxResponseBytes
        self.delegate = TransferDelegate(maxRedirects: configuration.maxRedirects) { error, transfer in
            URLSessionTransport.networkError(from: error, transfer: transfer, deadline: deadline)
        }

        let sessionConfiguration = URLSessionConfiguration.ephemeral
        // Our deadline is the real one; URLSession's own timeout only has to stay out of its way
        // (on Linux it is whole seconds and ignores the resource timeout anyway).
        let deadlineSeconds = Double(deadline.components.seconds) + Double(deadline.components.attoseconds) / 1e18
        sessionConfiguration.timeoutIntervalForRequest = max(60, (deadlineSeconds * 2).rounded(.up))
        sessionConfiguration.timeoutIntervalForResource = max(60, (deadlineSeconds * 2).rounded(.up))
        // Our limiter decides how many run; URLSession must never queue one of ours behind another.
        sessionConfiguration.httpMaximumConnectionsPerHost = configuration.maxConcurrentRequests
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        sessionConfiguration.httpCookieStorage = nil
        sessionConfiguration.httpAdditionalHeaders = configuration.headers
        self.session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: nil)
    }

    /// The session is made with the client.
    var isStarted: Bool { true }

    func invalidate() {
        invalidated.withLock { invalidated in
            guard !invalidated else { return }
            invalidated = true
            session.invalidateAndCancel()
        }
    }

    /// The observer is not told anything here: URLSession's progress and partial bodies are not used.
    func run(_ request: HTTPRequest, observer: TransferObserver?) async -> TransferResult {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let transfer = Transfer(url: request.url, limit: limit)
        let task = invalidated.withLock { invalidated -> URLSessionDataTask? in
            guard !invalidated else { return nil }
            let task = session.dataTask(with: urlRequest)
            delegate.register(transfer, for: task)
            return task
        }
        guard let task else { return .failure(.cancelled) }

        let deadline = deadline
        let timer = Task {
            try? await Task.sleep(for: deadline)
            guard !Task.isCancelled else { return }
            if transfer.finish(.failure(.timedOut(after: deadline))) { task.cancel() }
        }
        defer { timer.cancel() }

        let result = await withTaskCancellationHandler {
            await transfer.outcome { task.resume() }
        } onCancel: {
            if transfer.finish(.failure(.cancelled)) { task.cancel() }
        }
        // Decided here (timeout, cancellation) or by URLSession: either way the delegate is done with it.
        delegate.forget(task)
        return result
    }

    /// Maps what URLSession reports to a ``NetworkError``, using what had arrived so far.
    static func networkError(from error: any Error, transfer: Transfer, deadline: Duration) -> NetworkError {
        let host = transfer.url.host ?? transfer.url.absoluteString
        let (response, bytes) = transfer.received
        guard let urlError = error as? URLError else {
            return .transport(description: String(describing: error))
        }
        switch urlError.code {
        case .cancelled:
            return .cancelled
        case .timedOut:
            return .timedOut(after: deadline)
        case .notConnectedToInternet, .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            return .offline(host: host)
        case .cannotFindHost, .dnsLookupFailed:
            return .hostNotFound(host: host)
        case .cannotConnectToHost:
            return .refused(host: host)
        case .networkConnectionLost:
            return .connectionDropped(bytesReceived: bytes)
        case .badURL, .unsupportedURL:
            return .invalidURL(transfer.url.absoluteString)
        case .dataLengthExceedsMaximum:
            return .responseTooLarge(limit: transfer.limit)
        case .unknown, .badServerResponse, .cannotParseResponse, .zeroByteResource, .cannotDecodeRawData:
            // libcurl reports a body cut short (CURLE_PARTIAL_FILE, a reset) as .unknown on Linux.
            if response != nil || bytes > 0 { return .connectionDropped(bytesReceived: bytes) }
            return .transport(description: urlError.localizedDescription)
        default:
            return .transport(description: "\(urlError.code.rawValue): \(urlError.localizedDescription)")
        }
    }
}
