import Foundation
import Testing
import PhoneLookup

/// Places and carriers in the languages libphonenumber ships, against its own answers.
///
/// `Fixtures/places-ru.tsv` is written by `Packages/PhoneLookup/Tools/agreement-fixtures.py`: a
/// number in every range libphonenumber names in Russian for +7, +373, +374 and +375, with the
/// `phonenumbers` port's Russian and English descriptions.
@Suite("Places in the reader's language, as libphonenumber names them")
struct LocalizedPlacesTests {
    static let rows = FixtureTable.rows("places-ru")
    static let knownDifferences = FixtureTable.differences("places-ru")

    @Test("the fixture holds a number of every Russian-named range of +7, +373, +374 and +375")
    func coverage() {
        #expect(Self.rows.count > 1_000)
        #expect(Set(["+7", "+373", "+374", "+375"]).allSatisfy { code in Self.rows.contains { $0[0].hasPrefix(code) } })
    }

    @Test("Russian and English places agree on at least 99.5% of the numbers; each difference is listed",
          arguments: [(2, "ru"), (3, "en")])
    func places(column: Int, language: String) throws {
        var differing = 0
        var unlisted: [String] = []
        var stale: [String] = []
        for row in Self.rows {
            let number = try Fixtures.parser.read(row[0], region: nil)
            let ours = Fixtures.engine.facts(for: number, placesIn: language).area ?? ""
            let listed = Self.knownDifferences["\(row[0])\t\(language)"] != nil
            guard ours != row[column] else {
                if listed { stale.append(row[0]) }
                continue
            }
            differing += 1
            if !listed { unlisted.append("\(row[0]) \(language): ours \"\(ours)\", libphonenumber \"\(row[column])\"") }
        }
        #expect(unlisted.isEmpty, "\(unlisted.prefix(30).joined(separator: "\n"))")
        #expect(stale.isEmpty, "listed but agreeing: \(stale)")
        #expect(1 - Double(differing) / Double(Self.rows.count) >= 0.995)
    }

    @Test("+7 495 is «Московская обл.» in Russian, Moscow in English, and in the answer's rows")
    func moscow() throws {
        let number = try Fixtures.number("+7 495 123-45-67")
        #expect(Fixtures.engine.facts(for: number, placesIn: "ru").area == "Московская обл.")
        #expect(Fixtures.engine.facts(for: number).area == "Moscow")
        #expect(Fixtures.engine.results(for: number, language: .russian).contains("Место: Московская обл."))
    }

    @Test("a language without the range falls back to English, except Chinese, Japanese and Korean")
    func fallback() throws {
        let number = try Fixtures.number("+7 495 123-45-67")
        #expect(Fixtures.engine.facts(for: number, placesIn: "sq").area == "Moscow")
        let japanese = Fixtures.engine.facts(for: try Fixtures.number("+1 201 555 0123"), placesIn: "ja").area
        #expect(japanese == nil || japanese != "New Jersey")
        #expect(Fixtures.engine.facts(for: number, placesIn: "../en").area == "Moscow")
    }

    @Test("a carrier is named in Russian where libphonenumber ships the name")
    func carrierInRussian() throws {
        let number = try Fixtures.number("+7 999 467-37-56")
        let english = try #require(Fixtures.engine.facts(for: number).carrier)
        let russian = try #require(Fixtures.engine.facts(for: number, placesIn: "ru").carrier)
        #expect(english == "MegaFon" && russian == "МегаФон")
    }
}
