import ErrorReporting
import Foundation
import Locking

/// What the numbering data says about one number.
public struct NumberFacts: Sendable, Equatable {
    public var number: PhoneNumber
    /// Every region that shares the calling code, the main one first (`001` for +800 and the like).
    public var owners: [String]
    /// The region the number belongs to (decided by its range where a code is shared), or nil.
    public var region: String?
    /// True when the number is in a range of some line type of its region.
    var isValid: Bool
    /// Why the number is not valid; nil when it is.
    public var problem: InvalidNumber?
    package var lineType: LineType?
    /// The range holder, for mobile and pager numbers where the data names one.
    package var carrier: String?
    /// The place a geographic number serves.
    public var area: String?
    /// What the number is as a short number of its region (an emergency number, a service code).
    public var shortNumber: ShortNumber?
    var timeZones: [String]
    /// The national significant number's possible lengths in the calling code's main region.
    var possibleLengths: [Int]
    /// `+7 999 467-37-56`.
    public var international: String
    /// `8 (999) 467-37-56`.
    var national: String

    /// True when the national number has a possible length.
    package var lengthIsPossible: Bool { possibleLengths.contains(number.nationalNumber.count) }
}

/// The in-process lookup engine: answers from libphonenumber's numbering data (regions,
/// line-type ranges, formats, carriers, places, time zones), never from made-up answers.
///
/// Pure and synchronous; ``OfflineLookup`` puts it behind the lookup API.
///
/// ```swift
/// let engine = OfflineEngine(plan: try .bundled(), names: CountryNames())
/// engine.results(for: number, language: .english)
/// // ["Country: Russia", "Line type: mobile", "Carrier: MegaFon (the range holder; …)", …]
/// ```
public struct OfflineEngine: Sendable {
    public let plan: NumberingPlan
    public let names: CountryNames
    /// The language of places and carriers when it is not the answer's own (a locale's `de`
    /// while messages are English); nil: the answer's language.
    public let placeLanguage: String?
    /// Time-zone names in the language of places; identifiers where Foundation has no name.
    let zoneNames: TimeZoneNames

    public init(plan: NumberingPlan, names: CountryNames, placeLanguage: String? = nil) {
        self.init(plan: plan, names: names, placeLanguage: placeLanguage, zoneNames: .foundation)
    }

    /// An engine naming time zones with `zoneNames` (tests give one without Foundation's data).
    package init(plan: NumberingPlan, names: CountryNames, placeLanguage: String? = nil, zoneNames: TimeZoneNames) {
        self.plan = plan
        self.names = names
        self.placeLanguage = placeLanguage
        self.zoneNames = zoneNames
    }

    /// The language places and carriers are given in for an answer in `language`.
    public func placeLanguage(for language: Language) -> String { placeLanguage ?? language.rawValue }

    /// The facts the data holds about `number`, as libphonenumber would answer them; places and
    /// carriers in `language` (libphonenumber's code, `ru`), English where it has none.
    public func facts(for number: PhoneNumber, placesIn language: String = "en") -> NumberFacts {
        let metadata = plan.metadata
        let code = Int(number.callingCode) ?? 0
        let national = Digits(number.nationalNumber)
        let all = Digits(number.digits)
        let main = metadata.mainTerritory(forCallingCode: code)
        let classification = Self.classify(number, in: metadata)
        let region = classification.region
        let lineType = classification.lineType
        let valid = lineType != nil
        let short = classification.shortNumber
        let formats = Self.formatted(national, callingCode: code, territory: main, extension: number.phoneExtension)
        return NumberFacts(
            number: number,
            owners: metadata.regions(forCallingCode: code),
            region: region,
            isValid: valid,
            problem: valid || short != nil ? nil
                : Self.problem(national: national, callingCode: code, main: main, e164: number.e164),
            lineType: lineType,
            carrier: lineType?.hasCarrier == true ? plan.carrier(for: all, callingCode: code, language: language) : nil,
            area: lineType?.isGeographic == true ? plan.area(for: all, callingCode: code, language: language) : nil,
            shortNumber: short,
            timeZones: lineType.map { plan.timeZones(for: $0.hasZonesByPrefix(callingCode: code) ? all : Digits(number.callingCode)) } ?? [],
            possibleLengths: main?.general.lengths ?? [],
            international: formats.international,
            national: formats.national
        )
    }

    /// The region and line type of `number`: what its parser already decided, else decided now.
    static func classify(_ number: PhoneNumber, in metadata: NumberingMetadata) -> NumberClassification {
        if let known = number.classification { return known }
        let code = Int(number.callingCode) ?? 0
        let national = Digits(number.nationalNumber)
        let region = region(of: national, callingCode: code, in: metadata)
        let territory = region.flatMap { $0 == "001" ? metadata.mainTerritory(forCallingCode: code) : metadata.territory(forRegion: $0) }
        return NumberClassification(region: region, lineType: territory?.lineType(of: national))
    }

    /// Why `number` is not valid, or nil when it is.
    static func problem(with number: PhoneNumber, in plan: NumberingPlan) -> InvalidNumber? {
        let classification = classify(number, in: plan.metadata)
        guard classification.lineType == nil, classification.shortNumber == nil else { return nil }
        let code = Int(number.callingCode) ?? 0
        return problem(national: Digits(number.nationalNumber), callingCode: code,
                       main: plan.metadata.mainTerritory(forCallingCode: code), e164: number.e164)
    }

    private static func problem(national: Digits, callingCode: Int, main: Territory?, e164: String) -> InvalidNumber {
        guard let main else { return .unknownCallingCode(String(callingCode)) }
        let lengths = main.general.lengths
        switch main.lengthCheck(national.count) {
        case .tooShort: return .tooShort(digits: national.count, minimum: lengths.first ?? 0)
        case .tooLong: return .tooLong(digits: national.count, maximum: lengths.last ?? 0)
        case .invalidLength: return .impossibleLength(digits: national.count, possible: lengths)
        case .possible, .possibleLocalOnly: return .noSuchRange(e164)
        }
    }

    /// libphonenumber's `getRegionCodeForNumber`: the only region of the code, else the first
    /// whose leading digits (or, lacking those, line-type ranges) take the number.
    static func region(of national: Digits, callingCode: Int, in metadata: NumberingMetadata) -> String? {
        if let only = metadata.onlyTerritory(forCallingCode: callingCode) { return only.id }
        let territories = metadata.territories(forCallingCode: callingCode)
        if territories.count == 1 { return territories[0].id }
        for territory in territories {
            if let leading = territory.leadingDigits {
                if leading.prefixMatch(national) != nil { return territory.id }
            } else if territory.lineType(of: national) != nil {
                return territory.id
            }
        }
        return nil
    }

    /// The number written international and national, by the main region's rules.
    static func formatted(_ national: Digits, callingCode: Int, territory: Territory?,
                          extension phoneExtension: String?) -> (international: String, national: String) {
        let nsn = national.description
        let international = territory?.format(for: national, international: true)?.apply(to: national, national: false) ?? nsn
        let local = territory?.format(for: national, international: false)?.apply(to: national, national: true) ?? nsn
        let suffix = phoneExtension.map { (territory?.preferredExtensionPrefix.isEmpty == false
            ? territory!.preferredExtensionPrefix : " ext. ") + $0 } ?? ""
        return ("+\(callingCode) " + international + suffix, local + suffix)
    }

    /// The answer as the lookup API returns it: one line per fact, in `language`.
    public func results(for number: PhoneNumber, language: Language) -> [String] {
        lines(for: facts(for: number, placesIn: placeLanguage ?? language.rawValue), language: language)
    }

    /// The row saying how the number is dialled from `region` (another country's).
    public func dialFromLine(_ facts: NumberFacts, from region: String, language: Language) -> String {
        let name = names.name(of: region, in: language)
        return (language == .russian ? "Набор из-за рубежа (\(name)): " : "Dialled from \(name): ") + dialled(facts, from: region)
    }

    /// The machine-readable answer; `from` adds how the number is dialled from that region.
    public func details(for facts: NumberFacts, from region: String? = nil) -> NumberDetails {
        let short = facts.shortNumber
        // A short number is dialled as it is, within its region only: it has no E.164 or
        // international form and no way in from another country.
        return NumberDetails(
            e164: short == nil ? facts.number.e164 : nil, international: short == nil ? facts.international : nil,
            national: short == nil ? facts.national : facts.number.nationalNumber,
            rfc3966: rfc3966(facts), regionCode: short?.region ?? facts.region,
            lineType: facts.lineType?.rawValue, carrier: facts.carrier, place: facts.area,
            timeZones: facts.timeZones.isEmpty ? nil : facts.timeZones,
            dialFrom: short != nil ? nil
                : region.map { NumberDetails.DialFrom(regionCode: $0.uppercased(), number: dialled(facts, from: $0)) },
            shortNumber: short.map { NumberDetails.Short(emergency: $0.isEmergency, cost: $0.cost?.rawValue) })
    }

    /// Formats facts as result lines.
    public func lines(for facts: NumberFacts, language: Language) -> [String] {
        let ru = language == .russian
        var lines: [String] = []
        let code = "+" + facts.number.callingCode
        if let region = facts.region, region != "001" {
            // A short number is dialled without a code, so who else has the code is beside the point.
            let others = facts.shortNumber != nil ? [] : facts.owners.filter { $0 != region }
            let list = others.count <= 3 ? others.map { names.name(of: $0, in: language) }.joined(separator: ", ")
                : ru ? "ещё \(others.count) стран и территорий" : "\(others.count) other countries and territories"
            let shared = others.isEmpty ? "" : ru ? " (код \(code) также у: \(list))" : " (\(code) is shared with \(list))"
            lines.append((ru ? "Страна: " : "Country: ") + names.name(of: region, in: language) + shared)
        } else if facts.region == "001" {
            lines.append(ru ? "Негеографический код \(code) (международная услуга)"
                            : "Non-geographic code \(code) (an international service)")
        } else if !facts.owners.isEmpty {
            let all = facts.owners.map { names.name(of: $0, in: language) }.joined(separator: ", ")
            lines.append(ru ? "Код \(code) у нескольких стран: \(all)" : "Countries sharing \(code): \(all)")
        }
        if let short = facts.shortNumber {
            lines += shortNumberLines(short, facts: facts, language: language)
            return lines
        }
        if let problem = facts.problem {
            lines.append((ru ? "Недействительный номер: " : "Not a valid number: ") + problem.text.text(in: language))
        }
        if let lineType = facts.lineType {
            lines.append((ru ? "Тип линии: " : "Line type: ") + lineType.text.text(in: language))
        }
        if let carrier = facts.carrier {
            lines.append(ru ? "Оператор: \(carrier) (владелец диапазона; номер мог быть перенесён)"
                            : "Carrier: \(carrier) (the range holder; the number may have been ported)")
        }
        if let area = facts.area { lines.append((ru ? "Место: " : "Place: ") + area) }
        if !facts.timeZones.isEmpty {
            lines.append((ru ? "Часовой пояс: " : "Time zone: ") + zoneNames.text(of: facts.timeZones, in: placeLanguage(for: language), russian: ru))
        }
        lines.append("RFC 3966: " + rfc3966(facts))
        if let region = facts.region, region != "001", let mobile = dialledFromMobile(facts, in: region) {
            lines.append((ru ? "С мобильного внутри страны: " : "From a mobile within the country: ") + mobile)
        }
        lines.append((ru ? "Международный формат: " : "International: ") + facts.international)
        lines.append((ru ? "Национальный формат: " : "National: ") + facts.national)
        lines.append("E.164: " + facts.number.e164)
        return lines
    }
}

extension OfflineEngine {
    /// The rows of a short number: what it is and where, what it costs, how it is dialled.
    func shortNumberLines(_ short: ShortNumber, facts: NumberFacts, language: Language) -> [String] {
        let ru = language == .russian
        let country = names.name(of: short.region, in: language)
        var lines = [short.isEmergency
            ? (ru ? "Экстренный номер (\(country))" : "Emergency number in \(country)")
            : (ru ? "Короткий номер (\(country))" : "Short number in \(country)")]
        if let cost = short.cost { lines.append((ru ? "Стоимость: " : "Cost: ") + cost.text.text(in: language)) }
        lines.append(ru ? "Набор: \(facts.number.nationalNumber) (только внутри страны, без кода)"
                        : "Dial: \(facts.number.nationalNumber) (within the country, without a code)")
        return lines
    }
}

/// Country names by ISO code: from the dataset where there is one, else from the system locale.
public struct CountryNames: Sendable {
    private let dataset: [String: String]

    /// Names from the system locale only.
    public init() { dataset = [:] }

    /// Names as the dataset spells them, so results agree with the picker.
    public init(catalog: CountryCatalog) {
        dataset = Dictionary(catalog.countries.map { ($0.isoCode, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// The name of `isoCode`: the dataset's in English, else the locale's in `language`, else the code.
    public func name(of isoCode: String, in language: Language) -> String {
        if language == .english, let name = dataset[isoCode] { return name }
        return Self.localeNames.name(of: isoCode, russian: language == .russian) ?? dataset[isoCode] ?? isoCode
    }

    /// Asking Foundation's locale for a region's name costs microseconds; each name is asked once.
    private static let localeNames = LocaleNames()
}

/// The locale's region names, looked up once each.
private final class LocaleNames: Sendable {
    private let locales = [Locale(identifier: "en_US"), Locale(identifier: "ru_RU")]
    /// English names, then Russian ones, by ISO code.
    private let cache = LockedValue<[[String: String?]]>([[:], [:]])

    func name(of isoCode: String, russian: Bool) -> String? {
        let language = russian ? 1 : 0
        if let known = cache.withLock({ $0[language][isoCode] }) { return known }
        let name = locales[language].localizedString(forRegionCode: isoCode)
        cache.withLock { $0[language][isoCode] = .some(name) }
        return name
    }
}
