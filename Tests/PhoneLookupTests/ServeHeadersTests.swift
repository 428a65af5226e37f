import DemoServer
import Foundation
import Networking
@testable import lookup
import PhoneLookup
import Testing

/// What a team running `lookup serve` expects of its answers beyond their bodies (issue 35).
@Suite("lookup serve's health, data version and caching")
struct ServeHeadersTests {
    @Test("/healthz says ready and names the numbering data, which every answer's X-Numbering-Data names too")
    func health() async throws {
        try await withLookupServer { base, client, _ in
            let health = try await client.send(HTTPRequest(url: base.appendingPathComponent("healthz")))
            #expect(health.statusCode == 200)
            #expect(health.header("Cache-Control") == "no-store")
            let body = try #require(try JSONSerialization.jsonObject(with: health.body) as? [String: String])
            #expect(body["status"] == "ready")
            let version = try #require(body["numberingData"])
            #expect(version.hasPrefix("libphonenumber "), "\(version)")
            let answer = try await client.send(HTTPRequest(url: try lookupURL(base, "%2B79994673756")))
            #expect(answer.header("X-Numbering-Data") == version)
        }
    }

    @Test("an answer carries an ETag and Cache-Control; asked again with its ETag it is 304 with no body")
    func conditional() async throws {
        try await withLookupServer { base, client, _ in
            let url = try lookupURL(base, "%2B79994673756")
            let first = try await client.send(HTTPRequest(url: url))
            #expect(first.statusCode == 200)
            #expect(first.header("Cache-Control") == "public, max-age=86400")
            let etag = try #require(first.header("ETag"))
            let again = try await client.send(HTTPRequest(url: url, headers: ["If-None-Match": etag]))
            #expect(again.statusCode == 304)
            #expect(again.body.isEmpty)
            let other = try await client.send(HTTPRequest(url: url, headers: ["If-None-Match": "\"another\""]))
            #expect(other.statusCode == 200)
            #expect(other.body == first.body)
        }
    }

    @Test("a query asked again is answered from the encoded answers, byte for byte, and each language apart")
    func answersAreKept() async throws {
        try await withLookupServer { base, client, endpoint in
            let url = try lookupURL(base, "%2B74951234567")
            let first = try await client.send(HTTPRequest(url: url))
            let second = try await client.send(HTTPRequest(url: url))
            #expect(first.body == second.body)
            #expect(endpoint.answers.count == 1)
            let russian = try await client.send(HTTPRequest(url: try #require(URL(string: url.absoluteString + "&lang=ru"))))
            #expect(russian.body != first.body)
            #expect(endpoint.answers.count == 2)
        }
    }

    @Test("the kept answers stay within their capacity, and an answer asked often outlives the others")
    func capacity() {
        let cache = LookupAnswerCache(capacity: 4)
        var made = 0
        let make = { () -> (status: Int, body: Data, found: String) in
            made += 1
            return (200, Data("{\"n\":\(made)}".utf8), "mobile")
        }
        _ = cache.answer(for: "often", make: make)
        for index in 0..<20 {
            _ = cache.answer(for: "once-\(index)", make: make)
            _ = cache.answer(for: "often", make: make)
            #expect(cache.count <= 4)
        }
        #expect(made == 21, "the answer asked every time was made once")
        #expect(cache.answer(for: "often", make: make).etag == LookupAnswerCache.etag(of: Data("{\"n\":1}".utf8)))
    }
}

private func lookupURL(_ base: URL, _ number: String) throws -> URL {
    try #require(URL(string: base.absoluteString + LookupEndpoint.path + "?number=" + number))
}
