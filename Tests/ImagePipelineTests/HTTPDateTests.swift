import Foundation
import Testing
@testable import ImagePipeline

/// HTTP dates are read and written without a `DateFormatter` for the form servers send (issue 35:
/// building one was most of a cold gallery run's time on headers), and agree with one.
@Suite("HTTP dates")
struct HTTPDateTests {
    /// RFC 9110's example instant, 1994-11-06 08:49:37 UTC.
    static let example = Date(timeIntervalSince1970: 784_111_777)

    static func reference(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    @Test("RFC 9110's IMF-fixdate and its obsolete RFC 850 form read as the same instant")
    func readsTheRFCExample() {
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == Self.example)
        #expect(HTTPDate.parse("  Sun, 06 Nov 1994 08:49:37 GMT ") == Self.example)
        #expect(HTTPDate.parse("\tSun, 06 Nov 1994 08:49:37 GMT\t") == Self.example)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == Self.example)
        #expect(HTTPDate.format(Self.example) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    @Test("written as DateFormatter writes it and read back, from 1901 to 2099, leap days included")
    func agreesWithDateFormatter() {
        // Every 1,000,003 seconds (11.6 days, drifting through the hours) plus the leap days.
        let seconds = Array(stride(from: -2_177_452_800, to: 4_102_444_800, by: 1_000_003))
            + [951_782_400, 1_078_012_799, 4_107_542_399, -2_114_380_800]
        let instants = seconds.map { Date(timeIntervalSince1970: TimeInterval($0)) }
        for instant in instants {
            let text = HTTPDate.format(instant)
            #expect(text == Self.reference(instant), "\(instant.timeIntervalSince1970)")
            #expect(HTTPDate.parse(text) == instant, "\(text)")
        }
    }

    @Test("text that is no HTTP date is nil", arguments: [
        "", " \t ", "yesterday", "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 0x Nov 1994 08:49:37 GMT", "1994-11-06",
    ])
    func refusesOtherText(_ text: String) {
        #expect(HTTPDate.parse(text) == nil, "\(text)")
    }
}
