import DemoServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import Testing

/// What a service built on the demo server needs beyond fixed answers: request bodies within a
/// limit, and an observer for its metrics.
@Suite("DemoServer request bodies and observers")
struct DemoServerBodyTests {
    /// A server whose `/echo` answers a body within 16 bytes with it, and one past them with 413.
    static func startEcho() async throws -> (DemoServer, URL) {
        let server = DemoServer()
        server.requestBodyLimit = 16
        server.route("/echo") { request in
            DemoResponse(status: request.bodyExceedsLimit ? 413 : 200, body: request.body)
        }
        return (server, try await server.start())
    }

    @Test("a POST's body reaches its route whole; one past the limit is not read, and the route is told")
    func bodies() async throws {
        let (server, base) = try await Self.startEcho()
        let url = base.appendingPathComponent("echo")
        try await server.whileRunning {
            let (echoed, fits) = try await send(url, method: "POST", body: Data("sixteen bytes ok".utf8))
            #expect(fits.statusCode == 200 && echoed == Data("sixteen bytes ok".utf8))
            let (nothing, past) = try await send(url, method: "POST", body: Data("seventeen bytes !".utf8))
            #expect(past.statusCode == 413 && nothing.isEmpty)
            let (none, get) = try await send(url, method: "GET", body: nil)
            #expect(get.statusCode == 200 && none.isEmpty)
        }
    }

    @Test("a body held back for Expect: 100-continue is asked for at once; one past the limit is refused unsent")
    func expectContinue() async throws {
        let (server, base) = try await Self.startEcho()
        let port = try #require(base.port)
        try await server.whileRunning {
            let body = Data("sixteen bytes ok".utf8)
            let fits = try HandSentRequest(
                port: port, head: "POST /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 16",
                firstPart: Data())
            // The 100 comes before any of the body is sent: a client that waits for it goes on at once.
            #expect(try await fits.response().status == 100)
            try fits.send(body)
            let echoed = try await fits.response()
            #expect(echoed.status == 200 && echoed.body == body)

            let past = try HandSentRequest(
                port: port, head: "POST /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 17",
                firstPart: Data())
            #expect(try await past.response().status == 413)
        }
    }

    @Test("an observer hears of each request as it starts, then of its status and how long it took")
    func observer() async throws {
        let server = DemoServer()
        let heard = Heard()
        server.observe(with: heard)
        server.route("/x", .text("x"))
        let base = try await server.start()
        try await server.whileRunning {
            _ = try await send(base.appendingPathComponent("x"), method: "GET", body: nil)
            _ = try await send(base.appendingPathComponent("missing"), method: "DELETE", body: nil)
        }
        #expect(heard.started == ["GET /x", "DELETE /missing"])
        #expect(heard.answered.map { "\($0.method) \($0.path) \($0.status)" } == ["GET /x 200", "DELETE /missing 404"])
        #expect(heard.answered.allSatisfy { $0.duration > .zero })
    }
}

/// What an observer was told, in order.
private final class Heard: DemoServerObserving, @unchecked Sendable {
    // Every access holds the lock.
    private let lock = NSLock()
    private var startedLines: [String] = []
    private var answeredExchanges: [DemoExchange] = []

    var started: [String] { lock.withLock { startedLines } }
    var answered: [DemoExchange] { lock.withLock { answeredExchanges } }

    func requestStarted(method: String, path: String) {
        lock.withLock { startedLines.append("\(method) \(path)") }
    }

    func requestAnswered(_ exchange: DemoExchange) {
        lock.withLock { answeredExchanges.append(exchange) }
    }
}

/// One request through a plain URLSession: the body and the response.
private func send(_ url: URL, method: String, body: Data?) async throws -> (Data, HTTPURLResponse) {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    let (data, response) = try await session.data(for: request)
    return (data, try #require(response as? HTTPURLResponse))
}
