import ErrorReporting
import Foundation

/// The countries a picker shows, with a search index built once so filtering costs little per keystroke.
///
/// Immutable and shared by reference: two states holding the same catalog compare equal without
/// comparing thousands of rows.
public final class CountryCatalog: Sendable, Equatable {
    /// The countries in dataset order.
    public let countries: [Country]
    /// Entries the parser left out, kept so a screen or a log can say so.
    public let skipped: [SkippedEntry]
    /// The dial code shown for each country: the dataset's until ``labelled(by:)`` tells them as
    /// the numbering data does (`+1 345` for the Cayman Islands, whose dataset entry says `+345`).
    private let dialLabels: [String]
    /// Folded name, folded ISO code and the digits of the shown dial code of each country, as bytes.
    private let nameKeys: [[UInt8]]
    private let codeKeys: [[UInt8]]
    private let dialKeys: [[UInt8]]
    /// Each country's name in Russian, from Foundation's locale data (the dataset's where the
    /// locale has none), and its folded search key: the filter finds a country in either language.
    private let russianNames: [String]
    private let russianKeys: [[UInt8]]

    public init(_ dataset: CountryDataset) {
        countries = dataset.countries
        skipped = dataset.skipped
        dialLabels = countries.map(\.dialCode.description)
        nameKeys = countries.map { Array(Self.fold($0.name).utf8) }
        codeKeys = countries.map { Array($0.isoCode.lowercased().utf8) }
        dialKeys = dialLabels.map(Self.digits)
        let names = CountryNames()
        russianNames = countries.map { country in
            let russian = names.name(of: country.isoCode, in: .russian)
            return russian == country.isoCode ? country.name : russian
        }
        russianKeys = russianNames.map { Array(Self.fold($0).utf8) }
    }

    public convenience init(_ countries: [Country]) {
        self.init(CountryDataset(countries: countries))
    }

    private init(_ other: CountryCatalog, dialLabels: [String]) {
        countries = other.countries
        skipped = other.skipped
        self.dialLabels = dialLabels
        nameKeys = other.nameKeys
        codeKeys = other.codeKeys
        dialKeys = dialLabels.map(Self.digits)
        russianNames = other.russianNames
        russianKeys = other.russianKeys
    }

    /// The name of the country at `index` in ``countries`` as a person reading `language` knows it:
    /// the dataset's in English, Foundation's locale name in Russian.
    public func name(at index: Int, in language: Language) -> String {
        language == .russian ? russianNames[index] : countries[index].name
    }

    /// The same countries with their dial codes told as `plan` tells them, for the picker's rows,
    /// its search by code and the `countries` command: one story with the code button and the result.
    public func labelled(by plan: NumberingPlan) -> CountryCatalog {
        CountryCatalog(self, dialLabels: countries.map(plan.dialLabel(for:)))
    }

    /// The dial code shown for the country at `index` in ``countries``.
    public func dialLabel(at index: Int) -> String { dialLabels[index] }

    public static func == (lhs: CountryCatalog, rhs: CountryCatalog) -> Bool { lhs === rhs }

    /// The first country with this ISO code (any case).
    public func country(isoCode: String) -> Country? {
        let code = isoCode.uppercased()
        return countries.first { $0.isoCode == code }
    }

    /// Indices of the countries matching `query`, best matches first.
    ///
    /// A query of digits (with or without `+`, spaces ignored) matches the shown dial codes that
    /// start with it (`+1 345` and `1345` find the Cayman Islands once labelled). Any other
    /// query matches an exact ISO code first, then names that start with it, then names that
    /// contain it, in English or in Russian, ignoring case and accents. An empty query matches
    /// everything in order.
    public func filter(_ query: String) -> [Int] {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return Array(countries.indices) }
        let digitsQuery = (trimmed.hasPrefix("+") ? trimmed.dropFirst() : Substring(trimmed)).filter { $0 != " " }
        if !digitsQuery.isEmpty, digitsQuery.allSatisfy(\.isASCIIDigit) {
            let needle = Array(digitsQuery.utf8)
            return countries.indices.filter { dialKeys[$0].starts(with: needle) }
        }
        let needle = Array(Self.fold(trimmed).utf8)
        var exactCode: [Int] = [], namePrefix: [Int] = [], nameContains: [Int] = []
        for index in countries.indices {
            let name = nameKeys[index], russian = russianKeys[index]
            if codeKeys[index] == needle {
                exactCode.append(index)
            } else if name.starts(with: needle) || russian.starts(with: needle) {
                namePrefix.append(index)
            } else if Self.contains(name, needle) || Self.contains(russian, needle) {
                nameContains.append(index)
            }
        }
        return exactCode + namePrefix + nameContains
    }

    /// The ASCII digits of a dial code as bytes: `+1 345` → `1345`.
    private static func digits(_ label: String) -> [UInt8] {
        label.utf8.filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// Lower case without accents, so "cote" finds "Côte d'Ivoire".
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    }

    /// Byte substring search: the keys are short, so a first-byte scan beats anything cleverer.
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        let last = haystack.count - needle.count
        var start = 0
        while start <= last {
            if haystack[start] == first {
                var matched = 1
                while matched < needle.count, haystack[start + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            start += 1
        }
        return false
    }
}
