import DemoServer
import PhoneLookup

/// Puts the lookup contract and the dataset on `server`: `GET /v1/lookup` and `GET /countries.json`.
func installLookupRoutes(on server: DemoServer, endpoint: LookupEndpoint) throws {
    server.route("/countries.json", .json(try DemoData.countriesJSON()))
    server.route(LookupEndpoint.path) { request in
        let (status, body) = endpoint.respond(number: request.query["number"], lang: request.query["lang"])
        return DemoResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: body)
    }
}
