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
    private let regions = LockedValue<[String: Region]?>(nil)

    /// The table in `file` (`shortnumbers.tsv`), read when first asked; nil: no short numbers.
    init(file: URL?) {
        self.file = file
    }

    /// The short number `national` is when dialled in `region`, or nil when it is none there.
    ///
    /// - Parameter dialled: every digit typed, which libphonenumber's emergency check reads
    ///   rather than the national number the parser kept.
    func shortNumber(_ national: Digits, dialled: Digits, in region: String) -> ShortNumber? {
        guard let data = table()[region.uppercased()], data.isValid(national) else { return nil }
        return ShortNumber(region: region.uppercased(), isEmergency: data.isEmergency(dialled), cost: data.cost(national))
    }

    /// The region data of `region`, if the table has any.
    func region(_ region: String) -> Region? { table()[region.uppercased()] }

    private func table() -> [String: Region] {
        if let loaded = regions.withLock({ $0 }) { return loaded }
        let text = file.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
        let loaded = Self.parse(text)
        regions.withLock { $0 = loaded }
        return loaded
    }

    /// `S region general lengths` lines, each followed by `D type pattern lengths` lines. The
    /// shipped file is checked by the tests; a pattern the matcher cannot read drops its type.
    static func parse(_ text: String) -> [String: Region] {
        var result: [String: Region] = [:]
        var current: (id: String, general: DigitPattern?, lengths: [Int], types: [String: (DigitPattern, [Int])])?
        func finish() {
            guard let current else { return }
            result[current.id] = Region(general: current.general, generalLengths: current.lengths,
                                        types: current.types.mapValues { (pattern: $0.0, lengths: $0.1) })
        }
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let lengths = fields.count > 3 ? fields[3].split(separator: ",").compactMap { Int($0) } : []
            if fields[0] == "S", fields.count > 2 {
                finish()
                current = (fields[1], try? DigitPattern(fields[2]), lengths, [:])
            } else if fields[0] == "D", fields.count > 2, let pattern = try? DigitPattern(fields[2]) {
                current?.types[fields[1]] = (pattern, lengths)
            }
        }
        finish()
        return result
    }
}
