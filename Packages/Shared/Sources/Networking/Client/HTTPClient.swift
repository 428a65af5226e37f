import ErrorReporting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import Synchronization

/// The one HTTP client of a process (or of a feature): one URLSession for its whole life, async/await,
/// a hard deadline per load, a limit on concurrent loads, coalescing of identical GETs, a size limit.
///
/// ```swift
/// let client = HTTPClient(configuration: .init(deadline: .seconds(10)))
/// let response = try await client.data(from: URL(string: "https://example.com/a.jpg")!)
/// ```
///
/// Cancelling the calling Task cancels the load: the call throws ``NetworkError/cancelled`` at once
/// and the connection is closed (a connection that is abandoned mid-body cannot be reused). When
/// several callers share one coalesced GET, the transfer is cancelled only when all of them cancel.
///
/// The deadline covers the transfer itself: it starts when a load gets one of the
/// `maxConcurrentRequests` slots, not while it waits in the queue, so a burst of requests does not
/// time out merely for being queued. Waiting in the queue is cancellable like everything else.
public final class HTTPClient: Sendable {
    /// How the client behaves; the defaults suit a phone-sized app on a real network.
    public struct Configuration: Sendable {
        /// The longest one transfer may take, from its start to the last byte.
        public var deadline: Duration
        /// How many transfers run at once; further loads wait in FIFO order.
        public var maxConcurrentRequests: Int
        /// The largest body accepted; a larger one fails with ``NetworkError/responseTooLarge(limit:)``.
        public var maxResponseBytes: Int
        /// Header fields sent with every request (a request's own headers win).
        public var headers: [String: String]

        public init(
            deadline: Duration = .seconds(30),
            maxConcurrentRequests: Int = 6,
            maxResponseBytes: Int = 50_000_000,
            headers: [String: String] = [:]
        ) {
            self.deadline = deadline
            self.maxConcurrentRequests = max(1, maxConcurrentRequests)
            self.maxResponseBytes = maxResponseBytes
            self.headers = headers
        }
    }

    /// The configuration the client was made with.
    public let configuration: Configuration
    /// Where results are reported, if anywhere.
    public let connectivity: Connectivity?

    private let session: URLSession
    private let delegate: TransferDelegate
    private let limiter: AsyncSemaphore
    private let flights = FlightTable()
    private let logger: Logger
    /// Set by ``invalidate()``; guards task creation, since an invalidated URLSession traps on `dataTask`.
    private let invalidated = Mutex(false)

    /// Makes a client and its one URLSession.
    /// - Parameters:
    ///   - configuration: deadline, concurrency limit, size limit, common headers.
    ///   - connectivity: told about every result, so it can say online/offline.
    ///   - logger: debug lines for each load, URLs redacted.
    public init(
        configuration: Configuration = .init(),
        connectivity: Connectivity? = nil,
        logger: Logger = Logger(label: "workbench.networking")
    ) {
        self.configuration = configuration
        self.connectivity = connectivity
        self.logger = logger
        self.limiter = AsyncSemaphore(limit: configuration.maxConcurrentRequests)
        let deadline = configuration.deadline
        self.delegate = TransferDelegate { error, transfer in
            HTTPClient.networkError(from: error, transfer: transfer, deadline: deadline)
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

    deinit {
        invalidate()
    }

    /// Cancels every load and closes the session; later loads fail with ``NetworkError/cancelled``.
    public func invalidate() {
        invalidated.withLock { invalidated in
            guard !invalidated else { return }
            invalidated = true
            session.invalidateAndCancel()
        }
    }

    /// Sends `request` and returns the response whatever its status.
    ///
    /// GET requests with the same URL and headers that are in flight at the same time share one
    /// transfer. Cancel the calling Task to cancel.
    public func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        try validate(request.url)
        let result: TransferResult
        if request.method.uppercased() == "GET" && request.body == nil {
            result = await flights.join(key: FlightKey(request)) { [self] in
                await self.limitedTransfer(request)
            }
        } else {
            result = await limitedTransfer(request)
        }
        return try result.get()
    }

    /// GETs `url` and returns the response; a status outside 2xx throws ``NetworkError/httpStatus(code:url:)``.
    public func data(from url: URL) async throws(NetworkError) -> HTTPResponse {
        let response = try await send(HTTPRequest(url: url))
        guard response.isSuccess else { throw .httpStatus(code: response.statusCode, url: url) }
        return response
    }

    /// GETs `url` and returns only the body; what the image pipeline's `DataLoading` asks for.
    public func data(for url: URL) async throws(NetworkError) -> Data {
        try await data(from: url).body
    }

    /// Number of distinct GET transfers in flight (shared ones count once); for tests and diagnostics.
    public var inFlightTransferCount: Int { flights.count }

    // MARK: - One transfer

    private func validate(_ url: URL) throws(NetworkError) {
        guard let scheme = url.scheme?.lowercased() else { throw .invalidURL(url.absoluteString) }
        guard scheme == "http" || scheme == "https" else { throw .unsupportedScheme(scheme) }
        guard let host = url.host, !host.isEmpty else { throw .invalidURL(url.absoluteString) }
    }

    /// Waits for a slot, then runs the transfer under the deadline; reports to ``connectivity``.
    private func limitedTransfer(_ request: HTTPRequest) async -> TransferResult {
        do {
            try await limiter.acquire()
        } catch {
            return .failure(.cancelled)
        }
        defer { limiter.release() }
        guard !Task.isCancelled else { return .failure(.cancelled) }
        let result = await transfer(request)
        report(result, for: request.url)
        if case .failure(let error) = result {
            logger.debug("\(request.method) \(Redactor.redact(request.url)) failed: \(error)")
        }
        return result
    }

    private func transfer(_ request: HTTPRequest) async -> TransferResult {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let transfer = Transfer(url: request.url, limit: configuration.maxResponseBytes)
        let task = invalidated.withLock { invalidated -> URLSessionDataTask? in
            guard !invalidated else { return nil }
            let task = session.dataTask(with: urlRequest)
            delegate.register(transfer, for: task)
            return task
        }
        guard let task else { return .failure(.cancelled) }

        let deadline = configuration.deadline
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

    private func report(_ result: TransferResult, for url: URL) {
        guard let connectivity else { return }
        switch result {
        case .success:
            connectivity.record(reachable: true)
        case .failure(let error) where error.isConnectivityFailure:
            connectivity.record(reachable: false)
        case .failure(.connectionDropped), .failure(.responseTooLarge), .failure(.httpStatus):
            // The server was there and talked to us.
            connectivity.record(reachable: true)
        case .failure:
            break
        }
    }

    // MARK: - Errors

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
        case .notConnectedToInternet, .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed,
             .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            return .offline(host: host)
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
