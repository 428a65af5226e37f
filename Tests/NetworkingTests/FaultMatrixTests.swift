import DemoServer
import Foundation
import Networking
import Testing

/// One row of the fault matrix: what the server (or the URL) does, and the error it must become.
struct FaultCase: Sendable, CustomTestStringConvertible {
    enum Target: Sendable {
        /// A path on the DemoServer with these faults.
        case server(path: String, faults: [DemoFault])
        /// A fixed URL that never reaches the DemoServer.
        case url(String)
    }

    let name: String
    let target: Target
    let matches: @Sendable (NetworkError) -> Bool

    var testDescription: String { name }

    static let all: [FaultCase] = [
        FaultCase(name: "refused port → refused, not offline", target: .url("http://127.0.0.1:1/x")) {
            if case .refused(host: "127.0.0.1") = $0 { true } else { false }
        },
        FaultCase(name: ".invalid host → hostNotFound (fails at DNS)", target: .url("http://nothing.invalid/x")) {
            if case .hostNotFound(host: "nothing.invalid") = $0 { true } else { false }
        },
        FaultCase(name: "404 → httpStatus 404", target: .server(path: "/img/1", faults: [.status(404)])) {
            if case .httpStatus(code: 404, _) = $0 { true } else { false }
        },
        FaultCase(name: "500 → httpStatus 500", target: .server(path: "/img/1", faults: [.status(500)])) {
            if case .httpStatus(code: 500, _) = $0 { true } else { false }
        },
        FaultCase(name: "slow headers past the deadline → timedOut",
                  target: .server(path: "/img/1", faults: [.delayHeaders(.seconds(5))])) {
            if case .timedOut(after: .seconds(1)) = $0 { true } else { false }
        },
        FaultCase(name: "stall mid-body past the deadline → timedOut",
                  target: .server(path: "/img/1", faults: [.stall(afterBytes: 10_000)])) {
            if case .timedOut = $0 { true } else { false }
        },
        FaultCase(name: "drop mid-body → connectionDropped",
                  target: .server(path: "/img/1", faults: [.drop(afterBytes: 10_000)])) {
            if case .connectionDropped(let bytes) = $0 { bytes <= 10_000 } else { false }
        },
        FaultCase(name: "oversized body → responseTooLarge", target: .server(path: "/big", faults: [])) {
            if case .responseTooLarge(limit: 100_000) = $0 { true } else { false }
        },
        FaultCase(name: "non-http scheme → unsupportedScheme", target: .url("ftp://127.0.0.1/x")) {
            if case .unsupportedScheme("ftp") = $0 { true } else { false }
        },
        FaultCase(name: "no host → invalidURL", target: .url("http:///x")) {
            if case .invalidURL = $0 { true } else { false }
        },
    ]
}

@Suite("HTTPClient fault matrix")
struct FaultMatrixTests {
    @Test("each fault becomes the right NetworkError, quickly, and nothing is kept",
          arguments: transports, FaultCase.all)
    func faultBecomesError(transport: HTTPClient.Transport, _ fault: FaultCase) async throws {
        let server = demoServer { server in
            server.route("/img/*", .bytes(Data(count: 50_000), contentType: "image/jpeg"))
            server.route("/big", .bytes(Data(count: 200_000)))
        }
        try await server.run { base in
            let client = testClient(transport, maxBytes: 100_000)

            let url: URL
            switch fault.target {
            case .server(let path, let faults):
                server.setFaults(faults, for: path, times: 1)
                url = try #require(URL(string: path, relativeTo: base)?.absoluteURL)
            case .url(let text):
                url = try #require(URL(string: text))
            }

            let clock = ContinuousClock()
            let started = clock.now
            let error = await loadError { () async throws(NetworkError) in try await client.data(from: url) }
            let unwrapped = try #require(error, "the load should fail")
            #expect(fault.matches(unwrapped), "got \(unwrapped)")
            #expect(clock.now - started < .seconds(3))
            #expect(client.inFlightTransferCount == 0)

            // Nothing was cached or kept: once the fault is gone the same URL goes to the server again.
            if case .server(let path, _) = fault.target, path != "/big" {
                let before = server.stats.requests(for: path)
                let response = try await client.data(from: url)
                #expect(response.body.count == 50_000)
                #expect(server.stats.requests(for: path) == before + 1)
            }
        }
    }

    @Test("a Content-Length over the limit fails before the body is read", arguments: transports)
    func tooLargeStopsEarly(transport: HTTPClient.Transport) async throws {
        let server = demoServer { server in
            server.route("/huge", .bytes(Data(count: 5_000_000)))
            server.setFaults([.throttle(bytesPerSecond: 1_000_000)], for: "/huge")
        }
        try await server.run { base async throws in
            let client = testClient(transport, deadline: .seconds(10), maxBytes: 100_000)
            let error = await loadError { () async throws(NetworkError) in
                try await client.data(from: base.appendingPathComponent("huge"))
            }
            #expect(error == .responseTooLarge(limit: 100_000))
            #expect(server.stats.bytesSent < 500_000)
        }
    }

    @Test("send returns a non-2xx response instead of throwing", arguments: transports)
    func sendReturnsAnyStatus(transport: HTTPClient.Transport) async throws {
        let server = demoServer { server in
            server.route("/missing", .status(404, body: "gone"))
        }
        try await server.run { base in
            let request = HTTPRequest(url: base.appendingPathComponent("missing"))
            let response = try await testClient(transport).send(request)
            #expect(response.statusCode == 404)
            #expect(String(decoding: response.body, as: UTF8.self) == "gone")
            #expect(response.header("content-type")?.hasPrefix("text/plain") == true)
        }
    }
}
