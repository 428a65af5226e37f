import ErrorReporting
import Testing
import PhoneLookup
@testable import lookup

/// The dialer's results say how to dial the number from the selected or `--from` country, as
/// `search --from` does.
@Suite("The dialer's results say how to dial from the selected or --from country")
struct DialFromResultsTests {
    static func results(_ text: String, _ region: String? = nil) throws -> LookupState.Results {
        LookupState.Results(number: try Fixtures.number(text, region), countryName: "", rows: ["Line type: fixed line"])
    }

    @Test("a New York number seen from Russia gets the row, in English and Russian")
    func anotherCountry() throws {
        let results = try Self.results("+1 212 555 0123")
        let english = results.addingDialFrom("ru", plan: Fixtures.plan, language: .english)
        #expect(english.rows == ["Line type: fixed line", "Dialled from Russia: 8~10 1 212-555-0123"])
        let russian = results.addingDialFrom("RU", plan: Fixtures.plan, language: .russian)
        #expect(russian.rows.last == "Набор из-за рубежа (Россия): 8~10 1 212-555-0123")
    }

    @Test("no row for a number of the country itself, a short number, or a region the data lacks",
          arguments: [("+7 495 123-45-67", nil, "RU"), ("112", "RU", "RU"), ("112", "RU", "US"), ("+7 495 123-45-67", nil, "XX")])
    func noRow(text: String, typedIn: String?, from: String) throws {
        let results = try Self.results(text, typedIn)
        #expect(results.addingDialFrom(from, plan: Fixtures.plan, language: .english) == results)
    }

    @Test("lookup --from US with numbers piped in says how each is dialled from the US")
    func piped() async throws {
        let result = try await runLookup(["--from", "US"], input: "+74951234567\n")
        #expect(result.out.contains("  Dialled from United States: 011 7 495 123-45-67"), "\(result.out)")
        let refused = try await runLookup(["--from", "USA"], input: "+74951234567\n")
        #expect(refused.status == 64 && refused.err.contains("--from takes a two-letter ISO code"))
    }
}
