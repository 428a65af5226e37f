import Foundation
import Testing
@testable import PhoneLookup

@Suite("Offline engine")
struct EngineTests {
    let engine = Fixtures.engine

    struct Row: Sendable, CustomTestStringConvertible {
        let number: String
        let region: String?
        let carrier: String?
        let area: String?
        let lineType: String?
        var testDescription: String { number }
    }

    static let rows: [Row] = [
        // Russia
        Row(number: "+79994673756", region: "RU", carrier: "Yota", area: nil, lineType: "mobile"),
        Row(number: "+79161234567", region: "RU", carrier: "MTS", area: nil, lineType: "mobile"),
        Row(number: "+79031234567", region: "RU", carrier: "Beeline", area: nil, lineType: "mobile"),
        Row(number: "+79261234567", region: "RU", carrier: "MegaFon", area: nil, lineType: "mobile"),
        Row(number: "+74951234567", region: "RU", carrier: nil, area: "Moscow", lineType: "fixed line"),
        Row(number: "+74991234567", region: "RU", carrier: nil, area: "Moscow", lineType: "fixed line"),
        Row(number: "+78121234567", region: "RU", carrier: nil, area: "St Petersburg", lineType: "fixed line"),
        Row(number: "+78005553535", region: "RU", carrier: nil, area: nil, lineType: "toll-free"),
        // Kazakhstan shares +7; 7xx decides
        Row(number: "+77011234567", region: "KZ", carrier: "Kcell", area: nil, lineType: "mobile"),
        Row(number: "+77471234567", region: "KZ", carrier: "Tele2", area: nil, lineType: "mobile"),
        Row(number: "+77771234567", region: "KZ", carrier: "Beeline", area: nil, lineType: "mobile"),
        Row(number: "+77272123456", region: "KZ", carrier: nil, area: "Almaty", lineType: "fixed line"),
        // +1: the area code decides between the US, Canada and the Caribbean
        Row(number: "+12125550123", region: "US", carrier: nil, area: "New York, NY", lineType: "fixed line or mobile"),
        Row(number: "+14165550123", region: "CA", carrier: nil, area: "Toronto, ON", lineType: "fixed line or mobile"),
        Row(number: "+16045550123", region: "CA", carrier: nil, area: "Vancouver, BC", lineType: "fixed line or mobile"),
        Row(number: "+13455551234", region: "KY", carrier: nil, area: "Cayman Islands", lineType: "fixed line or mobile"),
        Row(number: "+18765551234", region: "JM", carrier: nil, area: "Jamaica", lineType: "fixed line or mobile"),
        Row(number: "+18005550123", region: "US", carrier: nil, area: nil, lineType: "toll-free"),
        // +44: the UK and the Crown Dependencies
        Row(number: "+442071234567", region: "GB", carrier: nil, area: "London", lineType: "fixed line"),
        Row(number: "+442079460018", region: "GB", carrier: nil, area: "London", lineType: "fictional (Ofcom drama range)"),
        Row(number: "+441614960000", region: "GB", carrier: nil, area: "Manchester", lineType: "fixed line"),
        Row(number: "+447700900123", region: "GB", carrier: nil, area: nil, lineType: "fictional (Ofcom drama range)"),
        Row(number: "+447911123456", region: "GG", carrier: nil, area: nil, lineType: "mobile"),
        Row(number: "+441534123456", region: "JE", carrier: nil, area: "Jersey", lineType: "fixed line"),
        Row(number: "+441624123456", region: "IM", carrier: nil, area: "Isle of Man", lineType: "fixed line"),
        // Germany
        Row(number: "+4930123456", region: "DE", carrier: nil, area: "Berlin", lineType: "fixed line"),
        Row(number: "+4989123456", region: "DE", carrier: nil, area: "Munich", lineType: "fixed line"),
        Row(number: "+4915112345678", region: "DE", carrier: "Telekom", area: nil, lineType: "mobile"),
        Row(number: "+491621234567", region: "DE", carrier: "Vodafone", area: nil, lineType: "mobile"),
        Row(number: "+491761234567", region: "DE", carrier: "Telefónica (O2)", area: nil, lineType: "mobile"),
        Row(number: "+49800123456", region: "DE", carrier: nil, area: nil, lineType: "toll-free"),
        // Other shared codes
        Row(number: "+4779123456", region: "SJ", carrier: nil, area: nil, lineType: nil),
        Row(number: "+35818123456", region: "AX", carrier: nil, area: nil, lineType: nil),
        Row(number: "+33123456789", region: "FR", carrier: nil, area: nil, lineType: nil),
    ]

    @Test("each shipped country: region decided by prefix, carrier, area and line type", arguments: rows)
    func table(row: Row) throws {
        let facts = engine.facts(for: try Fixtures.number(row.number))
        #expect(facts.region == row.region)
        #expect(facts.carrier == row.carrier)
        #expect(facts.area == row.area)
        #expect(facts.lineType == row.lineType)
        #expect(facts.lengthIsPossible)
    }

    @Test("a shared code the number cannot decide lists every owner")
    func undecided() throws {
        let lines = engine.results(for: try Fixtures.number("+50012345"), language: .english)
        #expect(lines.first == "Countries sharing +500: Falkland Islands (Malvinas), South Georgia and the South Sandwich Islands")
    }

    @Test("the answer is one line per fact, in the chosen language")
    func lines() throws {
        let number = try Fixtures.number("+77011234567")
        #expect(engine.results(for: number, language: .english) == [
            "Country: Kazakhstan (+7 is shared with Russia)",
            "Carrier: Kcell (the range holder; the number may have been ported)",
            "Line type: mobile",
            "Length: possible (10 digits)",
        ])
        #expect(engine.results(for: number, language: .russian).last == "Длина: допустима (10 цифр)")
    }

    @Test("an impossible length is reported, not refused")
    func impossibleLength() throws {
        // The server takes numbers from anywhere; only the parser refuses lengths.
        let number = PhoneNumber(callingCode: "7", nationalNumber: "99946737")
        #expect(!engine.facts(for: number).lengthIsPossible)
        #expect(engine.results(for: number, language: .english).last == "Length: not possible (8 digits, 10 expected)")
    }

    @Test("--prefix-data tables add to the shipped ones and win where both hold a prefix")
    func extraTables() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("prefix-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("carrier"), withIntermediateDirectories: true)
        try "79994673|Yota Novosibirsk\n3312|Orange\n".write(
            to: directory.appendingPathComponent("carrier/extra.txt"), atomically: true, encoding: .utf8)
        let plan = try NumberingPlan.load(from: directory, over: Fixtures.plan)
        #expect(plan.carriers.description(for: "79994673756") == "Yota Novosibirsk")
        #expect(plan.carriers.description(for: "79161234567") == "MTS")
        #expect(plan.carriers.description(for: "33123456789") == "Orange")
    }

    @Test("a malformed table line is named with its file and line")
    func malformedTable() {
        #expect(throws: PrefixTableError.malformedLine(source: "7.txt", line: 2, text: "7abc|x")) {
            try PrefixTable(parsing: "# c\n7abc|x", source: "7.txt")
        }
    }
}
