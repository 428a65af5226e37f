import DemoServer
import ErrorReporting
import Foundation
import PhoneLookup

/// Where the dataset is served beside the API.
let datasetPath = "/countries.json"

/// Puts the lookup contract, its OpenAPI document and the dataset on `server`, answered by
/// `endpoint` (see ``installLookupRoutes(on:service:metrics:)``).
func installLookupRoutes(on server: DemoServer, endpoint: LookupEndpoint, metrics: ServeMetrics? = nil) throws {
    let service = LookupService(language: endpoint.language)
    service.install(endpoint)
    metrics?.answering(with: endpoint.version)
    try installLookupRoutes(on: server, service: service, metrics: metrics)
}

/// Puts the lookup contract, its OpenAPI document and the dataset on `server`: `GET /v1/lookup`,
/// `POST /v1/lookup` (many numbers), `GET /openapi.json`, `GET /healthz` and `GET /countries.json`,
/// answered by whatever data `service` has at each request; with `metrics`, `GET /metrics` too,
/// and every request counted. Any other path answers the API's JSON 404.
func installLookupRoutes(on server: DemoServer, service: LookupService, metrics: ServeMetrics? = nil) throws {
    server.route(datasetPath, .json(try DemoData.countriesJSON()))
    server.requestBodyLimit = LookupEndpoint.batchBodyLimit
    for path in [LookupEndpoint.path, LookupEndpoint.documentPath, "/*"] {
        server.route(path) { request in
            let answer = service.respond(to: LookupEndpoint.Request(
                method: request.method, path: request.path, query: request.query,
                contentType: request.headers["content-type"], body: request.body,
                bodyExceedsLimit: request.bodyExceedsLimit))
            metrics?.counted(lookups: answer.lookups)
            return DemoResponse(status: answer.status, headers: answer.headers, body: answer.body)
        }
    }
    guard let metrics else { return }
    server.route(ServeMetrics.path) { request in
        guard LookupEndpoint.allowedMethods.contains(request.method) else {
            let language = request.query["lang"].flatMap(Language.init(code:)) ?? service.language
            let refused = LookupEndpoint.refusing(request.method, on: ServeMetrics.path, in: language)
            return DemoResponse(status: refused.status, headers: refused.headers, body: refused.body)
        }
        return DemoResponse(status: 200, headers: ["Content-Type": ServeMetrics.contentType, "Cache-Control": "no-store"],
                            body: metrics.render())
    }
    server.observe(with: metrics)
}
