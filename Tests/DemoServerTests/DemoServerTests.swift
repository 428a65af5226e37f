import DemoServer
import Foundation
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// Plain URLSession loads, so the server is tested without our own client.
private func fetch(_ url: URL) async throws -> (Data, HTTPURLResponse) {
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    let (data, response) = try await session.data(from: url)
    return (data, try #require(response as? HTTPURLResponse))
}

@Suite("DemoServer")
struct DemoServerTests {
    // How fast it starts is a benchmark figure (`bench fetch` prints it), not a timed test.
    @Test("starts on an OS-chosen loopback port and serves a static route")
    func startsAndServes() async throws {
        let server = DemoServer()
        server.route("/hello.txt", .text("hello"))
        let base = try await server.start()
        #expect(base.host == "127.0.0.1")
        #expect((base.port ?? 0) > 0)
        #expect(server.baseURL == base)

        let (data, response) = try await fetch(base.appendingPathComponent("hello.txt"))
        #expect(response.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == "hello")
        await server.stop()
    }

    @Test("stop is idempotent, safe before start and concurrently, and the port then refuses")
    func stopIsIdempotent() async throws {
        let never = DemoServer()
        await never.stop()

        let server = DemoServer()
        server.route("/x", .text("x"))
        let base = try await server.start()
        async let first: Void = server.stop()
        async let second: Void = server.stop()
        _ = await (first, second)
        await server.stop()
        #expect(server.baseURL == nil)
        await #expect(throws: (any Error).self) { try await fetch(base.appendingPathComponent("x")) }
    }

    @Test("stop ends a stalled response instead of waiting for it")
    func stopEndsStalledResponses() async throws {
        let server = DemoServer()
        server.route("/big", .bytes(Data(count: 100_000)))
        server.setFaults([.stall(afterBytes: 1_000)], for: "/big")
        let base = try await server.start()
        let load = Task { try? await fetch(base.appendingPathComponent("big")) }
        #expect(await server.waitForStats { $0.activeRequests == 1 })
        let clock = ContinuousClock()
        let started = clock.now
        await server.stop()
        #expect(clock.now - started < .seconds(2))
        _ = await load.value
    }

    // Cancelling the server's run with a connection accepted but not yet served traps in NIO
    // ("Deinited NIOAsyncWriter without calling finish()"); a graceful stop serves or closes it.
    @Test("stop while connections are still arriving ends cleanly, every time")
    func stopWhileConnectionsArrive() async throws {
        for _ in 0..<10 {
            let server = DemoServer()
            server.route("/x", .text("x"))
            let base = try await server.start()
            let sockets = (0..<20).map { _ in connectedSocket(port: base.port ?? 0) }
            #expect(sockets.allSatisfy { $0 >= 0 })
            await server.stop()
            #expect(server.baseURL == nil)
            for socket in sockets where socket >= 0 { close(socket) }
        }
    }

    @Test("prefix routes, dynamic handlers with query items, and 404 for anything else")
    func routing() async throws {
        let server = DemoServer()
        server.route("/img/*", .bytes(Data([1, 2, 3]), contentType: "image/png"))
        server.route("/img/special", .text("special"))
        server.route("/echo") { request in .text("q=\(request.query["q"] ?? "-") path=\(request.path)") }
        try await server.run { base in

            let (image, imageResponse) = try await fetch(try #require(URL(string: "/img/7.png", relativeTo: base)))
            #expect(image == Data([1, 2, 3]))
            #expect(imageResponse.value(forHTTPHeaderField: "Content-Type") == "image/png")
            let (special, _) = try await fetch(try #require(URL(string: "/img/special", relativeTo: base)))
            #expect(String(decoding: special, as: UTF8.self) == "special")
            let (echo, _) = try await fetch(try #require(URL(string: "/echo?q=moscow", relativeTo: base)))
            #expect(String(decoding: echo, as: UTF8.self) == "q=moscow path=/echo")
            let (_, missing) = try await fetch(try #require(URL(string: "/nothing", relativeTo: base)))
            #expect(missing.statusCode == 404)
        }
    }

    @Test("routes can be added and changed after start")
    func routesChangeWhileRunning() async throws {
        let server = DemoServer()
        try await server.run { base in
            let url = base.appendingPathComponent("late")
            #expect(try await fetch(url).1.statusCode == 404)
            server.route("/late", .text("one"))
            #expect(String(decoding: try await fetch(url).0, as: UTF8.self) == "one")
            server.route("/late", .json(["answer": 42]))
            let (json, response) = try await fetch(url)
            #expect(response.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("application/json") == true)
            #expect(try JSONDecoder().decode([String: Int].self, from: json) == ["answer": 42])
        }
    }

    @Test("a status fault replaces the answer, and `times` limits it to the next requests")
    func statusFaultForNextRequests() async throws {
        let server = DemoServer()
        server.route("/a", .text("fine"))
        server.setFaults([.status(503)], for: "/a", times: 2)
        try await server.run { base async throws in
            let url = base.appendingPathComponent("a")
            #expect(try await fetch(url).1.statusCode == 503)
            #expect(try await fetch(url).1.statusCode == 503)
            #expect(try await fetch(url).1.statusCode == 200)
        }
    }

    @Test("delayed headers and global latency hold the response back")
    func delays() async throws {
        let server = DemoServer(latency: .milliseconds(100))
        server.route("/slow", .text("slow"))
        server.setFaults([.delayHeaders(.milliseconds(150))], for: "/slow")
        try await server.run { base in
            let clock = ContinuousClock()
            let started = clock.now
            _ = try await fetch(base.appendingPathComponent("slow"))
            let elapsed = clock.now - started
            #expect(elapsed >= .milliseconds(250))
            #expect(elapsed < .seconds(2))
        }
    }

    @Test("wrong body says image/jpeg and sends HTML")
    func wrongBody() async throws {
        let server = DemoServer()
        server.route("/pic.jpg", .bytes(Data([0xFF, 0xD8, 0xFF]), contentType: "image/jpeg"))
        server.setFaults([.wrongBody], for: "/pic.jpg")
        try await server.run { base in
            let (data, response) = try await fetch(base.appendingPathComponent("pic.jpg"))
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "image/jpeg")
            #expect(String(decoding: data, as: UTF8.self).contains("<html>"))
        }
    }

    @Test("a fixed route's ETag is its bytes' own, a request naming it gets 304, a changed body gets its own")
    func fixedRouteValidators() async throws {
        let server = DemoServer()
        let picture = Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3])
        server.route("/pic.jpg", .bytes(picture, contentType: "image/jpeg"))
        server.route("/same.jpg", handler: { _ in .bytes(picture, contentType: "image/jpeg") })
        try await server.run { base in
            let (_, fixed) = try await fetch(base.appendingPathComponent("pic.jpg"))
            let (_, dynamic) = try await fetch(base.appendingPathComponent("same.jpg"))
            let tag = try #require(fixed.value(forHTTPHeaderField: "ETag"))
            // The tag made once for the route is the one every request would have hashed.
            #expect(dynamic.value(forHTTPHeaderField: "ETag") == tag)

            var conditional = URLRequest(url: base.appendingPathComponent("pic.jpg"))
            conditional.setValue(tag, forHTTPHeaderField: "If-None-Match")
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let (_, unchanged) = try await session.data(for: conditional)
            #expect((unchanged as? HTTPURLResponse)?.statusCode == 304)

            server.setFaults([.wrongBody], for: "/pic.jpg")
            let (html, faulted) = try await fetch(base.appendingPathComponent("pic.jpg"))
            #expect(String(decoding: html, as: UTF8.self).contains("<html>"))
            #expect(faulted.value(forHTTPHeaderField: "ETag") != tag)
        }
    }

    @Test("drop closes the connection mid-body; the client sees a failure, the server counts the bytes")
    func dropMidBody() async throws {
        let server = DemoServer()
        server.route("/big", .bytes(Data(count: 200_000)))
        server.setFaults([.drop(afterBytes: 50_000)], for: "/big")
        try await server.run { base async throws in
            await #expect(throws: (any Error).self) { try await fetch(base.appendingPathComponent("big")) }
            #expect(server.stats.bytesSent == 50_000)
        }
    }

    @Test("throttle paces the body at the given rate")
    func throttle() async throws {
        let server = DemoServer()
        server.route("/paced", .bytes(Data(count: 20_000)))
        server.setFaults([.throttle(bytesPerSecond: 50_000)], for: "/paced")
        try await server.run { base in
            let clock = ContinuousClock()
            let started = clock.now
            let (data, _) = try await fetch(base.appendingPathComponent("paced"))
            #expect(data.count == 20_000)
            #expect(clock.now - started >= .milliseconds(300))
        }
    }

    @Test("stats count connections, requests, concurrency and bytes; reset zeroes them")
    func stats() async throws {
        let server = DemoServer()
        server.route("/s", .bytes(Data(count: 1_000)))
        server.setFaults([.delayHeaders(.milliseconds(200))], for: "/s")
        try await server.run { base in
            let url = base.appendingPathComponent("s")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<3 { group.addTask { _ = try await fetch(url) } }
                try await group.waitForAll()
            }
            let stats = server.stats
            #expect(stats.requestsServed == 3)
            #expect(stats.requests(for: "/s") == 3)
            #expect(stats.maxConcurrentRequests == 3)
            #expect(stats.connectionsAccepted == 3)
            #expect(stats.bytesSent == 3_000)
            #expect(await server.waitForStats { $0.activeRequests == 0 })
            server.resetStats()
            #expect(server.stats.requestsServed == 0)
            #expect(server.stats.bytesSent == 0)
        }
    }
}


/// A TCP connection to 127.0.0.1:`port` that sends nothing: the kernel accepts it at once, the
/// server may not have served it yet. Returns -1 when it cannot connect.
private func connectedSocket(port: Int) -> Int32 {
    #if canImport(Glibc)
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard socket >= 0 else { return -1 }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard result == 0 else {
        close(socket)
        return -1
    }
    return socket
}
