import Foundation
import Locking

/// libphonenumber's short-number data (`ShortNumberMetadata.xml`, compiled into
/// `shortnumbers.tsv`): per region the short codes, their cost categories and the emergency
/// numbers. Read and compiled the first time a number needs it, so a lookup of an ordinary
/// number never pays for it.
final class ShortNumberTable: Sendable {
    /// One region's descriptions.
    struct Region: Sendable {
        let general: DigitPattern?
        let generalLengths: [Int]
        let types: [String: (pattern: DigitPattern, lengths: [Int])]

        /// libphonenumber's `matchesPossibleNumberAndNationalNumber` for one type; an absent type matches nothing.
        func matches(_ number: Digits, _ type: String) -> Bool {
            guard let description = types[type] else { return false }
            if !description.lengths.isEmpty, !description.lengths.contains(number.count) { return false }
            return description.pattern.matches(number)
        }

        /// `isValidShortNumberForRegion` once the calling code is known to be the region's.
        func isValid(_ number: Digits) -> Bool {
            guard generalLengths.contains(number.count), general?.matches(number) == true else { return false }
            return matches(number, "shortCode")
        }

        /// `isEmergencyNumber`: the emergency pattern alone, whatever the length.
        func isEmergency(_ number: Digits) -> Bool {
            types["emergency"]?.pattern.matches(number) ?? false
        }

        /// `expectedCostForRegion`: the dearest category whose description takes the number.
        func cost(_ number: Digits) -> ShortNumberCost? {
            guard generalLengths.contains(number.count) else { return nil }
            if matches(number, "premiumRate") { return .premiumRate }
            if matches(number, "standardRate") { return .standardRate }
            if matches(number, "tollFree") || isEmergency(number) { return .tollFree }
            return nil
        }
    }

    private let file: URL?
    /// Each region's lines, split once; a region's patterns are compiled when first asked for.
    private let lines = LockedValue<[String: [[String]]]?>(nil)
    private let compiled = LockedValue<[String: Region?]>([:])

    /// The table in `file` (`shortnumbers.tsv`), read when first asked; nil: no short numbers.
    init(file: URL?) {
        self.file = file
    }

    /// The short number `national` is when dialled in `region`, or nil when it is none there.
    ///
    /// - Parameter dialled: every digit typed, which libphonenumber's emergency check reads
    ///   rather than the national number the parser kept.
    func shortNumber(_ national: Digits, dialled: Digits, in region: String) -> ShortNumber? {
        guard let data = self.region(region), data.isValid(national) else { return nil }
        return ShortNumber(region: region.uppercased(), isEmergency: data.isEmergency(dialled), cost: data.cost(national))
    }

    /// The region data of `region`, if the table has any.
    func region(_ region: String) -> Region? {
        let key = region.uppercased()
        if let known = compiled.withLock({ $0[key] }) { return known }
        let made = regionLines()[key].map(Self.compile)
        compiled.withLock { $0[key] = .some(made) }
        return made
    }

    private func regionLines() -> [String: [[String]]] {
        if let loaded = lines.withLock({ $0 }) { return loaded }
        let text = file.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
        let loaded = Self.split(text)
        lines.withLock { $0 = loaded }
        return loaded
    }

    /// `S region general lengths` lines, each followed by `D type pattern lengths` lines, by region.
    static func split(_ text: String) -> [String: [[String]]] {
        var result: [String: [[String]]] = [:]
        var current: String?
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields[0] == "S", fields.count > 2 { current = fields[1] }
            if let current { result[current, default: []].append(fields) }
        }
        return result
    }

    /// One region's lines compiled. The shipped file is checked by the tests; a pattern the
    /// matcher cannot read drops its type.
    static func compile(_ lines: [[String]]) -> Region {
        var general: DigitPattern?
        var generalLengths: [Int] = []
        var types: [String: (pattern: DigitPattern, lengths: [Int])] = [:]
        for fields in lines {
            let lengths = fields.count > 3 ? fields[3].split(separator: ",").compactMap { Int($0) } : []
            if fields[0] == "S" {
                general = try? DigitPattern(fields[2])
                generalLengths = lengths
            } else if fields[0] == "D", fields.count > 2, let pattern = try? DigitPattern(fields[2]) {
                types[fields[1]] = (pattern, lengths)
            }
        }
        return Region(general: general, generalLengths: generalLengths, types: types)
    }
}
