import Foundation

extension DemoServer {
    /// What the server saw since it started or since ``DemoServer/resetStats()``.
    public struct Stats: Sendable, Hashable {
        /// TCP connections accepted (a client that reuses its connection adds one, not one per request).
        public var connectionsAccepted = 0
        /// Connections open right now.
        public var openConnections = 0
        /// Connections closed (by either side).
        public var connectionsClosed = 0
        /// When the server last saw a connection close, on `ContinuousClock` (tests measure
        /// "closed within N ms" from the server's side with it).
        public var lastConnectionClosedAt: ContinuousClock.Instant?
        /// Requests received (counted when the request head arrives).
        public var requestsServed = 0
        /// Requests being answered right now (from the head arriving to the last body byte).
        public var activeRequests = 0
        /// The most requests that were being answered at the same moment.
        public var maxConcurrentRequests = 0
        /// Body bytes written to clients.
        public var bytesSent = 0
        /// Requests per path.
        public var requestsByPath: [String: Int] = [:]
        /// Body bytes written per path.
        public var bytesSentByPath: [String: Int] = [:]
        /// Requests that carried a validator (`If-None-Match` or `If-Modified-Since`).
        public var conditionalRequests = 0
        /// `304 Not Modified` answers.
        public var notModifiedResponses = 0
        /// Requests that asked for a `Range`.
        public var rangeRequests = 0
        /// `206 Partial Content` answers.
        public var partialResponses = 0

        public init() {}

        /// Requests received for `path`.
        public func requests(for path: String) -> Int { requestsByPath[path] ?? 0 }
    }
}
