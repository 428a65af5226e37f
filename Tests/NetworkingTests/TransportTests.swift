import DemoServer
import Foundation
import Networking
import Testing

@Suite("HTTPClient transports")
struct TransportTests {
    /// A route whose body is `gzip` bytes, announced as such.
    private static func gzipped(_ gzip: Data) -> DemoResponse {
        DemoResponse(status: 200, headers: ["Content-Type": "application/octet-stream", "Content-Encoding": "gzip"],
                     body: gzip)
    }

    @Test("a small gzip body that unpacks to far more than the cap fails with the size error quickly",
          arguments: transports)
    func compressionBomb(transport: HTTPClient.Transport) async throws {
        // 4 MB of zeros in about 25 KB: under the 100 KB cap on the wire, 40 times over it unpacked.
        let bomb = HostileText.gzipZeros(count: 4_000_000)
        #expect(bomb.count < 100_000)
        let server = demoServer { $0.route("/bomb", Self.gzipped(bomb)) }
        try await server.run { base async throws in
            let client = testClient(transport, deadline: .seconds(5), maxBytes: 100_000)
            let clock = ContinuousClock()
            let started = clock.now
            let error = await loadError { () async throws(NetworkError) in
                try await client.data(from: base.appendingPathComponent("bomb"))
            }
            #expect(error == .responseTooLarge(limit: 100_000))
            #expect(clock.now - started < .seconds(2))
        }
    }

    @Test("a gzip body that unpacks within the cap arrives decoded", arguments: transports)
    func gzipWithinCap(transport: HTTPClient.Transport) async throws {
        let server = demoServer { $0.route("/small", Self.gzipped(HostileText.gzipZeros(count: 60_000))) }
        try await server.run { base in
            let response = try await testClient(transport, maxBytes: 100_000).data(from: base.appendingPathComponent("small"))
            #expect(response.body == Data(count: 60_000))
        }
    }

    @Test("a gzip body that trickles past the deadline times out, whatever it unpacks to", arguments: transports)
    func gzipDeadline(transport: HTTPClient.Transport) async throws {
        let server = demoServer { server in
            server.route("/slow", Self.gzipped(HostileText.gzipZeros(count: 4_000_000)))
            server.setFaults([.throttle(bytesPerSecond: 2_000)], for: "/slow")
        }
        try await server.run { base async throws in
            let client = testClient(transport, deadline: .milliseconds(300))
            let error = await loadError { () async throws(NetworkError) in
                try await client.data(from: base.appendingPathComponent("slow"))
            }
            #expect(error == .timedOut(after: .milliseconds(300)))
        }
    }

    @Test("a redirect is followed and the response names where it ended", arguments: transports)
    func followsRedirect(transport: HTTPClient.Transport) async throws {
        let server = demoServer { server in
            server.route("/hop", DemoResponse(status: 302, headers: ["Location": "/data.txt"]))
            server.route("/data.txt", .text("here"))
        }
        try await server.run { base in
            let response = try await testClient(transport).data(from: base.appendingPathComponent("hop"))
            #expect(String(decoding: response.body, as: UTF8.self) == "here")
            #expect(response.url.path == "/data.txt")
        }
    }

    @Test("a redirect to a scheme other than http or https is never followed", arguments: transports)
    func refusesOtherSchemesOnRedirect(transport: HTTPClient.Transport) async throws {
        let server = demoServer { server in
            server.route("/away", DemoResponse(status: 302, headers: ["Location": "file:///etc/hostname"]))
        }
        try await server.run { base async throws in
            let error = await loadError { () async throws(NetworkError) in
                try await testClient(transport).data(from: base.appendingPathComponent("away"))
            }
            switch transport {
            case .curl:
                // libcurl refuses the scheme itself (CURLOPT_REDIR_PROTOCOLS_STR) and we say which one.
                #expect(error == .unsupportedScheme("file"))
            case .urlSession:
                // FoundationNetworking on Linux never leaves http: it asks the same server for the path
                // (a 404 here); Apple's URLSession asks our delegate, which refuses the scheme.
                #expect(error != nil)
            }
        }
    }

    @Test("a redirect chain longer than the limit fails", arguments: transports)
    func redirectLimit(transport: HTTPClient.Transport) async throws {
        let server = demoServer { server in
            server.route("/loop", DemoResponse(status: 302, headers: ["Location": "/loop"]))
        }
        try await server.run { base async throws in
            let error = await loadError { () async throws(NetworkError) in
                try await testClient(transport, maxRedirects: 3).data(from: base.appendingPathComponent("loop"))
            }
            #expect(error == .tooManyRedirects(limit: 3))
            #expect(server.stats.requests(for: "/loop") == 4)
        }
    }

    #if os(Linux)
    @Test("libcurl's engine starts at a client's first load, not with the client; invalidated first, it never starts")
    func curlStartsAtFirstLoad() async throws {
        let server = demoServer { $0.route("/data.txt", .text("here")) }
        try await server.run { base async throws in
            let client = testClient(.curl)
            #expect(!client.transportIsStarted, "a process that never loads never loads libcurl")
            #expect(try await client.data(from: base.appendingPathComponent("data.txt")).body == Data("here".utf8))
            #expect(client.transportIsStarted)

            let unused = testClient(.curl)
            unused.invalidate()
            let error = await loadError { () async throws(NetworkError) in
                try await unused.data(from: base.appendingPathComponent("data.txt"))
            }
            #expect(error == .cancelled)
            #expect(!unused.transportIsStarted)
            #expect(server.stats.requests(for: "/data.txt") == 1)
        }
    }
    #endif

    @Test("WORKBENCH_TRANSPORT chooses the transport; anything else leaves the platform's")
    func transportFromEnvironment() {
        #expect(HTTPClient.Transport.default(environment: ["WORKBENCH_TRANSPORT": "urlsession"]) == .urlSession)
        #expect(HTTPClient.Transport.default(environment: ["WORKBENCH_TRANSPORT": "CURL"]) == .curl)
        #expect(HTTPClient.Transport.default(environment: ["WORKBENCH_TRANSPORT": "carrier-pigeon"])
                == .platformDefault)
        #expect(HTTPClient.Transport.default(environment: [:]) == .platformDefault)
        #if os(Linux)
        #expect(HTTPClient.Transport.platformDefault == .curl)
        #else
        #expect(HTTPClient.Transport.platformDefault == .urlSession)
        #endif
    }
}
