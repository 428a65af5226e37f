import DemoServer
import Foundation
@testable import lookup
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

/// A server with the lookup routes and their metrics for `body`, with a quick client and the
/// endpoint it answers from; the server is stopped whether `body` returned or threw.
func withLookupServer(_ body: (URL, HTTPClient, LookupEndpoint) async throws -> Void) async throws {
    let server = DemoServer()
    let endpoint = LookupEndpoint(engine: Fixtures.engine, language: .english)
    try installLookupRoutes(on: server, endpoint: endpoint, metrics: ServeMetrics())
    let client = quickClient(deadline: .seconds(5))
    defer { client.invalidate() }
    try await server.run { base in try await body(base, client, endpoint) }
}
