import Foundation
import Testing
import PhoneLookup

/// The behaviours libphonenumber's `PhoneNumberMatcherTest` pins down at leniency VALID, in our
/// own cases; each expected answer is what python-phonenumbers 9.0.43 finds in the same text.
@Suite("The matcher finds what libphonenumber's finds, and turns down what it turns down")
struct PhoneNumberMatcherTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let text: String
        let region: String?
        /// start, end (Unicode scalars) and E.164 of every match.
        let found: [Found]
        var testDescription: String { "\(region ?? "no region"): \(text)" }
    }

    struct Found: Equatable, Sendable, CustomStringConvertible {
        let start: Int, end: Int, e164: String
        init(_ start: Int, _ end: Int, _ e164: String) { (self.start, self.end, self.e164) = (start, end, e164) }
        var description: String { "\(start)..<\(end) \(e164)" }
    }

    static func found(_ text: String, in region: String?, maxTries: Int = 65_535) -> [Found] {
        PhoneNumberMatcher(plan: Fixtures.plan, region: region, maxTries: maxTries).matches(in: text)
            .map { Found($0.start, $0.end, $0.number.e164) }
    }

    @Test("national, international and IDD spellings of one New Zealand number are all found", arguments: [
        Case(text: "Call 033316005  or 03-331 6005 or (03) 331 6005", region: "NZ",
             found: [Found(5, 14, "+6433316005"), Found(19, 30, "+6433316005"), Found(34, 47, "+6433316005")]),
        Case(text: "+64 3 331 6005, 0064 3 331 6005", region: "NZ",
             found: [Found(0, 14, "+6433316005"), Found(16, 31, "+6433316005")]),
        Case(text: "x +1 650 253 0000", region: "US", found: [Found(2, 17, "+16502530000")]),
        Case(text: "Tel: +٩٧١ ٥٠ ١٢٣ ٤٥٦٧", region: "AE", found: [Found(5, 21, "+971501234567")]),
        Case(text: "１２３４ ６５０-２５３-００００", region: "US", found: [Found(5, 17, "+16502530000")]),
    ])
    func spellings(_ example: Case) {
        #expect(Self.found(example.text, in: example.region) == example.found)
    }

    @Test("an extension belongs to the match; a second extension after a slash does not", arguments: [
        Case(text: "My number is 650 253 0000 ext 1234", region: "US", found: [Found(13, 34, "+16502530000")]),
        Case(text: "(650) 253-0000 ext. 123", region: "US", found: [Found(0, 23, "+16502530000")]),
        Case(text: "(650) 253-0000 x123/x124", region: "US", found: [Found(0, 19, "+16502530000")]),
        Case(text: "650 253 0000x", region: "US", found: []),
    ])
    func extensions(_ example: Case) {
        #expect(Self.found(example.text, in: example.region) == example.found)
    }

    @Test("numbers glued to Latin letters, prices and percentages are turned down; spaced ones are found", arguments: [
        Case(text: "abc8005001234def", region: "US", found: []),
        Case(text: "abc 8005001234 def", region: "US", found: [Found(4, 14, "+18005001234")]),
        Case(text: "8005001234 def", region: "US", found: [Found(0, 10, "+18005001234")]),
        Case(text: "costs $6502530000 or 6502530000% off", region: "US", found: []),
    ])
    func surroundings(_ example: Case) {
        #expect(Self.found(example.text, in: example.region) == example.found)
    }

    @Test("dates, time stamps, page ranges and unbalanced brackets are no numbers", arguments: [
        Case(text: "Dial 1/2/2012", region: "US", found: []),
        Case(text: "Event on 10/12/82 at noon", region: "DE", found: []),
        Case(text: "Stamp 2012-01-02 08:00", region: "US", found: []),
        Case(text: "Ann. Chir. 66: 211-227 (2003)", region: "US", found: []),
        Case(text: "80.585 [79.964, 81.191]", region: "US", found: []),
        Case(text: "80.585 [79.964]", region: "US", found: []),
    ])
    func lookAlikes(_ example: Case) {
        #expect(Self.found(example.text, in: example.region) == example.found)
    }

    @Test("a time stamp without its minutes reads as a number, as libphonenumber reads it")
    func hourWithoutMinutes() {
        #expect(Self.found("Stamp 2012-01-02 08", in: "US") == [Found(6, 19, "+12012010208")])
    }

    @Test("numbers run together are split at slashes, brackets, spaced dashes, full stops and spaces", arguments: [
        Case(text: "650-253-0000/650-253-0001", region: "US",
             found: [Found(0, 12, "+16502530000"), Found(13, 25, "+16502530001")]),
        Case(text: "(650) 253 0000 (650) 253 0001", region: "US",
             found: [Found(0, 14, "+16502530000"), Found(15, 29, "+16502530001")]),
        Case(text: "3324451234 8002341234", region: "US",
             found: [Found(0, 10, "+13324451234"), Found(11, 21, "+18002341234")]),
        Case(text: "12345. 650-253-0000 is my number", region: "US", found: [Found(7, 19, "+16502530000")]),
        Case(text: "12345 - 650-253-0000", region: "US", found: [Found(8, 20, "+16502530000")]),
        Case(text: "My address is CA 34215 - +1 650-253-0000 is my number", region: "US",
             found: [Found(25, 40, "+16502530000")]),
    ])
    func innerMatches(_ example: Case) {
        #expect(Self.found(example.text, in: example.region) == example.found)
    }

    @Test("a lead bracket is kept, a doubled one is not, a lone closing one is", arguments: [
        Case(text: "[+44 20 7946 0958]", region: "GB", found: [Found(0, 17, "+442079460958")]),
        Case(text: "((650) 253-0000", region: "US", found: [Found(1, 15, "+16502530000")]),
        Case(text: "650) 253-0000", region: "US", found: [Found(0, 13, "+16502530000")]),
    ])
    func brackets(_ example: Case) {
        #expect(Self.found(example.text, in: example.region) == example.found)
    }

    @Test("without a region only + numbers are found", arguments: [
        Case(text: "Random text body - number is 0331 6005, see you there", region: nil, found: []),
        Case(text: "+1 650 253 0000 at 0331 6005", region: nil, found: [Found(0, 15, "+16502530000")]),
        Case(text: "", region: "US", found: []),
    ])
    func region(_ example: Case) {
        #expect(Self.found(example.text, in: example.region) == example.found)
    }

    @Test("a national number must carry the national prefix where the region always writes it", arguments: [
        // Russia's formats make the 8 optional; Germany's and Britain's require the 0.
        Case(text: "+7 495 123-45-67 и 8 (495) 123-45-67, а также 495 123-45-67", region: "RU",
             found: [Found(0, 16, "+74951234567"), Found(19, 36, "+74951234567"), Found(46, 59, "+74951234567")]),
        Case(text: "Notify 030 123456 or 30 123456", region: "DE", found: [Found(7, 17, "+4930123456")]),
        Case(text: "+44 20 7946 0958 / 020 7946 0958 / 20 7946 0958", region: "GB",
             found: [Found(0, 16, "+442079460958"), Found(19, 32, "+442079460958")]),
    ])
    func nationalPrefix(_ example: Case) {
        #expect(Self.found(example.text, in: example.region) == example.found)
    }

    @Test("letters for digits (1-800-FLOWERS) are not matched in text")
    func vanityNumbers() {
        #expect(Self.found("+1 800 FLOWERS", in: "US").isEmpty)
    }

    @Test("the search gives up after maxTries candidates that are no number, as libphonenumber's does")
    func maxTries() {
        let text = "1 2 3 4 5 +1 650 253 0000"
        #expect(Self.found(text, in: "US", maxTries: 3).isEmpty)
        #expect(Self.found(text, in: "US") == [Found(10, 25, "+16502530000")])
    }

    @Test("offsets count Unicode scalars, so text before the number in any script shifts them alike")
    func scalarOffsets() throws {
        let match = try #require(PhoneNumberMatcher(plan: Fixtures.plan, region: "RU")
            .matches(in: "Звоните 👋🏽: 8 (495) 123-45-67").first)
        #expect(match.start == 12 && match.end == 29)
        #expect(match.raw == "8 (495) 123-45-67")
    }
}
