import DemoServer
import Foundation
import Networking
import Locking
import TestSupport
import Testing

@Suite("Connectivity")
struct ConnectivityTests {
    @Test("goes offline when a name does not resolve, back online on success; a refused connection stays online",
          arguments: transports)
    func followsClientResults(transport: HTTPClient.Transport) async throws {
        let server = demoServer { $0.route("/ok", .text("ok")) }
        try await server.run { base in
            let connectivity = Connectivity()
            let client = testClient(transport, connectivity: connectivity)
            var updates = connectivity.updates().makeAsyncIterator()
            #expect(await updates.next() == true)

            let refused = await loadError { () async throws(NetworkError) in
                try await client.data(from: URL(string: "http://127.0.0.1:1/")!)
            }
            // The network carried the refusal: the server is missing, not the internet.
            #expect(refused == .refused(host: "127.0.0.1"))
            #expect(refused?.isConnectivityFailure == false)
            #expect(connectivity.isOnline == true)

            let unresolved = await loadError { () async throws(NetworkError) in
                try await client.data(from: URL(string: "http://nothing.invalid/")!)
            }
            #expect(unresolved?.isConnectivityFailure == true)
            #expect(connectivity.isOnline == false)
            #expect(await updates.next() == false)

            _ = try await client.data(from: base.appendingPathComponent("ok"))
            #expect(connectivity.isOnline == true)
            #expect(await updates.next() == true)
        }
    }

    @Test("an HTTP error status still counts as online; a timeout changes nothing", arguments: transports)
    func statusIsOnline(transport: HTTPClient.Transport) async throws {
        let server = demoServer { server in
            server.route("/missing", .status(404))
            server.route("/slow", .text("slow"))
            server.setFaults([.delayHeaders(.seconds(2))], for: "/slow")
        }
        try await server.run { base async throws in
            let connectivity = Connectivity(initiallyOnline: false)
            let client = testClient(transport, connectivity: connectivity)
            _ = await loadError { () async throws(NetworkError) in try await client.data(from: base.appendingPathComponent("slow")) }
            #expect(connectivity.isOnline == false)
            _ = await loadError { () async throws(NetworkError) in try await client.data(from: base.appendingPathComponent("missing")) }
            #expect(connectivity.isOnline == true)
        }
    }

    @Test("the TCP probe clears offline by itself when the host listens")
    func probeClearsOffline() async throws {
        let server = demoServer()
        try await server.run { base in
            let port = try #require(base.port)
            let connectivity = Connectivity(initiallyOnline: false, probe: .tcp(host: "127.0.0.1", port: port))
            connectivity.startProbing(interval: .milliseconds(20))
            defer { connectivity.stopProbing() }
            #expect(await waitUntil { connectivity.isOnline })
        }
    }

    @Test("the TCP probe counts a refused connection as the network up: the server is what is missing")
    func probeCountsRefusalAsOnline() async {
        let connectivity = Connectivity(initiallyOnline: false, probe: .tcp(host: "127.0.0.1", port: 1))
        #expect(await connectivity.probeNow() == true)
        #expect(connectivity.isOnline)
        #expect(await TCPProbe.outcome(host: "127.0.0.1", port: 1, timeout: .seconds(1)) == .refused)
    }

    @Test("the TCP probe says the network is down only for no route or no answer, never for a refusal")
    func probeVerdicts() {
        #expect(TCPProbe.verdict(ECONNREFUSED) == .refused)
        #expect(TCPProbe.verdict(ECONNRESET) == .refused)
        for code in [ENETUNREACH, EHOSTUNREACH, ENETDOWN, ETIMEDOUT] {
            #expect(TCPProbe.verdict(code) == .unreachable, "errno \(code)")
            #expect(!TCPProbe.verdict(code).networkIsUp)
        }
        #expect(TCPProbe.Outcome.connected.networkIsUp && TCPProbe.Outcome.refused.networkIsUp)
    }

    @Test("probing runs only while offline")
    func probesOnlyWhileOffline() async throws {
        let calls = LockedValue(0)
        let connectivity = Connectivity(initiallyOnline: true, probe: .init {
            calls.withLock { $0 += 1 }
            return true
        })
        let clock = ManualClock()
        connectivity.startProbing(interval: .seconds(1), maxInterval: .seconds(8), sleep: { try await clock.sleep(for: $0) })
        defer { connectivity.stopProbing() }
        // Online, the loop waits for the news that the network went, not for the clock.
        clock.advance(by: .seconds(60))
        connectivity.record(reachable: false)
        // The first wait for a probe comes only now, and nothing was probed before it.
        await clock.waitForSleepers()
        #expect(calls.withLock { $0 } == 0)
        clock.advance(by: .seconds(1))
        #expect(await waitUntil { connectivity.isOnline })
        #expect(calls.withLock { $0 } == 1)
    }
}

@Suite("Connectivity back-off")
struct ConnectivityBackoffTests {
    @Test("while the network stays down the probe backs off, doubling up to its ceiling")
    func backoffDoubles() {
        let delays = (0..<7).map {
            Connectivity.probeDelay(afterFailures: $0, interval: .seconds(2), maxInterval: .seconds(30))
        }
        #expect(delays == [.seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30), .seconds(30), .seconds(30)])
    }

    @Test("a ceiling below the interval never makes the probe faster than the interval")
    func ceilingBelowInterval() {
        #expect(Connectivity.probeDelay(afterFailures: 3, interval: .seconds(5), maxInterval: .seconds(1)) == .seconds(5))
    }
}

@Suite("NetworkError for people")
struct NetworkErrorTests {
    @Test("each case has its stable code", arguments: [
        (NetworkError.offline(host: "a"), "offline"),
        (.hostNotFound(host: "a"), "hostNotFound"),
        (.refused(host: "a"), "refused"),
        (.timedOut(after: .seconds(1)), "timeout"),
        (.cancelled, "cancelled"),
        (.httpStatus(code: 404, url: URL(string: "http://a/")!), "http"),
        (.httpStatus(code: 503, url: URL(string: "http://a/")!), "http"),
        (.connectionDropped(bytesReceived: 3), "dropped"),
        (.responseTooLarge(limit: 1), "tooLarge"),
        (.invalidURL("x"), "invalidURL"),
        (.unsupportedScheme("ftp"), "invalidURL"),
        (.tooManyRedirects(limit: 10), "redirects"),
        (.transport(description: "x"), "dropped"),
    ])
    func codes(error: NetworkError, code: String) {
        #expect(error.userFacingError.code == code)
        #expect(!error.userFacingError.message(in: .english).isEmpty)
        #expect(!error.userFacingError.message(in: .russian).isEmpty)
    }

    @Test("offline and timeout use the seed's phrases in Russian")
    func seedPhrases() {
        #expect(NetworkError.offline(host: "a").userFacingError.message(in: .russian) == "Нет соединения с Интернетом")
        let timeout = NetworkError.timedOut(after: .seconds(30)).userFacingError
        #expect(timeout.message(in: .russian) == "Слишком долгое ожидание / сервер не отвечает")
        // What to do about it (pull down, press r) is the task's to say, not the transport's.
        #expect(timeout.recovery == nil)
    }

    @Test("only the network being down, or a name that does not resolve, is a connectivity failure")
    func connectivityFailure() {
        #expect(NetworkError.offline(host: "a").isConnectivityFailure)
        #expect(NetworkError.hostNotFound(host: "a").isConnectivityFailure)
        #expect(!NetworkError.refused(host: "a").isConnectivityFailure)
        #expect(!NetworkError.timedOut(after: .seconds(1)).isConnectivityFailure)
        #expect(!NetworkError.connectionDropped(bytesReceived: 0).isConnectivityFailure)
    }

    @Test("secrets in a URL never reach the description")
    func redaction() {
        let error = NetworkError.httpStatus(code: 403, url: URL(string: "https://api.example.com/x?api_key=SECRET&page=2")!)
        #expect(!error.description.contains("SECRET"))
        #expect(error.description.contains("page=2"))
    }
}
