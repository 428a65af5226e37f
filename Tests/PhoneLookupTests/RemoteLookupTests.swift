import DemoServer
import TestSupport
import Locking
import ErrorReporting
import Foundation
import Networking
import Testing
import PhoneLookup

@Suite("RemoteLookup against DemoServer")
struct RemoteLookupTests {
    let number = try! Fixtures.number("+79994673756")

    @Test("200: the results, in order, one-to-one")
    func success() async throws {
        try await withDemoServer { _, base in
            let client = quickClient()
            defer { client.invalidate() }
            let results = try await RemoteLookup(baseURL: base, client: client).lookUp(number)
            #expect(results == Fixtures.engine.results(for: number, language: .english))
        }
    }

    @Test("the number travels as %2B plus digits")
    func escapedPlus() {
        let url = RemoteLookup(baseURL: URL(string: "http://127.0.0.1:8090")!, client: quickClient()).url(for: number)
        #expect(url.absoluteString == "http://127.0.0.1:8090/v1/lookup?number=%2B79994673756")
    }

    @Test("400: the service's message becomes the error's localized description")
    func refused() async throws {
        try await withDemoServer { server, base in
            server.route(LookupEndpoint.path, .init(status: 400, body: Data(
                #"{"error":{"code":"invalidNumber","message":"Number is not in service"}}"#.utf8)))
            let client = quickClient()
            defer { client.invalidate() }
            await #expect(throws: LookupError.invalidNumber(message: "Number is not in service")) {
                try await RemoteLookup(baseURL: base, client: client).lookUp(number)
            }
            let error: any Error = LookupError.invalidNumber(message: "Number is not in service")
            #expect(error.localizedDescription == "Number is not in service")
        }
    }

    @Test("500 and other statuses are server errors", arguments: [500, 503, 404])
    func serverError(status: Int) async throws {
        try await withDemoServer { server, base in
            server.setFaults([.status(status)], for: LookupEndpoint.path)
            let client = quickClient()
            defer { client.invalidate() }
            await #expect(throws: LookupError.server(status: status)) {
                try await RemoteLookup(baseURL: base, client: client).lookUp(number)
            }
        }
    }

    @Test("a 200 that is not the contract's JSON is a bad response")
    func badBody() async throws {
        try await withDemoServer { server, base in
            server.route(LookupEndpoint.path, .text("<html>hello</html>"))
            let client = quickClient()
            defer { client.invalidate() }
            await #expect {
                try await RemoteLookup(baseURL: base, client: client).lookUp(number)
            } throws: { error in
                if case .badResponse = error as? LookupError { true } else { false }
            }
        }
    }

    @Test("a server that does not answer in time is a timeout")
    func timeout() async throws {
        try await withDemoServer { server, base in
            server.setFaults([.delayHeaders(.seconds(3))], for: LookupEndpoint.path)
            let client = quickClient(deadline: .milliseconds(300))
            defer { client.invalidate() }
            await #expect {
                try await RemoteLookup(baseURL: base, client: client).lookUp(number)
            } throws: { error in
                (error as? LookupError)?.userFacingError.code == "timeout"
            }
        }
    }

    @Test("a connection dropped mid-answer is reported as dropped")
    func dropped() async throws {
        try await withDemoServer { server, base in
            server.setFaults([.drop(afterBytes: 10)], for: LookupEndpoint.path)
            // The drop comes at once; a roomy deadline keeps a loaded machine from turning it into a timeout.
            let client = quickClient(deadline: .seconds(3))
            defer { client.invalidate() }
            await #expect {
                try await RemoteLookup(baseURL: base, client: client).lookUp(number)
            } throws: { error in
                guard case .network(let network) = error as? LookupError else { return false }
                return network.userFacingError.code == "dropped"
            }
        }
    }

    @Test("no server at all is a refused connection, said as such")
    func offline() async throws {
        let client = quickClient()
        defer { client.invalidate() }
        await #expect {
            try await RemoteLookup(baseURL: URL(string: "http://127.0.0.1:9")!, client: client).lookUp(number)
        } throws: { error in
            (error as? LookupError)?.userFacingError.code == "refused"
        }
    }

    @Test("cancelling a remote lookup closes the request and never calls back")
    @MainActor
    func cancel() async throws {
        try await withDemoServer { server, base in
            server.setFaults([.delayHeaders(.seconds(2))], for: LookupEndpoint.path)
            let client = quickClient(deadline: .seconds(5))
            defer { client.invalidate() }
            let received = Received()
            let remote = EndingLookup(inner: RemoteLookup(baseURL: base, client: client))
            let request = ExactlyOnceLookup(remote).lookUp(number, completion: received.completion)
            #expect(await server.waitForStats { $0.activeRequests == 1 })
            request.cancel()
            // The request is over on both ends (the lookup threw, the server saw the connection
            // close) before the two seconds the server would take: nothing is left to call back.
            await remote.signal.wait { [endings = remote.endings] in !endings.withLock { $0 }.isEmpty }
            #expect(remote.endings.withLock { $0 } == [.cancelled])
            #expect(await server.waitForStats { $0.activeRequests == 0 })
            #expect(received.calls.isEmpty)
        }
    }
}

@Suite("Lookup endpoint: the contract, server side")
struct LookupEndpointTests {
    let endpoint = LookupEndpoint(engine: Fixtures.engine, language: .english)

    func json(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test("a valid number answers 200 with the number and its results")
    func ok() throws {
        let (status, body) = endpoint.respond(number: "+79994673756")
        #expect(status == 200)
        let answer = try JSONDecoder().decode(LookupAnswer.self, from: body)
        #expect(answer.number == "+79994673756")
        #expect(answer.results.first == "Country: Russia (+7 is shared with Kazakhstan)")
    }

    @Test("a + decoded as a space by a form decoder still works")
    func plusAsSpace() {
        #expect(endpoint.respond(number: " 79994673756").status == 200)
    }

    @Test("an invalid or missing number answers 400 with code invalidNumber and a reason",
          arguments: [("+7999", "Too short"), ("", "Enter a phone number"), ("+7abc", "only digits")])
    func refused(number: String, reason: String) throws {
        let (status, body) = endpoint.respond(number: number)
        #expect(status == 400)
        let refusal = try JSONDecoder().decode(LookupRefusal.self, from: body)
        #expect(refusal.error.code == "invalidNumber")
        #expect(refusal.error.message.contains(reason))
    }

    @Test("lang=ru answers in Russian")
    func russian() throws {
        let (_, body) = endpoint.respond(number: "+79994673756", lang: "ru")
        #expect(try JSONDecoder().decode(LookupAnswer.self, from: body).results.first?.hasPrefix("Страна: Россия") == true)
    }
}

/// A backend that says how each answer of `inner` ended, so a test knows when a cancelled lookup
/// is over without sleeping.
struct EndingLookup<Inner: AsyncLookupBackend>: AsyncLookupBackend {
    enum Ending: Equatable { case answered, cancelled, failed }

    let inner: Inner
    let endings = LockedValue<[Ending]>([])
    let signal = Signal()

    func answer(for number: PhoneNumber) async throws -> [String] {
        do {
            let results = try await inner.answer(for: number)
            record(.answered)
            return results
        } catch {
            record(Task.isCancelled ? .cancelled : .failed)
            throw error
        }
    }

    private func record(_ ending: Ending) {
        endings.withLock { $0.append(ending) }
        signal.changed()
    }
}
