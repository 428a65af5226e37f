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
    /// Folded name, folded ISO code and dial-code digits of each country, as bytes.
    private let nameKeys: [[UInt8]]
    private let codeKeys: [[UInt8]]
    private let dialKeys: [[UInt8]]

    public init(_ dataset: CountryDataset) {
        countries = dataset.countries
        skipped = dataset.skipped
        nameKeys = countries.map { Array(Self.fold($0.name).utf8) }
        codeKeys = countries.map { Array($0.isoCode.lowercased().utf8) }
        dialKeys = countries.map { Array($0.dialCode.digits.utf8) }
    }

    public convenience init(_ countries: [Country]) {
        self.init(CountryDataset(countries: countries))
    }

    public static func == (lhs: CountryCatalog, rhs: CountryCatalog) -> Bool { lhs === rhs }

    /// The first country with this ISO code (any case).
    public func country(isoCode: String) -> Country? {
        let code = isoCode.uppercased()
        return countries.first { $0.isoCode == code }
    }

    /// Indices of the countries matching `query`, best matches first.
    ///
    /// A query of digits (with or without `+`) matches dial codes that start with it. Any other
    /// query matches an exact ISO code first, then names that start with it, then names that
    /// contain it, ignoring case and accents. An empty query matches everything in order.
    public func filter(_ query: String) -> [Int] {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return Array(countries.indices) }
        let digitsQuery = trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed
        if !digitsQuery.isEmpty, digitsQuery.allSatisfy(\.isASCIIDigit) {
            let needle = Array(digitsQuery.utf8)
            return countries.indices.filter { dialKeys[$0].starts(with: needle) }
        }
        let needle = Array(Self.fold(trimmed).utf8)
        var exactCode: [Int] = [], namePrefix: [Int] = [], nameContains: [Int] = []
        for index in countries.indices {
            let name = nameKeys[index]
            if codeKeys[index] == needle {
                exactCode.append(index)
            } else if name.starts(with: needle) {
                namePrefix.append(index)
            } else if Self.contains(name, needle) {
                nameContains.append(index)
            }
        }
        return exactCode + namePrefix + nameContains
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
