import Foundation

/// Numbering facts: calling codes, which region a prefix belongs to, possible lengths, trunk
/// prefixes, and the carrier, area and line-type tables.
///
/// The tables are plain `prefix|description` text shipped in the package's `Resources`
/// (`callingcodes.txt`, `regions.txt`, `carrier/`, `geocoding/`, `linetype/`); a directory with
/// the same layout can add to them (`--prefix-data DIR`).
///
/// ```swift
/// let plan = try NumberingPlan.bundled()
/// plan.region(forDigits: "77012345678")   // "KZ"
/// ```
public struct NumberingPlan: Sendable {
    /// `code|ISO,ISO...`: the calling codes, each with the regions that share it.
    public private(set) var callingCodes: PrefixTable {
        didSet { owners = Self.owners(in: callingCodes) }
    }
    /// `callingCodes` split into lists once, so a lookup does not split strings.
    private var owners: [String: [String]] = [:]
    /// `prefix|ISO`: which region a prefix belongs to where a calling code is shared.
    public private(set) var regions: PrefixTable
    public private(set) var carriers: PrefixTable
    public private(set) var areas: PrefixTable
    public private(set) var lineTypes: PrefixTable

    public init(callingCodes: PrefixTable, regions: PrefixTable = .init(), carriers: PrefixTable = .init(),
                areas: PrefixTable = .init(), lineTypes: PrefixTable = .init()) {
        self.callingCodes = callingCodes
        owners = Self.owners(in: callingCodes)
        self.regions = regions
        self.carriers = carriers
        self.areas = areas
        self.lineTypes = lineTypes
    }

    /// The tables shipped with the package.
    public static func bundled() throws(PrefixTableError) -> NumberingPlan {
        guard let directory = Bundle.module.url(forResource: "Resources", withExtension: nil) else {
            throw .unreadable(path: "PhoneLookup resources", reason: "not found in \(Bundle.module.bundlePath)")
        }
        return try load(from: directory)
    }

    /// Loads a directory laid out like the shipped resources; files that are absent are empty tables.
    ///
    /// - Parameter base: tables to start from; the directory's entries win where both hold a prefix.
    public static func load(from directory: URL, over base: NumberingPlan? = nil) throws(PrefixTableError) -> NumberingPlan {
        var plan = base ?? NumberingPlan(callingCodes: .init())
        plan.callingCodes.merge(try table(directory.appendingPathComponent("callingcodes.txt")))
        plan.regions.merge(try table(directory.appendingPathComponent("regions.txt")))
        plan.carriers.merge(try tables(in: directory.appendingPathComponent("carrier")))
        plan.areas.merge(try tables(in: directory.appendingPathComponent("geocoding")))
        plan.lineTypes.merge(try tables(in: directory.appendingPathComponent("linetype")))
        return plan
    }

    private static func table(_ file: URL) throws(PrefixTableError) -> PrefixTable {
        guard FileManager.default.fileExists(atPath: file.path) else { return PrefixTable() }
        let text: String
        do { text = try String(contentsOf: file, encoding: .utf8) } catch {
            throw .unreadable(path: file.path, reason: error.localizedDescription)
        }
        return try PrefixTable(parsing: text, source: file.lastPathComponent)
    }

    /// Every `*.txt` in `directory` merged into one table (prefixes carry their calling code).
    private static func tables(in directory: URL) throws(PrefixTableError) -> PrefixTable {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var merged = PrefixTable()
        for name in names.sorted() where name.hasSuffix(".txt") {
            merged.merge(try table(directory.appendingPathComponent(name)))
        }
        return merged
    }
}

// MARK: - Reading numbers

extension NumberingPlan {
    /// Splits international digits (no `+`) into calling code and national number, or nil when no
    /// calling code starts them. Calling codes form a prefix-free set, so the match is unique.
    public func split(_ digits: String) -> (callingCode: String, national: String)? {
        guard let match = callingCodes.match(digits) else { return nil }
        let code = String(digits.prefix(match.prefixLength))
        return (code, String(digits.dropFirst(match.prefixLength)))
    }

    /// The regions that share `callingCode`, the one owning unlisted prefixes first.
    public func regions(forCallingCode callingCode: String) -> [String] {
        owners[callingCode] ?? []
    }

    private static func owners(in table: PrefixTable) -> [String: [String]] {
        Dictionary(table.entries.map { entry in
            (entry.prefix, entry.description.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }, uniquingKeysWith: { _, last in last })
    }

    /// The calling code of `isoCode` (`"7"` for `RU`, `"1"` for `KY`), or nil if no code lists it.
    public func callingCode(forRegion isoCode: String) -> String? {
        let code = isoCode.uppercased()
        return callingCodes.entries.first { entry in
            entry.description.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == code }
        }?.prefix
    }

    /// The one region international `digits` belong to, decided by their prefix; nil when the
    /// calling code is shared and nothing in the number tells the regions apart.
    public func region(forDigits digits: String) -> String? {
        guard let (code, _) = split(digits) else { return nil }
        return region(forDigits: digits, callingCode: code)
    }

    /// ``region(forDigits:)`` when the calling code is already known.
    func region(forDigits digits: String, callingCode code: String) -> String? {
        if let match = regions.match(digits), match.prefixLength >= code.utf8.count { return match.description }
        let owners = regions(forCallingCode: code)
        return owners.count == 1 ? owners[0] : nil
    }

    /// The national rules for `callingCode`: possible lengths and trunk prefix, where known.
    public func rules(forCallingCode callingCode: String) -> NationalRules {
        NationalRules.known[callingCode] ?? NationalRules(
            lengths: nil, trunkPrefix: NationalRules.zeroTrunk.contains(callingCode) ? "0" : nil)
    }

    /// How a number is dialled from `country`: its real calling code and, for members of the
    /// North American plan that the dataset writes as `+1xxx` (or, for the Cayman Islands,
    /// as `+345`), the area code that national numbers of seven digits lack.
    public func dialing(for country: Country) -> (callingCode: String, areaCode: String?) {
        let digits = country.dialCode.digits
        if digits.count == 4, digits.hasPrefix("1") { return ("1", String(digits.dropFirst())) }
        if let area = NationalRules.nanpAreaCodes[country.isoCode] { return ("1", area) }
        return (digits, nil)
    }
}

/// What a country's own numbers look like after the calling code.
public struct NationalRules: Sendable, Equatable {
    /// Possible lengths of the national significant number; nil where the plan is not known here.
    public var lengths: ClosedRange<Int>?
    /// The digit dialled before national numbers inside the country (`0`, `8` in Russia, `1` in NANP).
    public var trunkPrefix: String?

    /// True where national numbers can begin with the trunk digit itself (Russia's 8 800 toll-free
    /// numbers are `8 800…`), so a leading trunk digit is dropped only when the length says so.
    public var trunkPrefixMayStartNumbers: Bool

    public init(lengths: ClosedRange<Int>?, trunkPrefix: String?, trunkPrefixMayStartNumbers: Bool = false) {
        self.lengths = lengths
        self.trunkPrefix = trunkPrefix
        self.trunkPrefixMayStartNumbers = trunkPrefixMayStartNumbers
    }

    /// E.164 allows 15 digits in all, calling code included.
    public static let maximumTotalDigits = 15
    /// The shortest national significant numbers in service (Niue, Tokelau) have four digits.
    public static let minimumNationalDigits = 4

    static let known: [String: NationalRules] = [
        "1": .init(lengths: 10...10, trunkPrefix: "1"),
        "7": .init(lengths: 10...10, trunkPrefix: "8", trunkPrefixMayStartNumbers: true),
        "44": .init(lengths: 7...10, trunkPrefix: "0"),
        "49": .init(lengths: 5...13, trunkPrefix: "0"),
    ]

    /// Calling codes whose countries dial `0` before national numbers (Italy and others keep it).
    static let zeroTrunk: Set<String> = [
        "20", "27", "31", "32", "33", "36", "40", "41", "43", "46", "61", "62", "63", "64", "66",
        "81", "82", "84", "86", "90", "91", "92", "234", "254", "353", "358", "380", "880",
        "966", "971", "972",
    ]

    /// The area code of each NANP member other than the US and Canada (the first where several).
    static let nanpAreaCodes: [String: String] = [
        "AG": "268", "AI": "264", "AS": "684", "BB": "246", "BM": "441", "BS": "242", "DM": "767",
        "DO": "809", "GD": "473", "GU": "671", "JM": "876", "KN": "869", "KY": "345", "LC": "758",
        "MP": "670", "MS": "664", "PR": "787", "SX": "721", "TC": "649", "TT": "868", "VC": "784",
        "VG": "284", "VI": "340",
    ]
}
