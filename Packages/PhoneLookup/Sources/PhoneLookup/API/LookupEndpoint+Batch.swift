import ErrorReporting
import Foundation

extension LookupEndpoint {
    /// The most numbers one `POST /v1/lookup` may ask about.
    package static let batchLimit = 1_000

    /// The longest body a `POST /v1/lookup` may send: a thousand numbers of up to about a hundred
    /// characters each, with room to spare; a longer one is not read.
    package static let batchBodyLimit = 128 * 1024

    /// What a `POST /v1/lookup` sends: `{"numbers": ["+79994673756", "4951234567"], "country": "RU"}`.
    /// `country`, `from` and `lang` mean what the query parameters of a single lookup mean, and
    /// apply to every number.
    struct Batch: Decodable {
        var numbers: [String]
        var country: String?
        var from: String?
        var lang: String?
    }

    /// Answers a batch: 200 with an array in the order of the numbers, each item the answer a
    /// single lookup gives or its error (`{"error": {"code", "message"}}`); 413 past the limits,
    /// 415 for a body that is not said to be JSON, 400 for one that is not the shape above.
    func respondToBatch(_ request: Request, language: Language) -> Response {
        guard !request.bodyExceedsLimit else {
            return Self.failure(413, code: "bodyTooLarge", LocalizedText(
                en: "The body is longer than \(Self.batchBodyLimit) bytes; send at most \(Self.batchLimit) numbers at once",
                ru: "Тело запроса длиннее \(Self.batchBodyLimit) байт; отправляйте не больше \(Self.batchLimit) номеров за раз"),
                language)
        }
        guard Self.isJSON(request.contentType) else {
            return Self.failure(415, code: "unsupportedMediaType", LocalizedText(
                en: "Send the numbers as JSON, with Content-Type: application/json (not \(request.contentType ?? "none"))",
                ru: "Отправьте номера в JSON с заголовком Content-Type: application/json (а не \(request.contentType ?? "без него"))"),
                language)
        }
        let batch: Batch
        do {
            batch = try JSONDecoder().decode(Batch.self, from: request.body)
        } catch {
            return Self.failure(400, code: "invalidBody", LocalizedText(
                en: "The body is not {\"numbers\": [\"+79994673756\", …], \"country\": \"RU\"}: \(Self.reason(error))",
                ru: "Тело запроса не в виде {\"numbers\": [\"+79994673756\", …], \"country\": \"RU\"}: \(Self.reason(error))"),
                language)
        }
        guard batch.numbers.count <= Self.batchLimit else {
            return Self.failure(413, code: "tooManyNumbers", LocalizedText(
                en: "\(batch.numbers.count) numbers asked at once; the limit is \(Self.batchLimit)",
                ru: "Запрошено номеров: \(batch.numbers.count); за один раз можно не больше \(Self.batchLimit)"),
                language)
        }
        let lang = batch.lang ?? request.query["lang"]
        // Each item is the single answer's encoded bytes, kept or made: the array is joined, never re-encoded.
        var body = Data("[".utf8)
        var found: [String] = []
        found.reserveCapacity(batch.numbers.count)
        for (index, number) in batch.numbers.enumerated() {
            let answer = cachedAnswer(number: number, country: batch.country, from: batch.from, lang: lang)
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body.append(answer.body)
            found.append(answer.found)
        }
        body.append(UInt8(ascii: "]"))
        var headers = commonHeaders
        headers["Cache-Control"] = "no-store"
        return Response(status: 200, headers: headers, body: body, lookups: found)
    }

    /// Whether a `Content-Type` names JSON (`application/json`, with parameters or without).
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return type == "application/json"
    }

    /// What was wrong with the body, in a few words.
    private static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "\(Self.location(context.codingPath)) has the wrong type"
        case .keyNotFound(let key, _):
            "\"\(key.stringValue)\" is missing"
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            "\(Self.location(context.codingPath)) is not valid"
        case .dataCorrupted, nil:
            "not JSON"
        @unknown default:
            "not JSON"
        }
    }

    private static func location(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the body" }
        let text = path.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        return text.hasPrefix(".") ? String(text.dropFirst()) : text
    }
}
