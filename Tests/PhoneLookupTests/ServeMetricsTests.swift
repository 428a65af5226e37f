import DemoServer
import Foundation
import Networking
@testable import lookup
import PhoneLookup
import Testing

/// `GET /metrics`: what a Prometheus scraper reads of `lookup serve` (issue 35).
@Suite("lookup serve's metrics")
struct ServeMetricsTests {
    @Test("a scraped counter moves after a request: by endpoint, method and status, lookups by line type, latency")
    func scrapedCounterMoves() async throws {
        try await withLookupServer { base, client, _ in
            let lookups: [(String, String)] = [("endpoint", "/v1/lookup"), ("method", "GET"), ("status", "200")]
            let before = try await Scrape.read(base, client)
            #expect(before.value("lookup_http_requests_total", lookups) == nil)
            #expect(before.value("lookup_lookups_total", [("line_type", "mobile")]) == 0)

            let url = try #require(URL(string: base.absoluteString + "/v1/lookup?number=%2B79994673756"))
            let answer = try await client.send(HTTPRequest(url: url))
            let etag = try #require(answer.header("ETag"))
            _ = try await client.send(HTTPRequest(url: url, headers: ["If-None-Match": etag]))
            let refusedURL = try #require(URL(string: base.absoluteString + "/v1/lookup?number=%2B7999"))
            #expect(try await client.send(HTTPRequest(url: refusedURL)).statusCode == 400)

            let after = try await Scrape.read(base, client)
            #expect(after.value("lookup_http_requests_total", lookups) == 1)
            #expect(after.value("lookup_http_requests_total", [("endpoint", "/v1/lookup"), ("method", "GET"),
                                                               ("status", "304")]) == 1, "a 304 counts as a 304")
            #expect(after.value("lookup_http_requests_total", [("endpoint", "/metrics"), ("method", "GET"),
                                                               ("status", "200")]) == 1, "the first scrape")
            #expect(after.value("lookup_lookups_total", [("line_type", "mobile")]) == 2)
            #expect(after.value("lookup_lookups_total", [("line_type", "refused")]) == 1)
            #expect(after.value("lookup_http_request_duration_seconds_count", [("endpoint", "/v1/lookup")]) == 3)
            #expect(after.value("lookup_http_requests_in_flight", []) == 1, "the scrape itself")
            #expect(after.value("lookup_numbering_data_info", [("version", Fixtures.engine.plan.version)]) == 1)
        }
    }

    @Test("a path nobody serves counts as other, so scanners cannot grow the label set")
    func unknownPathsShareOneLabel() async throws {
        try await withLookupServer { base, client, _ in
            for path in ["/wp-admin", "/.env", "/v2/lookup"] {
                let url = try #require(URL(string: base.absoluteString + path))
                #expect(try await client.send(HTTPRequest(url: url)).statusCode == 404)
            }
            let scrape = try await Scrape.read(base, client)
            #expect(scrape.value("lookup_http_requests_total", [("endpoint", "other"), ("method", "GET"),
                                                                ("status", "404")]) == 3)
            #expect(!scrape.text.contains("wp-admin"))
        }
    }
}

/// One scrape of `/metrics`, read as Prometheus's text format.
struct Scrape {
    let text: String

    static func read(_ base: URL, _ client: HTTPClient) async throws -> Scrape {
        let response = try await client.send(HTTPRequest(url: base.appendingPathComponent("metrics")))
        #expect(response.statusCode == 200)
        #expect(response.header("Content-Type") == ServeMetrics.contentType)
        return Scrape(text: String(decoding: response.body, as: UTF8.self))
    }

    /// The sample of `name` whose labels are exactly `labels`, if the scrape has one.
    func value(_ name: String, _ labels: [(String, String)]) -> Double? {
        let wanted = Dictionary(uniqueKeysWithValues: labels)
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " ") else { continue }
            let series = line[..<space]
            let seriesName = series.prefix { $0 != "{" }
            guard seriesName == name else { continue }
            var found: [String: String] = [:]
            if let open = series.firstIndex(of: "{") {
                for pair in series[series.index(after: open)...].dropLast().split(separator: ",") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    guard parts.count == 2 else { continue }
                    found[String(parts[0])] = String(parts[1].dropFirst().dropLast())
                }
            }
            if found == wanted { return Double(line[line.index(after: space)...]) }
        }
        return nil
    }
}
