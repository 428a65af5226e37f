import Foundation
import Testing
import PhoneLookup

/// Short numbers (emergency numbers, service codes) against libphonenumber's `ShortNumberInfo`.
///
/// `Fixtures/short-numbers.tsv` is written by `Packages/PhoneLookup/Tools/agreement-fixtures.py`:
/// every region's example short numbers of every kind, one digit longer and one shorter, with
/// the answers of the `phonenumbers` Python port (only the script needs it, never the tests).
@Suite("Short numbers as libphonenumber's ShortNumberInfo reads them")
struct ShortNumberTests {
    struct Case: CustomStringConvertible {
        let input: String, region: String, label: String
        let parse: String, nsn: String, valid: String, emergency: String, cost: String
        var description: String { "\(input) [\(region)] \(label)" }
    }

    static let cases: [Case] = FixtureTable.rows("short-numbers").map { f in
        Case(input: f[0], region: f[1], label: f[2], parse: f[3], nsn: f[4], valid: f[5], emergency: f[6], cost: f[7])
    }

    /// Rows where libphonenumber's data and ours differ on purpose or by version, with why.
    static let knownDifferences = FixtureTable.differences("short-numbers")

    static func answer(_ item: Case) -> (parse: String, nsn: String, valid: String, emergency: String, cost: String) {
        guard let number = try? Fixtures.parser.read(item.input, region: item.region) else {
            return ("error", "", "", "", "")
        }
        let facts = Fixtures.plan.shortNumberAnswers(for: number, typed: item.input, region: item.region)
        return ("ok", number.nationalNumber, facts.valid ? "valid" : "invalid", facts.emergency ? "emergency" : "-",
                facts.cost?.constantName ?? "UNKNOWN_COST")
    }

    @Test("the fixture covers every region's example short numbers")
    func coverage() {
        #expect(Set(Self.cases.map(\.region)).count >= 240)
        #expect(Self.cases.count > 2_500)
        #expect(Self.cases.contains { $0.label.hasPrefix("emergency/") && $0.emergency == "emergency" })
    }

    @Test("validity, emergency status and cost agree on at least 99.5% of the cases; each difference is listed")
    func agreement() {
        var disagreements: [String] = []
        var listed = 0
        var stale: [String] = []
        for item in Self.cases {
            let ours = Self.answer(item)
            let expected = (item.parse, item.nsn, item.valid, item.emergency, item.cost)
            let agrees = ours.parse == expected.0 && (item.parse == "error"
                || (ours.nsn == expected.1 && ours.valid == expected.2 && ours.emergency == expected.3 && ours.cost == expected.4))
            let known = Self.knownDifferences["\(item.input)\t\(item.region)"] != nil
            guard !agrees else {
                if known { stale.append(item.description) }
                continue
            }
            if known { listed += 1 } else { disagreements.append("\(item): ours \(ours), libphonenumber \(expected)") }
        }
        // Raw agreement: the fixture's answers come from the same libphonenumber data as ours.
        let share = 1 - Double(disagreements.count + listed) / Double(Self.cases.count)
        #expect(disagreements.isEmpty, "unlisted differences:\n\(disagreements.prefix(40).joined(separator: "\n"))")
        #expect(stale.isEmpty, "listed but agreeing: \(stale)")
        #expect(share >= 0.995, "agreement \(share)")
    }

    @Test("112 dialled in Russia is Russia's emergency number, free of charge, in English and Russian")
    func emergencyInRussia() throws {
        let number = try Fixtures.number("112", "RU")
        let facts = Fixtures.engine.facts(for: number)
        #expect(facts.shortNumber == ShortNumber(region: "RU", isEmergency: true, cost: .tollFree))
        #expect(facts.problem == nil)
        let english = Fixtures.engine.lines(for: facts, language: .english)
        #expect(english.contains("Emergency number in Russia"))
        #expect(english.contains("Cost: free of charge"))
        let russian = Fixtures.engine.lines(for: facts, language: .russian)
        #expect(russian.contains("Экстренный номер (Россия)"))
        #expect(russian.contains("Стоимость: бесплатно"))
        #expect(Fixtures.engine.details(for: facts).shortNumber == .init(emergency: true, cost: "tollFree"))
        // Dialled without a code: who else has +7 is beside the point.
        #expect(english.first == "Country: Russia")
        #expect(russian.first == "Страна: Россия")
    }

    @Test("911 in the US and 999 in Britain are emergency numbers; a service code is a short number",
          arguments: [("911", "US", true), ("999", "GB", true), ("112", "DE", true), ("611", "US", false)])
    func otherRegions(input: String, region: String, emergency: Bool) throws {
        let facts = Fixtures.engine.facts(for: try Fixtures.number(input, region))
        #expect(facts.shortNumber?.region == region)
        #expect(facts.shortNumber?.isEmergency == emergency)
    }

    @Test("a short code that is not valid, or one dialled with a calling code, stays a clear error")
    func invalidShortCodes() {
        #expect(throws: InvalidNumber.tooShort(digits: 3, minimum: 10)) { try Fixtures.number("999", "RU") }
        #expect(throws: InvalidNumber.tooShort(digits: 3, minimum: 10)) { try Fixtures.number("+7 112") }
        #expect(throws: InvalidNumber.tooShort(digits: 3, minimum: 10)) { try Fixtures.number("555", "US") }
    }
}

/// Reads the tab-separated fixtures the tools write, and the lists of their known differences.
enum FixtureTable {
    static func rows(_ name: String) -> [[String]] {
        guard let url = Bundle.module.url(forResource: name, withExtension: "tsv", subdirectory: "Fixtures"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// `Fixtures/NAME-differences.tsv`: key fields, then the reason, one row per difference.
    static func differences(_ name: String) -> [String: String] {
        var result: [String: String] = [:]
        for row in rows(name + "-differences") where row.count >= 3 {
            result[row[0] + "\t" + row[1]] = row[2...].joined(separator: "\t")
        }
        return result
    }
}
