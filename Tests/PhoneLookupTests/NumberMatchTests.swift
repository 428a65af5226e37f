import Foundation
import Testing
import PhoneLookup

/// `lookup compare` against libphonenumber's `isNumberMatch`.
///
/// `Fixtures/number-match.tsv` is written by `Packages/PhoneLookup/Tools/agreement-fixtures.py`:
/// every third example number paired with itself written international, national, with `00`,
/// with an extension, with a digit changed or dropped, bare, and with another region's number.
@Suite("Two spellings of one number, as libphonenumber's isNumberMatch compares them")
struct NumberMatchTests {
    static let rows = FixtureTable.rows("number-match")
    static let knownDifferences = FixtureTable.differences("number-match")

    @Test("the fixture holds every kind of answer")
    func coverage() {
        #expect(Self.rows.count > 3_000)
        #expect(Set(Self.rows.map { $0[2] }) == ["EXACT_MATCH", "NSN_MATCH", "SHORT_NSN_MATCH", "NO_MATCH", "NOT_A_NUMBER"])
    }

    @Test("the answer agrees on at least 99.5% of the pairs; each difference is listed")
    func agreement() {
        var differing = 0
        var unlisted: [String] = []
        for row in Self.rows {
            let ours = Fixtures.parser.match(row[0], row[1])?.constantName ?? "NOT_A_NUMBER"
            guard ours != row[2] else { continue }
            differing += 1
            if Self.knownDifferences["\(row[0])\t\(row[1])"] == nil {
                unlisted.append("\(row[0]) | \(row[1]): ours \(ours), libphonenumber \(row[2])")
            }
        }
        #expect(unlisted.isEmpty, "\(unlisted.prefix(30).joined(separator: "\n"))")
        #expect(1 - Double(differing) / Double(Self.rows.count) >= 0.995)
    }

    @Test("+7 999 467-37-56 and 8 (999) 467-37-56 are one national number; another number is none")
    func examples() {
        #expect(Fixtures.parser.match("+7 999 467-37-56", "+79994673756") == .exact)
        #expect(Fixtures.parser.match("+7 999 467-37-56", "8 (999) 467-37-56") == .nationalNumber)
        #expect(Fixtures.parser.match("+7 999 467-37-56", "467-37-56") == .shortNationalNumber)
        #expect(Fixtures.parser.match("+7 999 467-37-56", "+7 999 467-37-57") == NumberMatch.none)
        #expect(Fixtures.parser.match("+7 999 467-37-56", "hello") == nil)
    }

    @Test("lookup compare prints the answer, --json as one match object, and refuses what is no number")
    func command() async throws {
        let plain = try await runLookup(["compare", "+7 999 467-37-56", "8 (999) 467-37-56"])
        #expect(plain.status == 0 && plain.out.contains("The same national number"))
        let json = try await runLookup(["compare", "+7 999 467-37-56", "+79994673756", "--json"])
        #expect(json.out.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"match":"exact"}"#)
        let russian = try await runLookup(["compare", "+7 999 467-37-56", "+44 20 7946 0958", "--lang", "ru"])
        #expect(russian.out.contains("Разные номера"))
        let refused = try await runLookup(["compare", "+7 999 467-37-56", "hello"])
        #expect(refused.status == 65 && refused.err.contains("cannot both be read as phone numbers"))
    }
}
