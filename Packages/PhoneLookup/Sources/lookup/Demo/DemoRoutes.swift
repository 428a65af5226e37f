import DemoServer
import PhoneLookup

/// Where the dataset is served beside the API.
let datasetPath = "/countries.json"

/// Puts the lookup contract, its OpenAPI document and the dataset on `server`: `GET /v1/lookup`,
/// `GET /openapi.json` and `GET /countries.json`; any other path answers the API's JSON 404.
func installLookupRoutes(on server: DemoServer, endpoint: LookupEndpoint) throws {
    server.route(datasetPath, .json(try DemoData.countriesJSON()))
    for path in [LookupEndpoint.path, LookupEndpoint.documentPath, "/*"] {
        server.route(path) { request in
            let answer = endpoint.respond(method: request.method, path: request.path, query: request.query)
            return DemoResponse(status: answer.status, headers: answer.headers, body: answer.body)
        }
    }
}
