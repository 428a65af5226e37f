import Foundation
import Testing
import PhoneLookup

@Suite("Country dataset")
struct DatasetTests {
    @Test("the real file parses to 242 countries with +345 for the Cayman Islands")
    func realFile() throws {
        let dataset = try CountryDataset.parse(Fixtures.countriesData)
        #expect(dataset.countries.count == 242)
        #expect(dataset.skipped.isEmpty)
        let cayman = try #require(dataset.countries.first { $0.isoCode == "KY" })
        #expect(cayman.dialCode.description == "+345")
        #expect(cayman.name == "Cayman Islands")
    }

    @Test("countries sharing a dial code are all kept", arguments: [("+1", 2), ("+7", 2), ("+44", 4), ("+61", 3)])
    func sharedCodes(code: String, count: Int) {
        #expect(Fixtures.dataset.countries.filter { $0.dialCode.description == code }.count == count)
    }

    @Test("sloppy dial codes and ISO codes are normalised", arguments: [
        ("+ 345", "+345"), ("345", "+345"), (" +7 ", "+7"), ("+1-684", "+1684"),
    ])
    func lenientDialCodes(raw: String, expected: String) throws {
        let json = #"[{"name":" Somewhere ","dial_code":"\#(raw)","code":"ky"}]"#
        let country = try #require(try CountryDataset.parse(Data(json.utf8)).countries.first)
        #expect(country.dialCode.description == expected)
        #expect(country.isoCode == "KY")
        #expect(country.name == "Somewhere")
    }

    @Test("malformed JSON is its own error")
    func malformed() {
        #expect {
            try CountryDataset.parse(Data(#"[{"name": "Russia","#.utf8))
        } throws: { error in
            guard case .malformedJSON(let detail) = error as? DatasetError else { return false }
            return !detail.isEmpty
        }
    }

    @Test("an empty array is its own error")
    func emptyArray() {
        #expect(throws: DatasetError.empty) { try CountryDataset.parse(Data("[]".utf8)) }
    }

    @Test("a top level that is not an array says what it found")
    func notAList() {
        #expect(throws: DatasetError.notAList(found: .object)) { try CountryDataset.parse(Data(#"{"countries":[]}"#.utf8)) }
    }

    @Test("a bad entry is skipped with its reason and the good ones are kept")
    func partial() throws {
        let json = #"""
        [{"name":"Russia","dial_code":"+7","code":"RU"},
         {"name":"Nowhere","code":"NW"},
         {"name":"Typo","dial_code":7,"code":"TY"},
         {"name":"Blank","dial_code":"+1","code":"  "},
         {"name":"Letters","dial_code":"+abc","code":"LE"},
         "Kazakhstan",
         {"name":"Russia again","dial_code":"+7","code":"RU"},
         {"name":"Germany","dial_code":"+49","code":"DE"}]
        """#
        let dataset = try CountryDataset.parse(Data(json.utf8))
        #expect(dataset.countries.map(\.isoCode) == ["RU", "DE"])
        #expect(dataset.skipped == [
            SkippedEntry(index: 1, problem: .missingField("dial_code")),
            SkippedEntry(index: 2, problem: .wrongType(field: "dial_code", expected: .string, found: .number)),
            SkippedEntry(index: 3, problem: .emptyField("code")),
            SkippedEntry(index: 4, problem: .invalidDialCode("+abc")),
            SkippedEntry(index: 5, problem: .notAnObject(found: .string)),
            SkippedEntry(index: 6, problem: .duplicateCode("RU")),
        ])
        #expect(dataset.skipped[0].description == #"entry 1: missing field "dial_code""#)
    }

    @Test("no usable entry at all is an error listing what was wrong")
    func nothingUsable() {
        #expect {
            try CountryDataset.parse(Data(#"[{"name":"X"},{"dial_code":true,"name":"Y","code":"YY"}]"#.utf8))
        } throws: { error in
            guard case .noUsableEntries(let skipped) = error as? DatasetError else { return false }
            return skipped.map(\.problem) == [.missingField("dial_code"),
                                              .wrongType(field: "dial_code", expected: .string, found: .bool)]
        }
    }

    @Test("every dataset error has its own message in English and Russian")
    func messages() {
        let errors: [DatasetError] = [.malformedJSON(detail: "x"), .notAList(found: .string), .empty, .noUsableEntries(skipped: [])]
        let english = Set(errors.map { $0.userFacingError.message(in: .english) })
        let russian = Set(errors.map { $0.userFacingError.message(in: .russian) })
        #expect(english.count == errors.count)
        #expect(russian.count == errors.count)
    }
}

@Suite("Country filter")
struct CountryFilterTests {
    let catalog = Fixtures.catalog

    func names(_ query: String) -> [String] { catalog.filter(query).map { catalog.countries[$0].name } }

    @Test("an empty filter keeps every country in order")
    func empty() { #expect(catalog.filter("").count == 242) }

    @Test("name filtering ignores case and puts prefixes first")
    func byName() {
        let found = names("ru")
        #expect(found.first == "Russia")
        #expect(found.contains("Peru"))
        #expect(found.contains("Brunei Darussalam"))
    }

    @Test("an ISO code matches its country first")
    func byISO() { #expect(names("ky").first == "Cayman Islands") }

    @Test("digits match dial codes by prefix, with or without +")
    func byDialCode() {
        #expect(Set(names("+7")) == ["Russia", "Kazakhstan"])
        #expect(names("345") == ["Cayman Islands"])
        #expect(names("44").count == 4)
    }

    @Test("accents do not matter")
    func accents() { #expect(names("Côte").contains("Cote d'Ivoire")) }
}
