import Foundation
import Locking

/// Bytes received so far and the total the response announced (nil when it announced none).
public struct TransferProgress: Sendable, Hashable {
    /// Body bytes received so far.
    public var received: Int
    /// The body's length as its head announced it.
    public var expected: Int?

    public init(received: Int, expected: Int?) {
        self.received = received
        self.expected = expected
    }

    /// The share received, 0...1, when the total is known.
    public var fraction: Double? {
        guard let expected, expected > 0 else { return nil }
        return min(1, Double(received) / Double(expected))
    }
}

/// What arrived of a transfer that broke off part-way: its status, head and the body bytes so far,
/// which a caller can keep and complete later with a `Range` request.
public struct PartialResponse: Sendable, Hashable {
    public var statusCode: Int
    public var headers: [String: String]
    public var body: Data

    public init(statusCode: Int, headers: [String: String], body: Data) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// The value of the header field `name`, compared without regard to case.
    public func header(_ name: String) -> String? {
        HTTPResponse(url: URL(fileURLWithPath: "/"), statusCode: statusCode, headers: headers).header(name)
    }
}

/// Watches one transfer on the libcurl transport: progress as the body arrives (called on the
/// transport's thread: keep it short), the time to the first byte, and what arrived of a transfer
/// that broke off. A coalesced GET reports to the observer of the caller that started it.
///
/// ```swift
/// let observer = TransferObserver { progress in print(progress.received, progress.expected ?? -1) }
/// _ = try await client.send(HTTPRequest(url: url), observer: observer)
/// ```
public final class TransferObserver: Sendable {
    private struct Record {
        var timeToFirstByte: Duration?
        var partial: PartialResponse?
    }

    private let onProgress: (@Sendable (TransferProgress) -> Void)?
    private let record = LockedValue(Record())

    /// - Parameter onProgress: called with each piece of the body that arrives.
    public init(onProgress: (@Sendable (TransferProgress) -> Void)? = nil) {
        self.onProgress = onProgress
    }

    /// From the transfer's start to the first byte of the response, once the transfer ended.
    public var timeToFirstByte: Duration? { record.withLock { $0.timeToFirstByte } }

    /// What arrived of the last transfer that broke off after its head; nil after one that did not.
    public var partial: PartialResponse? { record.withLock { $0.partial } }

    func report(_ progress: TransferProgress) {
        onProgress?(progress)
    }

    func ended(timeToFirstByte: Duration?, partial: PartialResponse?) {
        record.withLock { record in
            record.timeToFirstByte = timeToFirstByte
            record.partial = partial
        }
    }
}
