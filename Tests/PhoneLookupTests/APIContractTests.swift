import DemoServer
import Foundation
import Networking
import Testing
import PhoneLookup
@testable import lookup

/// The lookup API as `lookup serve` and `--demo` serve it, held against its OpenAPI document.
@Suite("The lookup API and its OpenAPI document")
struct APIContractTests {
    /// A request the tests send, the status it must get, and what to check beyond the document.
    struct Exchange: Sendable, CustomStringConvertible {
        let method: String, path: String, status: Int
        /// A POST's JSON body, sent as `application/json` unless `contentType` says otherwise.
        var body: String?
        var contentType = "application/json"
        var description: String { "\(method) \(path) -> \(status)" }
    }

    static let exchanges: [Exchange] = [
        Exchange(method: "GET", path: "/v1/lookup?number=%2B79994673756", status: 200),
        Exchange(method: "GET", path: "/v1/lookup?number=%2B74951234567&from=US&lang=ru", status: 200),
        Exchange(method: "GET", path: "/v1/lookup?number=112&country=RU", status: 200),
        Exchange(method: "GET", path: "/v1/lookup?number=911&country=us", status: 200),
        Exchange(method: "GET", path: "/v1/lookup?number=%2B18005550123", status: 200),
        Exchange(method: "GET", path: "/v1/lookup?number=112", status: 400),
        Exchange(method: "GET", path: "/v1/lookup?number=4951234567&country=XX", status: 400),
        Exchange(method: "GET", path: "/v1/lookup?number=%2B7999", status: 400),
        Exchange(method: "GET", path: "/v1/lookup", status: 400),
        Exchange(method: "DELETE", path: "/v1/lookup?number=%2B79994673756", status: 405),
        Exchange(method: "POST", path: "/v1/lookup", status: 200,
                 body: #"{"numbers": ["+79994673756", "+7999", "4951234567", "112"], "country": "RU", "from": "US"}"#),
        Exchange(method: "POST", path: "/v1/lookup", status: 200, body: #"{"numbers": []}"#),
        Exchange(method: "POST", path: "/v1/lookup", status: 400, body: #"{"numbers": "+79994673756"}"#),
        Exchange(method: "POST", path: "/v1/lookup", status: 400, body: "numbers=+79994673756"),
        Exchange(method: "POST", path: "/v1/lookup", status: 415, body: #"{"numbers": []}"#, contentType: "text/plain"),
        Exchange(method: "POST", path: "/v1/lookup", status: 413,
                 body: #"{"numbers": [\#(Array(repeating: #""+79994673756""#, count: 1_001).joined(separator: ","))]}"#),
        Exchange(method: "POST", path: "/v1/lookup", status: 413,
                 body: #"{"numbers": ["\#(String(repeating: "1", count: LookupEndpoint.batchBodyLimit))"]}"#),
        Exchange(method: "DELETE", path: "/openapi.json", status: 405),
        Exchange(method: "GET", path: "/", status: 404),
        Exchange(method: "GET", path: "/v2/lookup?number=1", status: 404),
        Exchange(method: "GET", path: "/openapi.json", status: 200),
        Exchange(method: "GET", path: "/healthz", status: 200),
        Exchange(method: "POST", path: "/healthz", status: 405),
        Exchange(method: "GET", path: "/metrics", status: 200),
        Exchange(method: "PUT", path: "/metrics", status: 405),
    ]

    /// Sends every exchange to a server with the lookup routes; returns each response.
    static func run(_ exchanges: [Exchange]) async throws -> [(Exchange, HTTPResponse)] {
        let server = DemoServer()
        try installLookupRoutes(on: server, endpoint: LookupEndpoint(engine: Fixtures.engine, language: .english),
                                metrics: ServeMetrics())
        let client = quickClient(deadline: .seconds(5))
        defer { client.invalidate() }
        return try await server.run { base in
            var answers: [(Exchange, HTTPResponse)] = []
            for exchange in exchanges {
                let url = try #require(URL(string: base.absoluteString + exchange.path))
                let request = HTTPRequest(url: url, method: exchange.method,
                                          headers: exchange.body == nil ? [:] : ["Content-Type": exchange.contentType],
                                          body: exchange.body.map { Data($0.utf8) })
                answers.append((exchange, try await client.send(request)))
            }
            return answers
        }
    }

    @Test("every answer the server gives validates against the OpenAPI document it serves")
    func everyAnswerValidates() async throws {
        let documentData = try #require(LookupEndpoint.document())
        let document = try OpenAPISubset(documentData)
        #expect(document.document["openapi"] as? String == "3.1.0")
        for (exchange, response) in try await Self.run(Self.exchanges) {
            #expect(response.statusCode == exchange.status, "\(exchange)")
            let path = String(exchange.path.prefix { $0 != "?" })
            if document.contentTypes(method: exchange.method, path: path, status: response.statusCode) == ["text/plain"] {
                #expect(response.header("Content-Type")?.hasPrefix("text/plain") == true, "\(exchange)")
                continue
            }
            let schema = try #require(document.responseSchema(method: exchange.method, path: path, status: response.statusCode),
                                      "the document describes \(exchange)")
            let body = try JSONSerialization.jsonObject(with: response.body, options: [.fragmentsAllowed])
            let problems = document.problems(body, against: schema)
            #expect(problems.isEmpty, "\(exchange): \(problems.joined(separator: "; "))")
            if response.statusCode == 405 {
                #expect(response.header("Allow") == LookupEndpoint.allowedMethods(on: path).joined(separator: ", "))
                #expect(document.declaresHeader("Allow", method: exchange.method, path: path, status: 405))
            }
        }
    }

    @Test("the served document is the one kept in the repository")
    func documentInRepository() throws {
        let kept = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Packages/PhoneLookup/Sources/PhoneLookup/Resources/openapi.json")
        #expect(try Data(contentsOf: kept) == LookupEndpoint.document())
    }

    @Test("the validator catches a body that breaks the document")
    func validatorCatches() throws {
        let document = try OpenAPISubset(try #require(LookupEndpoint.document()))
        let schema = try #require(document.responseSchema(method: "GET", path: "/v1/lookup", status: 200))
        let broken: [String: Any] = ["number": "+7", "results": ["x"], "details": ["e164": 7]]
        let problems = document.problems(broken, against: schema)
        #expect(problems.contains("$.details: missing lineType"))
        #expect(problems.contains("$.details.e164: NSNumber is not string") || problems.contains { $0.hasPrefix("$.details.e164") })
    }

    @Test("a number without + is read in the country given, or refused with what to add")
    func nationalNumbers() throws {
        let endpoint = LookupEndpoint(engine: Fixtures.engine, language: .english)
        let national = endpoint.respond(number: "4951234567", country: "RU")
        #expect(national.status == 200)
        let answer = try JSONDecoder().decode(LookupAnswer.self, from: national.body)
        #expect(answer.number == "+74951234567")
        #expect(answer.details?.national == "8 (495) 123-45-67")
        let refused = endpoint.respond(number: "112")
        #expect(refused.status == 400)
        let message = try JSONDecoder().decode(LookupRefusal.self, from: refused.body).error.message
        #expect(message.contains("country=RU"))
        let russian = try JSONDecoder().decode(LookupRefusal.self, from: endpoint.respond(number: "112", lang: "ru").body)
        #expect(russian.error.message.contains("укажите страну"))
    }

    @Test("a 404 lists every path served, the dataset too; a 405's text names the methods its Allow header does")
    func unknownPathAndMethod() throws {
        let endpoint = LookupEndpoint(engine: Fixtures.engine, language: .english, otherPaths: ["/countries.json"])
        let missing = endpoint.respond(method: "GET", path: "/v2/lookup", query: [:])
        #expect(missing.status == 404)
        let text = try #require(String(data: missing.body, encoding: .utf8))
        #expect(text.contains("GET /v1/lookup, POST /v1/lookup, GET /openapi.json, GET /healthz, GET /countries.json"),
                "\(text)")
        let deleted = endpoint.respond(method: "DELETE", path: "/v1/lookup", query: [:])
        #expect(deleted.status == 405 && deleted.headers["Allow"] == "GET, HEAD, POST")
        let refusal = try #require(String(data: deleted.body, encoding: .utf8))
        #expect(refusal.contains("/v1/lookup answers GET, HEAD, POST, not DELETE"), "\(refusal)")
        let posted = endpoint.respond(method: "POST", path: "/healthz", query: [:])
        #expect(posted.status == 405 && posted.headers["Allow"] == "GET, HEAD")
    }

    @Test("112 with country=RU answers Russia's emergency number, with details")
    func emergencyOverAPI() throws {
        let endpoint = LookupEndpoint(engine: Fixtures.engine, language: .english)
        let (status, body) = endpoint.respond(number: "112", country: "RU", lang: "ru")
        #expect(status == 200)
        let answer = try JSONDecoder().decode(LookupAnswer.self, from: body)
        #expect(answer.results.contains("Экстренный номер (Россия)"))
        #expect(answer.details?.shortNumber == .init(emergency: true, cost: "tollFree"))
        #expect(answer.details?.regionCode == "RU")
        #expect(answer.number == "112" && answer.details?.e164 == nil && answer.details?.international == nil)
        #expect(answer.details?.national == "112" && answer.details?.rfc3966 == "tel:112;phone-context=+7")
    }

    @Test("the remote client asks for a short number as dialled, with its country, and gets the emergency answer")
    func remoteShortNumber() async throws {
        try await withLookupRoutes { base in
            let client = quickClient(deadline: .seconds(5))
            defer { client.invalidate() }
            let remote = RemoteLookup(baseURL: base, client: client)
            let number = try Fixtures.number("112", "RU")
            #expect(remote.url(for: number).query == "number=112&country=RU")
            let rows = try await remote.answer(for: number)
            #expect(rows.contains("Emergency number in Russia"))
        }
    }

    /// A server with the routes `lookup serve` installs, for one test.
    func withLookupRoutes(_ body: (URL) async throws -> Void) async throws {
        let server = DemoServer()
        try installLookupRoutes(on: server, endpoint: LookupEndpoint(engine: Fixtures.engine, language: .english))
        try await server.run(body)
    }
}
