import ErrorReporting
import Foundation

/// The server side of the lookup contract, answered by the offline engine: what `lookup serve`
/// and `--demo` answer, described by `Resources/openapi.json` (served at `GET /openapi.json`).
///
/// Free of any HTTP server, so the contract can be tested without one. Every failure has the
/// one shape `{"error": {"code", "message"}}`.
package struct LookupEndpoint: Sendable {
    /// The route the contract names.
    package static let path = "/v1/lookup"
    /// Where the OpenAPI document is served.
    package static let documentPath = "/openapi.json"
    /// Where a load balancer or a supervisor asks whether the service is ready.
    package static let healthPath = "/healthz"

    /// One answer: status, header fields and body.
    package struct Response: Sendable {
        package var status: Int
        package var headers: [String: String]
        package var body: Data
        /// What each lookup of the request found, for a service's metrics (see
        /// ``LookupAnswerCache/Answer/found``); empty when it looked nothing up.
        package var lookups: [String] = []
    }

    package let engine: OfflineEngine
    package let parser: PhoneNumberParser
    package let language: Language

    /// Paths served beside the API by whoever hosts it (the dataset), named in the 404's list.
    package let otherPaths: [String]

    /// Answers already encoded, by query.
    package let answers: LookupAnswerCache

    /// The OpenAPI document, read once.
    private let documentBody: Data?

    /// The header fields every answer carries: its type, how long it may be kept, and which
    /// numbering data gave it.
    let commonHeaders: [String: String]

    package init(engine: OfflineEngine, language: Language, otherPaths: [String] = [],
                 answers: LookupAnswerCache = LookupAnswerCache()) {
        self.engine = engine
        parser = PhoneNumberParser(plan: engine.plan)
        self.language = language
        self.otherPaths = otherPaths
        self.answers = answers
        documentBody = Self.document()
        commonHeaders = ["Content-Type": "application/json; charset=utf-8", "Cache-Control": Self.cacheControl,
                         "X-Numbering-Data": engine.plan.version]
    }

    /// Which numbering data answers: libphonenumber's release, as its `VERSION` file names it.
    package var version: String { engine.plan.version }

    /// How long a client or a cache in between may keep an answer without asking again: an
    /// answer changes only with the numbering data, and its `ETag` lets a client revalidate.
    package static let cacheControl = "public, max-age=86400"

    /// The methods every path but the lookup takes: the 405's text and its `Allow` header say the same.
    package static let allowedMethods = ["GET", "HEAD"]

    /// The methods `path` takes: the lookup takes a POST of many numbers too.
    package static func allowedMethods(on path: String) -> [String] {
        path == Self.path ? allowedMethods + ["POST"] : allowedMethods
    }

    /// What the endpoint reads of a request.
    package struct Request: Sendable {
        package var method: String
        package var path: String
        package var query: [String: String]
        /// The `Content-Type` field, if sent.
        package var contentType: String?
        /// The body (of a POST), as much as the server read of it.
        package var body: Data
        /// Whether the server refused to read a body longer than ``LookupEndpoint/batchBodyLimit``.
        package var bodyExceedsLimit: Bool

        package init(method: String, path: String, query: [String: String] = [:], contentType: String? = nil,
                     body: Data = Data(), bodyExceedsLimit: Bool = false) {
            self.method = method
            self.path = path
            self.query = query
            self.contentType = contentType
            self.body = body
            self.bodyExceedsLimit = bodyExceedsLimit
        }
    }

    /// Answers a request without a body.
    package func respond(method: String, path: String, query: [String: String]) -> Response {
        respond(to: Request(method: method, path: path, query: query))
    }

    /// Answers any request the server was given: the lookup, a batch of them, the document, or a
    /// JSON error (404 for a path the API does not have, 405 with `Allow` for a method it does not take).
    package func respond(to request: Request) -> Response {
        let (method, path, query) = (request.method, request.path, request.query)
        let language = query["lang"].flatMap(Language.init(code:)) ?? self.language
        let known = [Self.path, Self.documentPath, Self.healthPath]
        guard known.contains(path) else {
            let list = (["GET \(Self.path)", "POST \(Self.path)"] + (known.dropFirst() + otherPaths).map { "GET \($0)" })
                .joined(separator: ", ")
            return Self.failure(404, code: "notFound", LocalizedText(
                en: "No such path: \(path); the API answers \(list)",
                ru: "Нет такого пути: \(path); API отвечает на \(list)"), language)
        }
        guard Self.allowedMethods(on: path).contains(method) else {
            return refusing(method, on: path, in: language)
        }
        if method == "POST" {
            return respondToBatch(request, language: language)
        }
        if path == Self.healthPath {
            // Ready: this endpoint has its data (a ``LookupService`` says `loading` until it has one).
            var headers = commonHeaders
            headers["Cache-Control"] = "no-store"
            return Response(status: 200, headers: headers, body: Self.encode(Health(
                status: "ready", numberingData: version)))
        }
        if path == Self.documentPath {
            guard let document = documentBody else {
                return Self.failure(500, code: "internal", LocalizedText(en: "The API document is missing",
                                                                    ru: "Описание API не найдено"), language)
            }
            return Response(status: 200, headers: commonHeaders, body: document)
        }
        let answer = cachedAnswer(number: query["number"], country: query["country"], from: query["from"],
                                  lang: query["lang"])
        var headers = commonHeaders
        headers["ETag"] = answer.etag
        return Response(status: answer.status, headers: headers, body: answer.body, lookups: [answer.found])
    }

    /// The answer to one lookup, from the kept answers or made and kept.
    func cachedAnswer(number: String?, country: String?, from: String?, lang: String?) -> LookupAnswerCache.Answer {
        let key = [number, country, from, lang].map { $0 ?? "\u{0}" }.joined(separator: "\u{1}")
        return answers.answer(for: key) { made(number: number, country: country, from: from, lang: lang) }
    }

    /// The 405 for `method` on `path`, with `Allow`, in the API's JSON shape.
    package func refusing(_ method: String, on path: String, in language: Language? = nil) -> Response {
        Self.refusing(method, on: path, in: language ?? self.language)
    }

    /// The 405 for `method` on `path`, with `Allow`, in the API's JSON shape.
    package static func refusing(_ method: String, on path: String, in language: Language) -> Response {
        let allowed = Self.allowedMethods(on: path).joined(separator: ", ")
        var response = Self.failure(405, code: "methodNotAllowed", LocalizedText(
            en: "\(path) answers \(allowed), not \(method)",
            ru: "\(path) отвечает только на \(allowed), а не на \(method)"), language)
        response.headers["Allow"] = allowed
        return response
    }

    /// The status and JSON body for the query values: `number` (`+79994673756`, or national
    /// with `country`), `country` (the ISO code of the region a number without `+` is dialled
    /// in), `from` (adds how to dial it from that region) and `lang` (`ru` or `en`).
    package func respond(number: String?, country: String? = nil, from: String? = nil,
                         lang: String? = nil) -> (status: Int, body: Data) {
        let made = made(number: number, country: country, from: from, lang: lang)
        return (made.status, made.body)
    }

    /// ``respond(number:country:from:lang:)`` with what the lookup found.
    func made(number: String?, country: String?, from: String?, lang: String?)
        -> (status: Int, body: Data, found: String) {
        let language = lang.flatMap(Language.init(code:)) ?? self.language
        guard let number, !number.isEmpty else {
            return refusal(InvalidNumber.empty.text.text(in: language) + " (query parameter \"number\")")
        }
        for (name, value) in [("country", country), ("from", from)] {
            guard let value else { continue }
            guard engine.plan.callingCode(forRegion: value) != nil, value.count == 2 else {
                return (400, Self.encode(LookupRefusal(code: "invalidParameter", message: LocalizedText(
                    en: "\(name)=\(value) is not a region code the numbering data knows (such as RU or US)",
                    ru: "\(name)=\(value): такого кода страны нет в данных нумерации (пример: RU, US)").text(in: language))),
                        "refused")
            }
        }
        // A `+` that a form decoder turned into a space still starts an international number.
        let international = number.hasPrefix("+") || number.hasPrefix(" ")
        let input = international ? "+" + number.trimmingCharacters(in: .whitespaces).drop { $0 == "+" } : number
        guard international || country != nil else {
            return refusal(LocalizedText(
                en: "\(number) has no +: give the country it is dialled in (country=RU) or start it with + and its code",
                ru: "\(number) без +: укажите страну, где его набирают (country=RU), или начните номер с + и кода страны")
                .text(in: language))
        }
        do {
            let parsed = try parser.parse(input, region: international ? nil : country)
            let facts = engine.facts(for: parsed, placesIn: engine.placeLanguage(for: language))
            var results = engine.lines(for: facts, language: language)
            if let from, from.uppercased() != facts.region {
                results.append(engine.dialFromLine(facts, from: from.uppercased(), language: language))
            }
            let answer = LookupAnswer(number: parsed.displayed, results: results,
                                      details: engine.details(for: facts, from: from))
            return (200, Self.encode(answer), answer.details?.lineType ?? "unknown")
        } catch {
            return refusal(error.text.text(in: language))
        }
    }

    private func refusal(_ message: String) -> (status: Int, body: Data, found: String) {
        (400, Self.encode(LookupRefusal(code: "invalidNumber", message: message)), "refused")
    }

    static func failure(_ status: Int, code: String, _ message: LocalizedText, _ language: Language) -> Response {
        Response(status: status, headers: ["Content-Type": "application/json; charset=utf-8"],
                 body: Self.encode(LookupRefusal(code: code, message: message.text(in: language))))
    }

    /// The OpenAPI 3.1 document of this API, as kept in the package's resources.
    package static func document() -> Data? {
        guard let url = Bundle.module.url(forResource: "Resources/openapi", withExtension: "json")
            ?? Bundle.module.url(forResource: "openapi", withExtension: "json", subdirectory: "Resources") else { return nil }
        return try? Data(contentsOf: url)
    }

    static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }
}

/// Data shipped for `--demo` and `lookup serve`: a copy of the task's country dataset.
package enum DemoData {
    /// The dataset as the task's remote file has it (including its `"+ 345"`).
    package static func countriesJSON() throws -> Data {
        guard let url = Bundle.module.url(forResource: "Resources/demo/countries", withExtension: "json")
            ?? Bundle.module.url(forResource: "countries", withExtension: "json", subdirectory: "Resources/demo") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try Data(contentsOf: url)
    }
}

/// What `GET /healthz` answers.
private struct Health: Encodable {
    var status: String
    var numberingData: String
}
