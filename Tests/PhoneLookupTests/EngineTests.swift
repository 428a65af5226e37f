import Foundation
import Testing
import PhoneLookup

@Suite("Offline engine")
struct EngineTests {
    let engine = Fixtures.engine

    struct Row: Sendable, CustomTestStringConvertible {
        let number: String
        let region: String?
        let carrier: String?
        let area: String?
        let lineType: LineType?
        var testDescription: String { number }
    }

    /// Expected answers as libphonenumber gives them (checked with the `phonenumbers` port; where its
    /// bundled data is older, as for the +7 747 range's carrier, the shipped data decides).
    static let rows: [Row] = [
        // Russia: the range holder of +7 999 is MegaFon (Yota is its brand on some numbers)
        Row(number: "+79994673756", region: "RU", carrier: "MegaFon", area: nil, lineType: .mobile),
        Row(number: "+79031234567", region: "RU", carrier: "Beeline", area: nil, lineType: .mobile),
        Row(number: "+79261234567", region: "RU", carrier: "MegaFon", area: nil, lineType: .mobile),
        Row(number: "+74951234567", region: "RU", carrier: nil, area: "Moscow", lineType: .fixedLine),
        Row(number: "+78121234567", region: "RU", carrier: nil, area: "St Petersburg", lineType: .fixedLine),
        Row(number: "+78005553535", region: "RU", carrier: nil, area: nil, lineType: .tollFree),
        // Kazakhstan shares +7; its ranges decide
        Row(number: "+77011234567", region: "KZ", carrier: "Kcell/Activ", area: nil, lineType: .mobile),
        Row(number: "+77471234567", region: "KZ", carrier: "Tele2", area: nil, lineType: .mobile),
        Row(number: "+77272123456", region: "KZ", carrier: nil, area: "Almaty", lineType: .fixedLine),
        // +1: the area code decides between the US, Canada and the Caribbean
        Row(number: "+12125550123", region: "US", carrier: nil, area: "New York, NY", lineType: .fixedLineOrMobile),
        Row(number: "+14165550123", region: "CA", carrier: nil, area: "Ontario", lineType: .fixedLineOrMobile),
        Row(number: "+18765551234", region: "JM", carrier: nil, area: nil, lineType: .mobile),
        Row(number: "+18005550123", region: "US", carrier: nil, area: nil, lineType: .tollFree),
        // +44: the UK and the Crown Dependencies
        Row(number: "+442071234567", region: "GB", carrier: nil, area: "London", lineType: .fixedLine),
        Row(number: "+441614960000", region: "GB", carrier: nil, area: "Manchester", lineType: .fixedLine),
        Row(number: "+447911123456", region: "GG", carrier: "JT", area: nil, lineType: .mobile),
        Row(number: "+441534123456", region: "JE", carrier: nil, area: "Jersey", lineType: .fixedLine),
        // Germany
        Row(number: "+4930123456", region: "DE", carrier: nil, area: "Berlin", lineType: .fixedLine),
        Row(number: "+4915112345678", region: "DE", carrier: "T-Mobile", area: nil, lineType: .mobile),
        Row(number: "+491761234567", region: "DE", carrier: "O2", area: nil, lineType: .mobile),
        // Regions the old tables did not know, and other shared codes
        Row(number: "+24762889", region: "AC", carrier: nil, area: "US Base", lineType: .fixedLine),
        Row(number: "+38343201234", region: "XK", carrier: "IPKO", area: nil, lineType: .mobile),
        Row(number: "+590690123456", region: "GP", carrier: "Digicel", area: nil, lineType: .mobile),
        Row(number: "+4779123456", region: "SJ", carrier: nil, area: "Svalbard & Jan Mayen", lineType: .fixedLine),
        Row(number: "+35818123456", region: "AX", carrier: nil, area: nil, lineType: .fixedLine),
    ]

    @Test("region decided by range, carrier, place and line type, as libphonenumber answers", arguments: rows)
    func table(row: Row) throws {
        let facts = engine.facts(for: try Fixtures.number(row.number))
        #expect(facts.problem == nil)
        #expect(facts.region == row.region)
        #expect(facts.carrier == row.carrier)
        #expect(facts.lineType == row.lineType)
        #expect(facts.area == row.area)
        #expect(facts.lengthIsPossible)
    }

    @Test("numbers are written E.164, international and national by the region's rules", arguments: [
        ("+79994673756", "+7 999 467-37-56", "8 (999) 467-37-56"),
        ("+77272123456", "+7 7272 12 34 56", "8 (7272) 12 34 56"),
        ("+12125550123", "+1 212-555-0123", "(212) 555-0123"),
        ("+441614960000", "+44 161 496 0000", "0161 496 0000"),
        ("+33123456789", "+33 1 23 45 67 89", "01 23 45 67 89"),
        ("+590590123456", "+590 590 12 34 56", "0590 12 34 56"),
    ])
    func formats(e164: String, international: String, national: String) throws {
        let facts = engine.facts(for: try Fixtures.number(e164))
        #expect(facts.international == international)
        #expect(engine.lines(for: facts, language: .english).contains("National: " + national))
    }

    @Test("time zones: a geographic number's by its prefix, a toll-free number's whole country")
    func timeZones() throws {
        // As the machine-readable answer carries them: every zone.
        func zones(_ e164: String) throws -> [String] {
            engine.details(for: engine.facts(for: try Fixtures.number(e164))).timeZones ?? []
        }
        #expect(try zones("+74951234567") == ["Europe/Moscow"])
        let tollFree = try zones("+18005550123")
        #expect(tollFree.contains("America/New_York") && tollFree.contains("Pacific/Honolulu"))
    }

    @Test("the answer is one line per fact, in the chosen language")
    func lines() throws {
        let number = try Fixtures.number("+77011234567")
        let english = engine.results(for: number, language: .english)
        #expect(english.prefix(3) == [
            "Country: Kazakhstan (+7 is shared with Russia)",
            "Line type: mobile",
            "Carrier: Kcell/Activ (the range holder; the number may have been ported)",
        ])
        #expect(english.suffix(3) == ["International: +7 701 123 4567", "National: 8 (701) 123 4567", "E.164: +77011234567"])
        #expect(engine.results(for: number, language: .russian)[1] == "Тип линии: мобильный")
    }

    @Test("a number outside every range says why, for the digits counted right")
    func invalidReasons() throws {
        let server = Fixtures.engine
        let short = PhoneNumber(callingCode: "7", nationalNumber: "99946737")
        #expect(server.facts(for: short).problem == .tooShort(digits: 8, minimum: 10))
        #expect(!server.facts(for: short).lengthIsPossible)
        let unused = PhoneNumber(callingCode: "7", nationalNumber: "0994673756")
        #expect(server.facts(for: unused).problem == .noSuchRange("+70994673756"))
        #expect(server.results(for: unused, language: .english).contains {
            $0.hasPrefix("Not a valid number: No such range")
        })
    }

    @Test("--prefix-data tables add to the shipped ones and win where both hold a prefix")
    func extraTables() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("prefix-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("carrier"), withIntermediateDirectories: true)
        try "79994673|Yota Novosibirsk\n3312|Orange\n".write(
            to: directory.appendingPathComponent("carrier/extra.txt"), atomically: true, encoding: .utf8)
        let plan = try NumberingPlan.load(from: directory, over: Fixtures.plan)
        #expect(plan.carrier(forDigits: "79994673756") == "Yota Novosibirsk")
        #expect(plan.carrier(forDigits: "79031234567") == "Beeline")
        #expect(plan.carrier(forDigits: "33123456789") == "Orange")
    }

    @Test("a malformed table line is named with its file and line")
    func malformedTable() {
        #expect(throws: PrefixTableError.malformedLine(source: "7.txt", line: 2, text: "7abc|x")) {
            try PrefixTable(parsing: "# c\n7abc|x", source: "7.txt")
        }
    }
}
