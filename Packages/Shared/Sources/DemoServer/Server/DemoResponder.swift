import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore

/// The request context: Hummingbird's core storage plus the connection, which faults need.
struct DemoContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
    }
}

/// Ends the request's bookkeeping when the response (and its body writer) is released, whether
/// the body was written, failed, or never started because the client left.
private final class RequestToken: Sendable {
    let core: ServerCore

    init(core: ServerCore) { self.core = core }

    deinit { core.requestEnded() }
}

/// Thrown to end a response whose connection was closed on purpose (a `.drop` fault).
private struct ConnectionDropped: Error {}

/// Answers every request from the route table, applying its faults.
struct DemoResponder: HTTPResponder {
    typealias Context = DemoContext

    let core: ServerCore

    /// A body is written in slices of this size, so byte counts and faults are exact enough.
    static let sliceSize = 16 * 1024

    func respond(to request: Request, context: DemoContext) async throws -> Response {
        let arrived = ContinuousClock.now
        let channel = context.channel
        core.track(channel)
        let path = request.uri.path
        let started = core.requestStarted(path: path)
        let (handler, faults, observer) = (started.handler, started.faults, started.observer)
        observer?.requestStarted(method: request.method.rawValue, path: path)
        let token = RequestToken(core: core)

        var delay = started.latency
        for case .delayHeaders(let extra) in faults { delay += extra }
        if delay > .zero { await pause(delay, on: channel) }

        var asked = demoRequest(from: request)
        if [.post, .put, .patch].contains(request.method) {
            (asked.body, asked.bodyExceedsLimit) = await Self.body(of: request, upTo: started.bodyLimit)
        }
        var answer: DemoResponse
        /// The entity tag of a fixed route's body; nil for other answers and once a fault changes the body.
        var knownTag: RouteTable.BodyTag?
        switch handler {
        case .fixed(let response, let tag): (answer, knownTag) = (response, tag)
        case .dynamic(let make): answer = await make(asked)
        case nil: answer = .status(404, body: "no route for \(path)")
        }
        for fault in faults {
            switch fault {
            case .status(let code):
                answer = .status(code, body: "scripted status \(code)")
            case .wrongBody:
                answer.headers["Content-Type"] = "image/jpeg"
                answer.body = Data("<html><body><h1>Not an image</h1></body></html>".utf8)
            case .hostileStrings(let keys):
                answer.body = HostileText.inject(into: answer.body, under: keys)
            case .hostilePage:
                answer = .status(200, body: "<html><body><h1>\(HostileText.payload)</h1>\(HostileText.payload)</body></html>")
                answer.headers["Content-Type"] = "text/html"
            case .compressionBomb(let decodedBytes):
                answer.headers["Content-Encoding"] = "gzip"
                answer.body = HostileText.gzipBomb(decodedBytes: decodedBytes)
            default:
                continue
            }
            knownTag = nil
        }

        let semantics = HTTPSemantics(faults: faults)
            .apply(to: &answer, method: asked.method, headers: asked.headers, bodyTag: knownTag)
        core.answered(semantics)
        observer?.requestAnswered(DemoExchange(method: asked.method, path: path, status: answer.status,
                                               duration: ContinuousClock.now - arrived))

        var headers = HTTPFields()
        for (name, value) in answer.headers where name.lowercased() != "content-length" {
            if let field = HTTPField.Name(name) { headers[field] = value }
        }
        headers[.contentLength] = String(answer.body.count)
        let body = answer.body
        let core = core
        if faults.isEmpty {
            // An answer with no scripted fault goes out whole: Hummingbird writes the head, the body
            // and the end of a buffer body in one write, where a body writer flushes each apart.
            // Such an answer counts as ended once handed over; only faults need to be watched longer.
            core.sent(body.count, path: path)
            withExtendedLifetime(token) {}
            return Response(status: HTTPResponse.Status(code: answer.status), headers: headers,
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        }
        let plan = BodyPlan(faults: faults)
        return Response(
            status: HTTPResponse.Status(code: answer.status),
            headers: headers,
            body: ResponseBody(contentLength: body.count) { writer in
                _ = token
                try await plan.write(body, to: &writer, channel: channel) { count in
                    core.sent(count, path: path)
                }
            }
        )
    }

    /// The whole body, or none and true when it is longer than `limit` (a `Content-Length` past
    /// it is refused before a byte is read; what is left unread is drained after the answer).
    private static func body(of request: Request, upTo limit: Int) async -> (Data, Bool) {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            return (Data(), true)
        }
        do {
            let buffer = try await request.body.collect(upTo: limit)
            return (Data(buffer.readableBytesView), false)
        } catch is NIOTooManyBytesError {
            return (Data(), true)
        } catch {
            // The client went away mid-body: the answer goes nowhere.
            return (Data(), false)
        }
    }

    private func demoRequest(from request: Request) -> DemoRequest {
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters {
            query[String(name)] = String(value)
        }
        var headers: [String: String] = [:]
        for field in request.headers {
            headers[field.name.canonicalName] = field.value
        }
        return DemoRequest(path: request.uri.path, query: query, headers: headers,
                           method: request.method.rawValue)
    }
}

/// How the body goes out: all at once, throttled, stalled or dropped part way.
private struct BodyPlan: Sendable {
    var stallAfter: Int?
    var dropAfter: Int?
    var bytesPerSecond: Int?

    init(faults: [DemoFault]) {
        for fault in faults {
            switch fault {
            case .stall(let bytes): stallAfter = bytes
            case .drop(let bytes): dropAfter = bytes
            case .throttle(let rate): bytesPerSecond = max(1, rate)
            default: break
            }
        }
    }

    func write(_ body: Data, to writer: inout any ResponseBodyWriter, channel: any Channel,
               sent: (Int) -> Void) async throws {
        let cut = [stallAfter, dropAfter].compactMap { $0 }.min().map { min($0, body.count) } ?? body.count
        // Throttled: a slice every 50 ms at the requested rate.
        let slice = bytesPerSecond.map { max(1, $0 / 20) } ?? DemoResponder.sliceSize
        var offset = 0
        while offset < cut {
            let end = min(cut, offset + slice)
            try await writer.write(ByteBuffer(bytes: body[body.startIndex + offset ..< body.startIndex + end]))
            sent(end - offset)
            offset = end
            if bytesPerSecond != nil, offset < cut {
                await pause(.milliseconds(50), on: channel)
                guard channel.isActive else { throw CancellationError() }
            }
        }
        if let dropAfter, dropAfter <= cut, dropAfter < body.count {
            // Let the bytes leave before the connection goes.
            await pause(.milliseconds(10), on: channel)
            try? await channel.close()
            throw ConnectionDropped()
        }
        if stallAfter != nil, cut < body.count {
            // Send nothing more until the client gives up (or the server stops).
            await pause(nil, on: channel)
            throw CancellationError()
        }
        try await writer.finish(nil)
    }
}
