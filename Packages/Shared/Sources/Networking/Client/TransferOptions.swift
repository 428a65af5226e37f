/// What a caller adds to one GET besides its URL: header fields (validators, a range) and how soon
/// it should get one of the client's slots.
public struct TransferOptions: Sendable {
    /// Header fields sent with the request (they win over the client's configured ones).
    public var headers: [String: String]
    /// The load's priority while it waits for a slot; nil is ``RequestPriority/Level/normal``.
    public var priority: RequestPriority?
    /// Told of progress, the time to the first byte, and what arrived of a transfer that broke off.
    public var observer: TransferObserver?

    public init(headers: [String: String] = [:], priority: RequestPriority? = nil, observer: TransferObserver? = nil) {
        self.headers = headers
        self.priority = priority
        self.observer = observer
    }
}
