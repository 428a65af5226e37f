import Foundation
import Networking

/// What HTTP said about a stored picture: its validators, for asking "has it changed?", and until
/// when it is fresh (RFC 9111), kept on disk with the bytes.
///
/// Freshness, in the order RFC 9111 §4.2.1 gives: `Cache-Control: max-age`, else `Expires` minus
/// `Date`; `no-cache` makes the entry stale at once (stored, but asked about before every use
/// online); the `Age` a proxy reports is subtracted. With none of those, §4.2.2's heuristic: a
/// tenth of the time since `Last-Modified`, at most a day. With no caching headers at all the entry
/// has no expiry: it stays fresh until the person refreshes (see ``isFresh(at:)``).
struct CacheMetadata: Codable, Sendable, Equatable {
    /// The entity tag, as the server sent it (quotes and weak prefix kept).
    var etag: String?
    /// The `Last-Modified` date, as the server sent it.
    var lastModified: String?
    /// When the entry goes stale; nil for never (the server said nothing about freshness).
    var staleAt: Date?

    /// The longest heuristic freshness (RFC 9111 §4.2.2 leaves the bound to the cache).
    static let heuristicLimit: TimeInterval = 24 * 60 * 60

    /// True when nothing in it changes how the entry is used: stored as bare bytes, like the entries
    /// of runs before validators were kept.
    var isEmpty: Bool { etag == nil && lastModified == nil && staleAt == nil }

    /// True when the entry may be used without asking the server.
    func isFresh(at now: Date) -> Bool {
        guard let staleAt else { return true }
        return now < staleAt
    }

    /// The header fields of a conditional request for this entry; empty when it has no validator.
    var conditionalHeaders: [String: String] {
        var headers: [String: String] = [:]
        if let etag { headers["If-None-Match"] = etag }
        if let lastModified { headers["If-Modified-Since"] = lastModified }
        return headers
    }

    /// The metadata of a full response received at `now`.
    init(response: HTTPResponse, receivedAt now: Date) {
        etag = response.header("ETag")
        lastModified = response.header("Last-Modified")
        staleAt = Self.staleAt(of: response, receivedAt: now)
    }

    init(etag: String? = nil, lastModified: String? = nil, staleAt: Date? = nil) {
        self.etag = etag
        self.lastModified = lastModified
        self.staleAt = staleAt
    }

    /// The metadata after a `304 Not Modified` received at `now`: its fields replace the stored
    /// ones they name (RFC 9111 §4.3.4), the freshness is computed again from them.
    func updated(by notModified: HTTPResponse, receivedAt now: Date) -> CacheMetadata {
        var merged = self
        if let etag = notModified.header("ETag") { merged.etag = etag }
        if let lastModified = notModified.header("Last-Modified") { merged.lastModified = lastModified }
        let fresh = Self.staleAt(of: notModified, receivedAt: now, lastModified: merged.lastModified)
        // A 304 that says nothing of freshness leaves an entry that had no expiry without one; one
        // that had a lifetime stays stale and is asked about again next time.
        merged.staleAt = fresh ?? (staleAt == nil ? nil : now)
        return merged
    }

    /// True when the response forbids keeping it on disk.
    static func forbidsStoring(_ response: HTTPResponse) -> Bool {
        CacheControl(response.header("Cache-Control")).noStore
    }

    // MARK: - Freshness

    private static func staleAt(of response: HTTPResponse, receivedAt now: Date, lastModified: String? = nil) -> Date? {
        let control = CacheControl(response.header("Cache-Control"))
        let age = response.header("Age").flatMap { TimeInterval($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        if control.noCache { return now }
        if let maxAge = control.maxAge { return now.addingTimeInterval(maxAge - max(0, age)) }
        let date = response.header("Date").flatMap(HTTPDate.parse) ?? now
        if let expires = response.header("Expires") {
            // An invalid Expires (often "0") means already expired (RFC 9111 §5.3).
            guard let expiry = HTTPDate.parse(expires) else { return now }
            return now.addingTimeInterval(expiry.timeIntervalSince(date) - max(0, age))
        }
        let modified = response.header("Last-Modified") ?? lastModified
        guard let lifetime = heuristicLifetime(lastModified: modified, date: date) else { return nil }
        return now.addingTimeInterval(lifetime - max(0, age))
    }

    private static func heuristicLifetime(lastModified: String?, date: Date) -> TimeInterval? {
        guard let modified = lastModified.flatMap(HTTPDate.parse) else { return nil }
        return min(heuristicLimit, max(0, date.timeIntervalSince(modified)) / 10)
    }
}

/// The directives of a `Cache-Control` field that a private cache of pictures obeys.
struct CacheControl: Equatable {
    var maxAge: TimeInterval?
    var noCache = false
    var noStore = false

    init(_ field: String?) {
        guard let field else { return }
        for directive in field.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1)
            let name = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
            let value = parts.count > 1 ? parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " \"")) : nil
            switch name {
            case "max-age": maxAge = value.flatMap(TimeInterval.init)
            case "no-cache": noCache = true
            case "no-store": noStore = true
            default: break
            }
        }
    }
}

/// HTTP dates (RFC 9110 §5.6.7): the IMF-fixdate every server sends, and the two obsolete forms.
///
/// The IMF-fixdate is read and written here, by arithmetic: a `DateFormatter` costs an ICU formatter
/// built from locale data, which was most of the time a short run spent on a response's headers.
/// The obsolete forms, which senders must no longer generate, and a fixdate in another zone than
/// GMT still go through one.
enum HTTPDate {
    private static let formats = ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"]
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func parse(_ text: String) -> Date? {
        // A field's optional whitespace is spaces and tabs (RFC 9110, 5.6.3), trimmed here on the
        // bytes: Foundation's `trimmingCharacters` goes through NSString, which costs a cold
        // run more than the rest of reading its headers.
        let bytes = Array(text.utf8)
        let isWhitespace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isWhitespace($0) }),
              let last = bytes.lastIndex(where: { !isWhitespace($0) })
        else { return nil }
        let field = Array(bytes[first...last])
        if let date = fixdate(field) { return date }
        let trimmed = String(decoding: field, as: UTF8.self)
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) { return date }
        }
        return nil
    }

    /// `date` as an IMF-fixdate, such as `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func format(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let (dayNumber, time) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let day = time < 0 ? dayNumber - 1 : dayNumber
        let second = time < 0 ? time + 86_400 : time
        let (year, month, dayOfMonth) = civil(fromDays: day)
        let weekday = days[((day % 7) + 11) % 7]  // 1970-01-01 was a Thursday.
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekday), \(two(dayOfMonth)) \(months[month - 1]) \(year) "
            + "\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60)) GMT"
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`, exactly; nil for anything else.
    private static func fixdate(_ bytes: [UInt8]) -> Date? {
        guard bytes.count == 29, bytes[3] == UInt8(ascii: ","), bytes[4] == UInt8(ascii: " "),
              bytes[7] == UInt8(ascii: " "), bytes[11] == UInt8(ascii: " "), bytes[16] == UInt8(ascii: " "),
              bytes[19] == UInt8(ascii: ":"), bytes[22] == UInt8(ascii: ":"),
              String(decoding: bytes[25...], as: UTF8.self) == " GMT",
              days.contains(String(decoding: bytes[0..<3], as: UTF8.self)),
              let month = months.firstIndex(of: String(decoding: bytes[8..<11], as: UTF8.self)),
              let day = number(bytes[5..<7]), let year = number(bytes[12..<16]),
              let hour = number(bytes[17..<19]), let minute = number(bytes[20..<22]), let second = number(bytes[23..<25]),
              (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        let seconds = days(fromCivil: year, month + 1, day) * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        digits.reduce(0 as Int?) { value, byte in
            guard let value, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            return value * 10 + Int(byte - UInt8(ascii: "0"))
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    private static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01 (the inverse of `days(fromCivil:)`).
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
