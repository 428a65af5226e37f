import Foundation

/// One HTTP request as the client sends it.
///
/// ```swift
/// let request = HTTPRequest(url: url, method: "POST", headers: ["Content-Type": "application/json"], body: json)
/// let response = try await client.send(request)
/// ```
public struct HTTPRequest: Sendable, Hashable {
    /// Where to send it; only `http` and `https` are accepted.
    public var url: URL
    /// The method, such as `GET` or `POST`.
    public var method: String
    /// Header fields added on top of the client's configured headers (these win).
    public var headers: [String: String]
    /// The body, if any.
    public var body: Data?

    public init(url: URL, method: String = "GET", headers: [String: String] = [:], body: Data? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
    }
}

/// A complete HTTP response: status, header fields and the whole body.
public struct HTTPResponse: Sendable, Hashable {
    /// The URL the response came from (after redirects).
    public var url: URL
    /// The HTTP status code.
    public var statusCode: Int
    /// Header fields; look them up with ``header(_:)``, which ignores case.
    public var headers: [String: String]
    /// The body, never larger than the client's `maxResponseBytes`.
    public var body: Data

    public init(url: URL, statusCode: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.url = url
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// True for a 2xx status.
    public var isSuccess: Bool { (200..<300).contains(statusCode) }

    /// The value of the header field `name`, compared without regard to case.
    public func header(_ name: String) -> String? {
        if let exact = headers[name] { return exact }
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }
}
