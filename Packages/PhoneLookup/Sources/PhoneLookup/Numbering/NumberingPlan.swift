import Foundation
import Locking

/// libphonenumber's numbering data, as the engine reads it: the metadata of every region
/// (calling codes, prefixes, possible lengths, line-type patterns, formats) and the prefix
/// tables of carriers, places and time zones.
///
/// The data is compiled by `Tools/generate-numbering.py` into `Resources/Numbering`; nothing is
/// parsed from XML at run time. Prefix tables are read per calling code the first time a number
/// needs them; a directory given with `--prefix-data` (`carrier/CC.txt`, `geocoding/CC.txt`,
/// `prefix|description` lines) adds to them and wins where both hold a prefix.
///
/// ```swift
/// let plan = try NumberingPlan.bundled()
/// plan.regions(forCallingCode: "7")   // ["RU", "KZ"]
/// ```
public struct NumberingPlan: Sendable {
    let metadata: NumberingMetadata
    private let tables: PrefixTables
    /// Emergency numbers and other short codes, per region.
    let shortNumbers: ShortNumberTable
    /// Which libphonenumber release the data was generated from, as its `VERSION` file names it.
    public let version: String

    init(metadata: NumberingMetadata, tables: PrefixTables, shortNumbers: ShortNumberTable = ShortNumberTable(file: nil),
         version: String = "unknown") {
        self.metadata = metadata
        self.tables = tables
        self.shortNumbers = shortNumbers
        self.version = version
    }

    /// The data shipped with the package.
    public static func bundled() throws -> NumberingPlan {
        guard let directory = Bundle.module.url(forResource: "Resources", withExtension: nil)?
            .appendingPathComponent("Numbering") else {
            throw NumberingDataError.missing("PhoneLookup resources in \(Bundle.module.bundlePath)")
        }
        let text: String
        do { text = try String(contentsOf: directory.appendingPathComponent("metadata.tsv"), encoding: .utf8) } catch {
            throw NumberingDataError.missing(directory.appendingPathComponent("metadata.tsv").path)
        }
        return NumberingPlan(metadata: try NumberingMetadata(text: text), tables: PrefixTables(directory: directory),
                             shortNumbers: ShortNumberTable(file: directory.appendingPathComponent("shortnumbers.tsv")),
                             version: bundledVersion)
    }

    /// The shipped data with the prefix tables of `directory` over them (its entries win).
    ///
    /// - Throws: `PrefixTableError` naming the first malformed line of the directory's tables.
    public static func load(from directory: URL, over base: NumberingPlan) throws -> NumberingPlan {
        let overrides = try PrefixTables.overrides(in: directory)
        return NumberingPlan(metadata: base.metadata, tables: base.tables.with(overrides: overrides),
                             shortNumbers: base.shortNumbers, version: base.version)
    }

    /// libphonenumber's three short-number answers about `number` read from `typed` in `region`,
    /// each on its own as `ShortNumberInfo` gives them (`isValidShortNumberForRegion`,
    /// `isEmergencyNumber`, `expectedCostForRegion`), valid or not.
    package func shortNumberAnswers(for number: PhoneNumber, typed: String, region: String)
        -> (valid: Bool, emergency: Bool, cost: ShortNumberCost?) {
        guard let data = shortNumbers.region(region),
              metadata.territory(forRegion: region).map({ String($0.callingCode) }) == number.callingCode
        else { return (false, false, nil) }
        let national = Digits(number.nationalNumber)
        let typedDigits = Digits(typed.unicodeScalars.compactMap { $0.properties.numericType == .decimal
            ? Character($0).wholeNumberValue.map(UInt8.init) : nil })
        let emergency = !typed.trimmingCharacters(in: .whitespaces).hasPrefix("+") && data.isEmergency(typedDigits)
        return (data.isValid(national), emergency, data.cost(national))
    }

    /// `region`'s example mobile number (else fixed line) written as dialled at home, such as
    /// `8 (912) 345-67-89` for Russia: what a dialer shows before anything is typed.
    public func exampleNumber(forRegion region: String) -> String? {
        guard let territory = metadata.territory(forRegion: region),
              let example = (territory.description(of: .mobile) ?? territory.description(of: .fixedLine))?.example
        else { return nil }
        // Written by the main region's rules, as libphonenumber formats every number of a calling code.
        let rules = metadata.mainTerritory(forCallingCode: territory.callingCode) ?? territory
        let national = Digits(example)
        return rules.format(for: national, international: false)?.apply(to: national, national: true) ?? example
    }

    /// The regions sharing `callingCode` (digits, no `+`), the main one first.
    func regions(forCallingCode callingCode: String) -> [String] {
        Int(callingCode).map(metadata.regions(forCallingCode:)) ?? []
    }

    /// The calling code of `region` (`"7"` for `RU`, `"1"` for `KY`), or nil if the data does not know it.
    public func callingCode(forRegion region: String) -> String? {
        metadata.territory(forRegion: region).map { String($0.callingCode) }
    }

    /// The region `number` belongs to (its range decides where a code is shared), `001` for
    /// non-geographic codes, nil when no region of the code takes it.
    public func region(of number: PhoneNumber) -> String? {
        OfflineEngine.classify(number, in: metadata).region
    }

    /// Every region code the data knows, `AC` to `ZW` (`XK` and `TA` included).
    var regionCodes: [String] { metadata.regionCodes }

    /// The dial code people see for `country`: `+1 345` for the Cayman Islands (whose numbers are
    /// `+1 345 …`, though the task's dataset writes `+345`), `+7` for Russia; the dataset's own
    /// code for a region the numbering data does not know.
    public func dialLabel(for country: Country) -> String {
        guard let territory = metadata.territory(forRegion: country.isoCode) else { return country.dialCode.description }
        let code = "+\(territory.callingCode)"
        guard let leading = territory.leadingDigits?.source, territory.callingCode == 1,
              leading.allSatisfy(\.isASCIIDigit) else { return code }
        return code + " " + leading
    }

    /// The territory a national number typed for `country` is read with: its region's, else the
    /// main region of the dataset's dial code.
    func territory(for country: Country) -> Territory? {
        if let territory = metadata.territory(forRegion: country.isoCode) { return territory }
        let digits = Digits(country.dialCode.digits)
        for length in stride(from: min(3, digits.count), through: 1, by: -1) {
            if let code = Int(digits.prefix(length).description), let main = metadata.mainTerritory(forCallingCode: code) {
                return main
            }
        }
        return nil
    }

    func carrier(for digits: Digits, callingCode: Int, language: String = "en") -> String? {
        tables.lookUp(.carrier, digits, callingCode: callingCode, language: language)
    }

    func area(for digits: Digits, callingCode: Int, language: String = "en") -> String? {
        tables.lookUp(.geocoding, digits, callingCode: callingCode, language: language)
    }

    func timeZones(for digits: Digits) -> [String] {
        tables.timeZones(for: digits)
    }

    /// The carrier a prefix table names for international `digits` (no `+`), shipped or added.
    package func carrier(forDigits digits: String) -> String? {
        guard let (code, _) = split(digits) else { return nil }
        return tables.lookUp(.carrier, digits, callingCode: code)
    }

    /// International digits split into calling code and the rest, when a known code starts them.
    func split(_ digits: String) -> (Int, String)? {
        var code = 0
        for (index, byte) in digits.utf8.prefix(3).enumerated() {
            code = code * 10 + Int(byte &- 48)
            if metadata.knows(callingCode: code) { return (code, String(digits.dropFirst(index + 1))) }
        }
        return nil
    }
}

/// The carrier, geocoding and time-zone tables, read when first needed and kept.
final class PrefixTables: Sendable {
    enum Kind: String, Sendable, CaseIterable { case carrier, geocoding }

    /// Which loaded table: one per kind, calling code and language ("en": the shipped default).
    private enum Key: Hashable, Sendable {
        case table(Kind, callingCode: Int, language: String)
    }

    /// The time-zone table with each description's zones split once (`Europe/Moscow&Europe/Samara`).
    private struct TimeZoneTable: Sendable {
        let table: PrefixTable
        let zones: [String: [String]]
    }

    private let directory: URL
    /// Tables added with `--prefix-data`, one per kind, whatever calling codes their files hold.
    private let overrides: [Kind: PrefixTable]
    private let cache = LockedValue<[Key: PrefixTable]>([:])
    private let zones = LockedValue<TimeZoneTable?>(nil)

    init(directory: URL, overrides: [Kind: PrefixTable] = [:]) {
        self.directory = directory
        self.overrides = overrides
    }

    func with(overrides more: [Kind: PrefixTable]) -> PrefixTables {
        PrefixTables(directory: directory, overrides: overrides.merging(more) { old, new in
            var merged = old
            merged.merge(new)
            return merged
        })
    }

    /// The description of the longest prefix of `digits` in the shipped or the added table
    /// (the added one wins a tie).
    func lookUp(_ kind: Kind, _ digits: String, callingCode: Int) -> String? {
        lookUp(kind, Digits(digits), callingCode: callingCode)
    }

    /// ``lookUp(_:_:callingCode:)`` in `language` (libphonenumber's code: `ru`, `zh_Hant`),
    /// falling back to English where that language has no entry, as libphonenumber's
    /// `PrefixFileReader` does (except for Chinese, Japanese and Korean, which never fall back).
    func lookUp(_ kind: Kind, _ digits: Digits, callingCode: Int, language: String) -> String? {
        guard language != "en" else { return lookUp(kind, digits, callingCode: callingCode) }
        if let localized = table(kind, callingCode: callingCode, language: language).match(digits) {
            if let added = overrides[kind]?.match(digits), added.prefixLength > localized.prefixLength {
                return added.description
            }
            return localized.description
        }
        let base = language.split(separator: "_").first.map(String.init) ?? language
        guard !["zh", "ja", "ko"].contains(base) else { return nil }
        return lookUp(kind, digits, callingCode: callingCode)
    }

    /// ``lookUp(_:_:callingCode:)`` for international digits already read.
    func lookUp(_ kind: Kind, _ digits: Digits, callingCode: Int) -> String? {
        let shipped = table(kind, callingCode: callingCode).match(digits)
        guard let added = overrides[kind]?.match(digits) else { return shipped?.description }
        guard let shipped, shipped.prefixLength > added.prefixLength else { return added.description }
        return shipped.description
    }

    private func table(_ kind: Kind, callingCode: Int, language: String = "en") -> PrefixTable {
        let key = Key.table(kind, callingCode: callingCode, language: language)
        if let table = cache.withLock({ $0[key] }) { return table }
        let english = language == "en"
        // Only letters and `_` reach a path: a language is a directory name.
        guard english || language.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "_") }) else { return PrefixTable() }
        let file = directory.appendingPathComponent(english ? "\(kind.rawValue)/\(callingCode).txt"
                                                            : "l10n/\(language)/\(kind.rawValue)/\(callingCode).txt")
        let table = (try? String(contentsOf: file, encoding: .utf8)).map {
            kind == .geocoding || !english ? PrefixTable(numbered: $0) : PrefixTable(trusted: $0)
        } ?? PrefixTable()
        cache.withLock { $0[key] = table }
        return table
    }

    /// The time zones of the longest prefix of `digits` the time-zone table holds, or none.
    func timeZones(for digits: Digits) -> [String] {
        let loaded = zones.withLock { $0 } ?? loadTimeZones()
        guard let description = loaded.table.match(digits)?.description else { return [] }
        return loaded.zones[description] ?? []
    }

    private func loadTimeZones() -> TimeZoneTable {
        let text = (try? String(contentsOf: directory.appendingPathComponent("timezones.txt"), encoding: .utf8)) ?? ""
        let table = PrefixTable(trusted: text)
        var split: [String: [String]] = [:]
        for description in table.descriptions {
            split[description] = description.split(separator: "&").map(String.init)
        }
        let loaded = TimeZoneTable(table: table, zones: split)
        zones.withLock { $0 = loaded }
        return loaded
    }

    /// `carrier/*.txt` and `geocoding/*.txt` of an override directory (`prefix|description` lines).
    static func overrides(in directory: URL) throws(PrefixTableError) -> [Kind: PrefixTable] {
        var result: [Kind: PrefixTable] = [:]
        for kind in Kind.allCases {
            let folder = directory.appendingPathComponent(kind.rawValue)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".txt") {
                let file = folder.appendingPathComponent(name)
                let text: String
                do { text = try String(contentsOf: file, encoding: .utf8) } catch {
                    throw .unreadable(path: file.path, reason: error.localizedDescription)
                }
                result[kind, default: PrefixTable()].merge(try PrefixTable(parsing: text, source: name))
            }
        }
        return result
    }
}
