import ErrorReporting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import Synchronization

/// The one HTTP client of a process (or of a feature): one transport for its whole life (one libcurl
/// multi handle on Linux, one URLSession on Apple platforms), async/await, a hard deadline per load,
/// a limit on concurrent loads, coalescing of identical GETs, a size limit.
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
        /// The largest body accepted, counted after content decoding (a small gzip body that
        /// unpacks to more fails too); a larger one fails with ``NetworkError/responseTooLarge(limit:)``.
        public var maxResponseBytes: Int
        /// Header fields sent with every request (a request's own headers win).
        public var headers: [String: String]
        /// How many redirects one load may follow (to http or https only).
        public var maxRedirects: Int
        /// The engine that moves the bytes; by default `WORKBENCH_TRANSPORT`, else the platform's.
        public var transport: Transport

        public init(
            deadline: Duration = .seconds(30),
            maxConcurrentRequests: Int = 6,
            maxResponseBytes: Int = 50_000_000,
            headers: [String: String] = [:],
            maxRedirects: Int = 10,
            transport: Transport = .default()
        ) {
            self.deadline = deadline
            self.maxConcurrentRequests = max(1, maxConcurrentRequests)
            self.maxResponseBytes = maxResponseBytes
            self.headers = headers
            self.maxRedirects = max(0, maxRedirects)
            self.transport = transport
        }
    }

    /// The configuration the client was made with.
    public let configuration: Configuration
    /// Where results are reported, if anywhere.
    public let connectivity: Connectivity?

    private let transport: any HTTPTransporting
    private let limiter: AsyncSemaphore
    private let flights = FlightTable()
    private let logger: Logger

    /// Makes a client and its one transport.
    /// - Parameters:
    ///   - configuration: deadline, concurrency limit, size limit, common headers, transport.
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
        self.transport = HTTPClient.makeTransport(for: configuration)
    }

    deinit {
        invalidate()
    }

    /// Cancels every load and closes the transport; later loads fail with ``NetworkError/cancelled``.
    public func invalidate() {
        transport.invalidate()
    }
    /// Sends `request` and returns the response whatever its status.
    ///
    /// GET requests with the same URL and headers that are in flight at the same time share one
    /// transfer. Cancel the calling Task to cancel.
    /// - Parameters:
    ///   - request: what to send.
    ///   - priority: how soon it gets a slot when all are taken; it may change while it waits.
    ///   - observer: told of progress and of what arrived if the transfer breaks off (libcurl only).
    public func send(
        _ request: HTTPRequest, priority: RequestPriority? = nil, observer: TransferObserver? = nil
    ) async throws(NetworkError) -> HTTPResponse {
        try validate(request.url)
        let result: TransferResult
        if request.method.uppercased() == "GET" && request.body == nil {
            result = await flights.join(key: FlightKey(request)) { [self] in
                await self.limitedTransfer(request, priority: priority, observer: observer)
            }
        } else {
            result = await limitedTransfer(request, priority: priority, observer: observer)
        }
        return try result.get()
    }

    /// GETs `url` and returns the response; a status outside 2xx throws ``NetworkError/httpStatus(code:url:)``.
    public func data(from url: URL) async throws(NetworkError) -> HTTPResponse {
        let response = try await send(HTTPRequest(url: url))
        guard response.isSuccess else { throw .httpStatus(code: response.statusCode, url: url) }
        return response
    }

    /// GETs `url` and returns only the body; what ``DataLoading`` asks for.
    public func data(for url: URL) async throws(NetworkError) -> Data {
        try await data(from: url).body
    }

    /// Number of distinct GET transfers in flight (shared ones count once); tests prove coalescing with it.
    package var inFlightTransferCount: Int { flights.count }

    /// Number of loads waiting for a slot (tests prove the order slots are given in with it).
    package var waitingForSlotCount: Int { limiter.waitingCount }

    /// Whether the transport's engine is up (for libcurl: loaded, with its multi handle and thread).
    package var transportIsStarted: Bool { transport.isStarted }

    // MARK: - One transfer

    private func validate(_ url: URL) throws(NetworkError) {
        guard let scheme = url.scheme?.lowercased() else { throw .invalidURL(url.absoluteString) }
        guard scheme == "http" || scheme == "https" else { throw .unsupportedScheme(scheme) }
        guard let host = url.host, !host.isEmpty else { throw .invalidURL(url.absoluteString) }
    }

    /// Waits for a slot, then runs the transfer under the deadline; reports to ``connectivity``.
    private func limitedTransfer(
        _ request: HTTPRequest, priority: RequestPriority?, observer: TransferObserver?
    ) async -> TransferResult {
        do {
            try await limiter.acquire(priority: priority)
        } catch {
            return .failure(.cancelled)
        }
        defer { limiter.release() }
        guard !Task.isCancelled else { return .failure(.cancelled) }
        let result = await transport.run(request, observer: observer)
        report(result, for: request.url)
        if case .failure(let error) = result {
            logger.debug("\(request.method) \(Redactor.redact(request.url)) failed: \(error)")
        }
        return result
    }

    private func report(_ result: TransferResult, for url: URL) {
        guard let connectivity else { return }
        switch result {
        case .success:
            connectivity.record(reachable: true)
        case .failure(let error) where error.isConnectivityFailure:
            connectivity.record(reachable: false)
        case .failure(.connectionDropped), .failure(.responseTooLarge), .failure(.httpStatus),
             .failure(.tooManyRedirects), .failure(.refused):
            // The server was there and talked to us, or the network carried its host's refusal.
            connectivity.record(reachable: true)
        case .failure:
            break
        }
    }
}
