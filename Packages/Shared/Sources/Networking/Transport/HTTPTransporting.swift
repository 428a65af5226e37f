import Foundation

/// Moves one request over the wire: what ``HTTPClient`` runs once a load has its slot.
///
/// The client keeps the promises every transport shares (validation, the concurrency limit,
/// coalescing, connectivity); a transport keeps the ones that need the wire: the deadline, the
/// size limit on the decoded body, http/https only (redirects included), the redirect limit, and
/// cancellation that closes the connection at once.
protocol HTTPTransporting: Sendable {
    /// Runs `request` to its end, telling `observer` of its progress where the engine can. Cancelling
    /// the calling task ends it at once with ``NetworkError/cancelled`` and closes its connection.
    func run(_ request: HTTPRequest, observer: TransferObserver?) async -> TransferResult
    /// Cancels every transfer; later runs end with ``NetworkError/cancelled``.
    func invalidate()
    /// Whether the engine is up: libcurl's is made at the first run, URLSession's with the client.
    var isStarted: Bool { get }
}

/// The outcome of one transfer, delivered once.
typealias TransferResult = Result<HTTPResponse, NetworkError>

extension HTTPClient {
    /// Which engine moves the bytes.
    public enum Transport: String, Sendable, CaseIterable, CustomStringConvertible {
        /// libcurl's multi interface: one multi handle per client, one thread asleep in
        /// `curl_multi_poll` while transfers wait. The default on Linux; not on Apple platforms.
        case curl
        /// Foundation's URLSession: the only one on Apple platforms; on Linux it polls while
        /// transfers wait (about a core for a few idle requests), kept there for comparison.
        case urlSession = "urlsession"

        /// The environment variable that chooses the default transport: `curl` or `urlsession`.
        public static let environmentVariable = "WORKBENCH_TRANSPORT"

        /// The transport this platform uses when nothing says otherwise.
        public static var platformDefault: Transport {
            #if canImport(CCurl)
            .curl
            #else
            .urlSession
            #endif
        }

        /// The transport named by ``environmentVariable`` if it names one, else ``platformDefault``.
        public static func `default`(
            environment: [String: String] = ProcessInfo.processInfo.environment
        ) -> Transport {
            environment[environmentVariable].flatMap(Transport.init(name:)) ?? platformDefault
        }

        /// Reads `curl` or `urlsession` (any case); nil for anything else.
        public init?(name: String) {
            self.init(rawValue: name.lowercased())
        }

        /// True when this platform can run it (curl needs libcurl, which Apple platforms do not get).
        public var isAvailable: Bool {
            #if canImport(CCurl)
            true
            #else
            self == .urlSession
            #endif
        }

        public var description: String { rawValue }
    }

    /// Builds the transport `configuration` names, or URLSession where that one is unavailable.
    static func makeTransport(for configuration: Configuration) -> any HTTPTransporting {
        #if canImport(CCurl)
        if configuration.transport == .curl { return CurlTransport(configuration: configuration) }
        #endif
        return URLSessionTransport(configuration: configuration)
    }
}
