import Foundation

/// What a route answers: status, header fields and body bytes.
public struct DemoResponse: Sendable {
    /// The HTTP status.
    public var status: Int
    /// Header fields; `Content-Length` is always set by the server.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// 200 with `data` as `contentType`.
    public static func bytes(_ data: Data, contentType: String = "application/octet-stream") -> DemoResponse {
        DemoResponse(status: 200, headers: ["Content-Type": contentType], body: data)
    }

    /// 200 with JSON bytes.
    public static func json(_ data: Data) -> DemoResponse {
        .bytes(data, contentType: "application/json; charset=utf-8")
    }

    /// 200 with `value` encoded as JSON; 500 if it cannot be encoded.
    public static func json(_ value: some Encodable & Sendable, encoder: JSONEncoder = JSONEncoder()) -> DemoResponse {
        do {
            return .json(try encoder.encode(value))
        } catch {
            return .status(500, body: "cannot encode JSON: \(error)")
        }
    }

    /// 200 with plain UTF-8 text.
    public static func text(_ text: String) -> DemoResponse {
        .bytes(Data(text.utf8), contentType: "text/plain; charset=utf-8")
    }

    /// `code` with a plain-text body.
    public static func status(_ code: Int, body: String = "") -> DemoResponse {
        DemoResponse(status: code, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(body.utf8))
    }
}

/// What a dynamic route sees of a request.
public struct DemoRequest: Sendable {
    /// The path, such as `/img/3.jpg`.
    public var path: String
    /// Query items; the last one wins when a name repeats.
    public var query: [String: String]
    /// Header fields, names in lower case.
    public var headers: [String: String]
    /// The method, such as `GET`.
    public var method: String
    /// The body of a POST, PUT or PATCH, read whole up to the server's ``DemoServer/requestBodyLimit``;
    /// empty for other methods and for a body past the limit.
    public var body: Data
    /// Whether the body was longer than the limit (said by `Content-Length` or found reading it):
    /// the route then answers 413 without it.
    public var bodyExceedsLimit: Bool

    public init(path: String, query: [String: String] = [:], headers: [String: String] = [:], method: String = "GET",
                body: Data = Data(), bodyExceedsLimit: Bool = false) {
        self.path = path
        self.query = query
        self.headers = headers
        self.method = method
        self.body = body
        self.bodyExceedsLimit = bodyExceedsLimit
    }
}

/// One answered request, as a ``DemoServerObserving`` hears of it.
public struct DemoExchange: Sendable {
    /// The method, such as `GET`.
    public var method: String
    /// The path, without the query.
    public var path: String
    /// The status sent, after validators (a 304 is a 304).
    public var status: Int
    /// From the request head's arrival to the answer being handed to the connection, body read included.
    public var duration: Duration
}

/// Hears of every request the server takes: a service's metrics. Called on the request's own task,
/// so an implementation keeps to what costs little (an atomic add, a short lock).
public protocol DemoServerObserving: Sendable {
    /// A request head arrived (its body, if any, is not read yet).
    func requestStarted(method: String, path: String)
    /// The answer to a request that ``requestStarted(method:path:)`` announced was handed over.
    func requestAnswered(_ exchange: DemoExchange)
}

/// A scripted misbehaviour for a route.
public enum DemoFault: Sendable, Hashable {
    /// Answer with this status instead of the route's (body: a short text).
    case status(Int)
    /// Wait this long before sending the response head.
    case delayHeaders(Duration)
    /// Send this many body bytes, then send nothing more until the client gives up.
    case stall(afterBytes: Int)
    /// Send this many body bytes, then close the connection.
    case drop(afterBytes: Int)
    /// Say `Content-Type: image/jpeg` but send an HTML page.
    case wrongBody
    /// Send the body at this rate.
    case throttle(bytesPerSecond: Int)
    /// Append ``HostileText/payload`` (escape sequences, OSC 52, C1, bidi controls) to every JSON
    /// string value under these keys, at any depth and in arrays: a title, an owner name, a country
    /// name, a server's error message.
    case hostileStrings(keys: Set<String>)
    /// Answer 200 with an HTML page full of ``HostileText/payload`` instead of the route's body: the
    /// "not JSON" preview a client quotes in its error.
    case hostilePage
    /// Send a gzip body (`Content-Encoding: gzip`) that unpacks to `decodedBytes` zero bytes, about
    /// 150 times its size on the wire.
    case compressionBomb(decodedBytes: Int)
    /// Ignore `Range` (answer the whole body with 200), as servers without range support do.
    case ignoreRange
    /// Ignore validators (answer 200 with the body, never 304), as servers without them do.
    case ignoreValidators
}
