import Foundation

/// What the demo server adds to a `200` answer to a GET, as a real origin server does (RFC 9110):
/// validators (`ETag` from the body's bytes, a fixed `Last-Modified` unless the route gives its
/// own), conditional requests answered `304 Not Modified`, and `Range` requests answered
/// `206 Partial Content` (honouring `If-Range`). Routes set `Cache-Control` or `Expires` themselves.
struct HTTPSemantics {
    /// How the request was answered, for the server's statistics.
    struct Outcome {
        var wasConditional = false
        var notModified = false
        var askedForRange = false
        var partial = false
    }

    /// The `Last-Modified` of every answer whose route names none: a fixed past date, so that the
    /// same bytes carry the same validators in every run.
    static let defaultLastModified = "Thu, 01 Jan 2026 00:00:00 GMT"

    var ignoresRange = false
    var ignoresValidators = false

    init(faults: [DemoFault]) {
        for fault in faults {
            if fault == .ignoreRange { ignoresRange = true }
            if fault == .ignoreValidators { ignoresValidators = true }
        }
    }

    /// Applies validators, conditions and ranges to `answer` for a request with `headers` (names in
    /// lower case). `bodyTag` is a fixed route's kept entity tag of `answer.body`;
    /// without it the bytes are hashed.
    func apply(
        to answer: inout DemoResponse, method: String, headers: [String: String],
        bodyTag: RouteTable.BodyTag? = nil
    ) -> Outcome {
        var outcome = Outcome()
        outcome.wasConditional = headers["if-none-match"] != nil || headers["if-modified-since"] != nil
        outcome.askedForRange = headers["range"] != nil
        guard answer.status == 200, method == "GET" || method == "HEAD", !ignoresValidators else { return outcome }
        let etag = field("ETag", in: answer) ?? bodyTag?.value ?? Self.etag(of: answer.body)
        let lastModified = field("Last-Modified", in: answer) ?? Self.defaultLastModified
        answer.headers["ETag"] = etag
        answer.headers["Last-Modified"] = lastModified
        if !ignoresRange { answer.headers["Accept-Ranges"] = "bytes" }

        // If-None-Match wins over If-Modified-Since when both are sent (RFC 9110 §13.2.2).
        let unchanged: Bool? = headers["if-none-match"].map { Self.matches(etag, anyOf: $0) }
            ?? headers["if-modified-since"].map { $0 == lastModified }
        if unchanged == true {
            answer.status = 304
            answer.body = Data()
            answer.headers["Content-Type"] = nil
            outcome.notModified = true
            return outcome
        }
        guard !ignoresRange, let range = headers["range"] else { return outcome }
        // A stale If-Range means the client's part belongs to another version: send it all.
        if let ifRange = headers["if-range"], ifRange != etag && ifRange != lastModified { return outcome }
        guard let bounds = Self.bounds(of: range, count: answer.body.count) else {
            answer.status = 416
            answer.headers["Content-Range"] = "bytes */\(answer.body.count)"
            answer.body = Data()
            return outcome
        }
        answer.headers["Content-Range"] = "bytes \(bounds.lowerBound)-\(bounds.upperBound - 1)/\(answer.body.count)"
        answer.status = 206
        answer.body = answer.body.subdata(in: answer.body.startIndex + bounds.lowerBound ..< answer.body.startIndex + bounds.upperBound)
        outcome.partial = true
        return outcome
    }

    private func field(_ name: String, in answer: DemoResponse) -> String? {
        answer.headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// A strong entity tag from the bytes: FNV-1a, the same in every run for the same bytes.
    static func etag(of body: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        // Over the raw bytes: iterating `Data` itself is several times slower.
        body.withUnsafeBytes { bytes in
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return "\"" + String(hash, radix: 16) + "-" + String(body.count, radix: 16) + "\""
    }

    /// Whether `etag` is in an `If-None-Match` list (weak comparison, `*` matches anything).
    static func matches(_ etag: String, anyOf list: String) -> Bool {
        let bare = { (tag: Substring) in tag.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "W/", with: "") }
        return list.split(separator: ",").contains { bare($0) == "*" || bare($0) == bare(Substring(etag)) }
    }

    /// The byte range of a single `bytes=first-last`, `bytes=first-` or `bytes=-suffix`; nil when
    /// it is unsatisfiable or not understood.
    static func bounds(of range: String, count: Int) -> Range<Int>? {
        let spec = range.trimmingCharacters(in: .whitespaces)
        guard spec.hasPrefix("bytes="), count > 0 else { return nil }
        let parts = spec.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let first = Int(parts[0].trimmingCharacters(in: .whitespaces))
        let last = Int(parts[1].trimmingCharacters(in: .whitespaces))
        switch (first, last) {
        case (let first?, let last?) where first <= last && first < count: return first ..< min(count, last + 1)
        case (let first?, nil) where first < count: return first ..< count
        case (nil, let suffix?) where suffix > 0: return max(0, count - suffix) ..< count
        default: return nil
        }
    }
}
