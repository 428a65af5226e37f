import DemoServer
import Foundation
import Networking
import TestSupport
import Testing

@Suite("HTTPClient behaviour")
struct ClientBehaviourTests {
    @Test("N sequential loads reuse one connection (server-side count)", arguments: transports)
    func sessionReuse(transport: HTTPClient.Transport) async throws {
        let server = demoServer { $0.route("/img/*", .bytes(Data(count: 30_000))) }
        try await server.run { base in
            let client = testClient(transport, deadline: .seconds(2))
            for index in 0..<8 {
                let response = try await client.data(from: base.appendingPathComponent("img/\(index)"))
                #expect(response.body.count == 30_000)
            }
            #expect(server.stats.requestsServed == 8)
            #expect(server.stats.connectionsAccepted == 1)
        }
    }

    @Test("N concurrent identical GETs make one request and all get the body", arguments: transports)
    func coalescing(transport: HTTPClient.Transport) async throws {
        let server = demoServer { server in
            server.route("/same", .bytes(Data(repeating: 7, count: 40_000)))
            server.setFaults([.delayHeaders(.milliseconds(300))], for: "/same")
        }
        try await server.run { base in
            let client = testClient(transport, deadline: .seconds(2))
            let url = base.appendingPathComponent("same")
            let bodies = try await withThrowingTaskGroup(of: Data.self) { group in
                for _ in 0..<10 { group.addTask { try await client.data(from: url).body } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(bodies.count == 10)
            #expect(bodies.allSatisfy { $0 == Data(repeating: 7, count: 40_000) })
            #expect(server.stats.requests(for: "/same") == 1)
        }
    }

    @Test("cancelling one coalesced caller leaves the shared transfer to the others", arguments: transports)
    func coalescedCancellationIsPerCaller(transport: HTTPClient.Transport) async throws {
        let server = demoServer { server in
            server.route("/shared", .bytes(Data(count: 20_000)))
            server.setFaults([.delayHeaders(.seconds(1))], for: "/shared")
        }
        try await server.run { base in
            let client = testClient(transport, deadline: .seconds(2))
            let url = base.appendingPathComponent("shared")
            let leaving = Task { () async throws(NetworkError) in try await client.data(from: url) }
            let staying = Task { () async throws(NetworkError) in try await client.data(from: url) }
            #expect(await server.waitForStats { $0.activeRequests == 1 })
            let clock = ContinuousClock()
            let cancelledAt = clock.now
            leaving.cancel()
            let left = await leaving.result
            // The leaver returns at once, long before the shared transfer's headers (1 s away) arrive.
            #expect(clock.now - cancelledAt < .milliseconds(500))
            guard isCancelled(left) else {
                Issue.record("the cancelled caller should get .cancelled, got \(left)")
                return
            }
            let stayed = try await staying.value
            #expect(stayed.body.count == 20_000)
            #expect(server.stats.requests(for: "/shared") == 1)
        }
    }

    @Test("when every coalesced caller cancels, the transfer is cancelled and the connection closes",
          arguments: transports)
    func allCallersCancelCancelsTransfer(transport: HTTPClient.Transport) async throws {
        let server = demoServer { server in
            server.route("/slow", .bytes(Data(count: 1_000_000)))
            server.setFaults([.throttle(bytesPerSecond: 200_000)], for: "/slow")
        }
        try await server.run { base async throws in
            let client = testClient(transport, deadline: .seconds(5))
            let url = base.appendingPathComponent("slow")
            let callers = (0..<3).map { _ in Task { () async throws(NetworkError) in try await client.data(from: url) } }
            #expect(await server.waitForStats { $0.bytesSent > 20_000 })
            for caller in callers { caller.cancel() }
            for caller in callers {
                let result = await caller.result
                guard isCancelled(result) else {
                    Issue.record("expected .cancelled, got \(result)")
                    continue
                }
            }
            #expect(await server.waitForStats(timeout: .milliseconds(500)) { $0.openConnections == 0 })
            #expect(server.stats.bytesSent < 300_000)
            #expect(client.inFlightTransferCount == 0)
        }
    }

    @Test("POSTs are never coalesced", arguments: transports)
    func postsAreNotCoalesced(transport: HTTPClient.Transport) async throws {
        let server = demoServer { server in
            server.route("/submit", .text("ok"))
            server.setFaults([.delayHeaders(.milliseconds(100))], for: "/submit")
        }
        try await server.run { base in
            let client = testClient(transport, deadline: .seconds(2))
            let request = HTTPRequest(url: base.appendingPathComponent("submit"), method: "POST", body: Data("a".utf8))
            async let first = client.send(request)
            async let second = client.send(request)
            let statuses = try await [first.statusCode, second.statusCode]
            #expect(statuses == [200, 200])
            #expect(server.stats.requests(for: "/submit") == 2)
        }
    }

    @Test("with limit k the server never sees more than k requests at once",
          arguments: transports, [1, 2, 4])
    func concurrencyLimit(transport: HTTPClient.Transport, limit: Int) async throws {
        let server = demoServer { server in
            server.route("/img/*", .bytes(Data(count: 10_000)))
            // Long enough that the first k requests overlap on the server even on a loaded machine.
            server.setFaults([.delayHeaders(.milliseconds(100))], for: "/img/*")
        }
        try await server.run { base in
            let client = testClient(transport, deadline: .seconds(2), limit: limit)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<8 {
                    group.addTask { _ = try await client.data(from: base.appendingPathComponent("img/\(index)")) }
                }
                try await group.waitForAll()
            }
            #expect(server.stats.requestsServed == 8)
            #expect(server.stats.maxConcurrentRequests == limit)
        }
    }

    @Test("time queued behind the limit does not count against the deadline", arguments: transports)
    func queueTimeIsNotDeadlineTime(transport: HTTPClient.Transport) async throws {
        let server = demoServer { server in
            server.route("/img/*", .bytes(Data(count: 1_000)))
            server.setFaults([.delayHeaders(.milliseconds(250))], for: "/img/*")
        }
        try await server.run { base in
            // Four loads of 250 ms each through one slot: a second in all, each well inside 800 ms
            // (the margin is wide so a loaded CI machine cannot push one load past its own deadline).
            let client = testClient(transport, deadline: .milliseconds(800), limit: 1)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<4 {
                    group.addTask { _ = try await client.data(from: base.appendingPathComponent("img/\(index)")) }
                }
                try await group.waitForAll()
            }
            #expect(server.stats.maxConcurrentRequests == 1)
        }
    }

    @Test("cancelling a load mid-body throws cancelled at once and the server sees the socket close within 100 ms",
          arguments: transports)
    func cancellationClosesConnection(transport: HTTPClient.Transport) async throws {
        // Three cancellations in a row: every one closes its socket within a second, and the fastest
        // within 100 ms. The mechanism is what is measured; on two cores shared with the whole
        // parallel test run, a single measurement also measures the scheduler.
        var closeTimes: [Duration] = []
        for _ in 0..<3 {
            guard let closedAfter = try await cancelMidBody(transport) else { return }
            closeTimes.append(closedAfter)
        }
        #expect(closeTimes.allSatisfy { $0 < .seconds(1) })
        #expect(try #require(closeTimes.min()) < .milliseconds(100), "close times: \(closeTimes)")
    }

    /// Starts a slow download, cancels it mid-body, checks the caller got `.cancelled` at once, and
    /// returns how long after the cancel the server saw the socket close (nil after a recorded issue).
    private func cancelMidBody(_ transport: HTTPClient.Transport) async throws -> Duration? {
        let server = demoServer { server in
            server.route("/movie", .bytes(Data(count: 2_000_000)))
            server.setFaults([.throttle(bytesPerSecond: 400_000)], for: "/movie")
        }
        return try await server.run { base async throws -> Duration? in
            let client = testClient(transport, deadline: .seconds(10))
            let load = Task { () async throws(NetworkError) in try await client.data(from: base.appendingPathComponent("movie")) }
            #expect(await server.waitForStats { $0.bytesSent >= 40_000 })
            #expect(server.stats.openConnections == 1)

            let clock = ContinuousClock()
            let cancelledAt = clock.now
            load.cancel()
            let result = await load.result
            let answeredAfter = clock.now - cancelledAt
            #expect(await server.waitForStats(timeout: .seconds(2)) { $0.openConnections == 0 })
            let closedAt = try #require(server.stats.lastConnectionClosedAt)
            guard isCancelled(result) else {
                Issue.record("expected .cancelled, got \(result)")
                return nil
            }
            // The transfer had 5 s to go; the caller is answered long before that.
            #expect(answeredAfter < .milliseconds(500))
            return closedAt - cancelledAt
        }
    }

    @Test("a load waiting in the queue can be cancelled and never reaches the server", arguments: transports)
    func cancelWhileQueued(transport: HTTPClient.Transport) async throws {
        let server = demoServer { server in
            server.route("/img/*", .bytes(Data(count: 1_000)))
            server.setFaults([.delayHeaders(.milliseconds(200))], for: "/img/*")
        }
        try await server.run { base in
            let client = testClient(transport, deadline: .seconds(2), limit: 1)
            let first = Task { () async throws(NetworkError) in try await client.data(from: base.appendingPathComponent("img/1")) }
            #expect(await server.waitForStats { $0.activeRequests == 1 })
            let queued = Task { () async throws(NetworkError) in try await client.data(from: base.appendingPathComponent("img/2")) }
            #expect(await waitUntil { client.waitingForSlotCount == 1 }, "the second load waits for the one slot")
            queued.cancel()
            guard isCancelled(await queued.result) else {
                Issue.record("the queued load should be cancelled")
                return
            }
            _ = try await first.value
            #expect(server.stats.requests(for: "/img/2") == 0)
        }
    }

    @Test("the response carries status, headers and the final URL", arguments: transports)
    func responseShape(transport: HTTPClient.Transport) async throws {
        let server = demoServer { server in
            server.route("/data.json", .json(Data(#"{"a":1}"#.utf8)))
        }
        try await server.run { base in
            let url = base.appendingPathComponent("data.json")
            let response = try await testClient(transport).data(from: url)
            #expect(response.statusCode == 200)
            #expect(response.url == url)
            #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
            #expect(try await testClient(transport).data(for: url) == Data(#"{"a":1}"#.utf8))
        }
    }

    @Test("an invalidated client refuses further loads", arguments: transports)
    func invalidate(transport: HTTPClient.Transport) async throws {
        let server = demoServer { $0.route("/x", .text("x")) }
        try await server.run { base async throws in
            let client = testClient(transport)
            client.invalidate()
            let error = await loadError { () async throws(NetworkError) in try await client.data(from: base.appendingPathComponent("x")) }
            #expect(error != nil)
        }
    }
}
