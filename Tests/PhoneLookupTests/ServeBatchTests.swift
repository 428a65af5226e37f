import DemoServer
import Foundation
import Networking
@testable import lookup
import PhoneLookup
import Testing

/// `POST /v1/lookup`: many numbers in one request, each answered as it would be alone (issue 35).
@Suite("lookup serve's batch lookup")
struct ServeBatchTests {
    @Test("the answers come in the order of the numbers, each byte for byte the single answer or its error")
    func orderAndMixedItems() async throws {
        try await withLookupServer { base, client, _ in
            let numbers = ["+79994673756", "+7999", "4951234567", "112", "+18005550123"]
            let response = try await post(base, client, ["numbers": numbers, "country": "RU", "lang": "ru"])
            #expect(response.statusCode == 200)
            #expect(response.header("X-Numbering-Data") == Fixtures.engine.plan.version)
            let items = try #require(try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]])
            #expect(items.count == numbers.count)
            for (number, item) in zip(numbers, items) {
                let query = "number=\(number.replacingOccurrences(of: "+", with: "%2B"))&country=RU&lang=ru"
                let single = try await client.send(HTTPRequest(url: try #require(URL(string: "\(base)/v1/lookup?\(query)"))))
                let alone = try JSONSerialization.jsonObject(with: single.body) as? [String: Any]
                #expect(NSDictionary(dictionary: item).isEqual(to: alone ?? [:]), "\(number)")
                #expect((item["error"] != nil) == (single.statusCode == 400), "\(number)")
            }
            #expect((items[1]["error"] as? [String: Any])?["code"] as? String == "invalidNumber")
            #expect(items[2]["number"] as? String == "+74951234567")
        }
    }

    @Test("1,000 numbers are answered; 1,001 are refused with 413 and a JSON error")
    func countLimit() async throws {
        try await withLookupServer { base, client, _ in
            let thousand = (0..<LookupEndpoint.batchLimit).map { "+7999467" + String(format: "%04d", $0) }
            let answered = try await post(base, client, ["numbers": thousand])
            #expect(answered.statusCode == 200)
            let items = try #require(try JSONSerialization.jsonObject(with: answered.body) as? [[String: Any]])
            #expect(items.map { $0["number"] as? String } == thousand)

            let refused = try await post(base, client, ["numbers": thousand + ["+79994673756"]])
            #expect(refused.statusCode == 413)
            #expect(try code(of: refused) == "tooManyNumbers")
            let scrape = try await Scrape.read(base, client)
            #expect(scrape.value("lookup_lookups_total", [("line_type", "mobile")]) == 1_000)
            #expect(scrape.value("lookup_http_requests_total", [("endpoint", "/v1/lookup"), ("method", "POST"),
                                                                ("status", "413")]) == 1)
        }
    }

    @Test("a body past the limit is refused with 413 unread; malformed JSON is 400; another content type 415")
    func bodyLimits() async throws {
        try await withLookupServer { base, client, _ in
            let long = Data(("{\"numbers\": [\"" + String(repeating: "7", count: LookupEndpoint.batchBodyLimit) + "\"]}").utf8)
            let tooLong = try await send(base, client, long)
            #expect(tooLong.statusCode == 413)
            #expect(try code(of: tooLong) == "bodyTooLarge")

            let malformed = try await send(base, client, Data(#"{"numbers": ["+79994673756""#.utf8))
            #expect(malformed.statusCode == 400)
            #expect(try code(of: malformed) == "invalidBody")
            let wrongShape = try await send(base, client, Data(#"{"numbers": [79994673756]}"#.utf8))
            #expect(wrongShape.statusCode == 400)
            let message = try JSONDecoder().decode(LookupRefusal.self, from: wrongShape.body).error.message
            #expect(message.contains("numbers[0] has the wrong type"), "\(message)")

            let form = try await send(base, client, Data("numbers=%2B79994673756".utf8),
                                      contentType: "application/x-www-form-urlencoded")
            #expect(form.statusCode == 415)
            #expect(try code(of: form) == "unsupportedMediaType")

            // The connection is still good after a refused body: the next request is answered.
            #expect(try await post(base, client, ["numbers": ["+79994673756"]]).statusCode == 200)
        }
    }
}

private func post(_ base: URL, _ client: HTTPClient, _ body: [String: Any]) async throws -> HTTPResponse {
    try await send(base, client, try JSONSerialization.data(withJSONObject: body))
}

private func send(_ base: URL, _ client: HTTPClient, _ body: Data,
                  contentType: String = "application/json") async throws -> HTTPResponse {
    try await client.send(HTTPRequest(url: base.appendingPathComponent("v1/lookup"), method: "POST",
                                      headers: ["Content-Type": contentType], body: body))
}

private func code(of response: HTTPResponse) throws -> String {
    try JSONDecoder().decode(LookupRefusal.self, from: response.body).error.code
}
