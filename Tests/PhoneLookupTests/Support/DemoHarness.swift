import DemoServer
import Foundation
import Networking
import PhoneLookup

/// A DemoServer on 127.0.0.1 with an OS-chosen port, serving the lookup contract and the dataset;
/// one per test, stopped at the end.
func withDemoServer<T>(
    isolation: isolated (any Actor)? = #isolation, _ body: (DemoServer, URL) async throws -> T
) async throws -> T {
    let server = DemoServer()
    let endpoint = LookupEndpoint(engine: Fixtures.engine, language: .english)
    server.route("/countries.json", .json(Fixtures.countriesData))
    server.route(LookupEndpoint.path) { request in
        let (status, body) = endpoint.respond(number: request.query["number"], lang: request.query["lang"])
        return DemoResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }
    return try await server.run { base in try await body(server, base) }
}

/// A client with a short deadline, so timeouts take a fraction of a second.
func quickClient(deadline: Duration = .milliseconds(400)) -> HTTPClient {
    HTTPClient(configuration: .init(deadline: deadline))
}
