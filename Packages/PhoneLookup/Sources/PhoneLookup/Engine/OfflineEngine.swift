import ErrorReporting
import Foundation

/// What the numbering plan says about one number.
public struct NumberFacts: Sendable, Equatable {
    public var number: PhoneNumber
    /// Every region that shares the calling code, as ISO codes, the main one first.
    public var owners: [String]
    /// The region the number's prefix decides, if it decides one.
    public var region: String?
    /// Possible national lengths where the plan is known; nil where only E.164's limits apply.
    public var possibleLengths: ClosedRange<Int>?
    public var carrier: String?
    public var area: String?
    public var lineType: String?

    /// True when the national number has a possible length (always true where the plan is unknown).
    public var lengthIsPossible: Bool { possibleLengths?.contains(number.nationalNumber.count) ?? true }
}

/// The in-process lookup engine: answers from numbering facts (calling codes, region prefixes,
/// lengths, prefix tables), never from a list of made-up answers.
///
/// Pure and synchronous; ``OfflineLookup`` puts it behind the lookup API.
///
/// ```swift
/// let engine = OfflineEngine(plan: try .bundled(), names: CountryNames(language: .english))
/// engine.results(for: number, language: .english)
/// // ["Country: Russia", "Carrier: Yota (the range holder; the number may have been ported)", ...]
/// ```
public struct OfflineEngine: Sendable {
    public let plan: NumberingPlan
    public let names: CountryNames

    public init(plan: NumberingPlan, names: CountryNames) {
        self.plan = plan
        self.names = names
    }

    /// The facts the plan holds about `number`.
    public func facts(for number: PhoneNumber) -> NumberFacts {
        let digits = number.digits
        return NumberFacts(
            number: number,
            owners: plan.regions(forCallingCode: number.callingCode),
            region: plan.region(forDigits: digits, callingCode: number.callingCode),
            possibleLengths: plan.rules(forCallingCode: number.callingCode).lengths,
            carrier: plan.carriers.description(for: digits),
            area: plan.areas.description(for: digits),
            lineType: plan.lineTypes.description(for: digits)
        )
    }

    /// The answer as the lookup API returns it: one line per fact, in `language`.
    public func results(for number: PhoneNumber, language: Language) -> [String] {
        lines(for: facts(for: number), language: language)
    }

    /// Formats facts as result lines.
    public func lines(for facts: NumberFacts, language: Language) -> [String] {
        let ru = language == .russian
        var lines: [String] = []
        let code = "+" + facts.number.callingCode
        if let region = facts.region {
            let others = facts.owners.filter { $0 != region }.map { names.name(of: $0, in: language) }
            let list = others.count <= 3 ? others.joined(separator: ", ")
                : ru ? "ещё \(others.count) стран и территорий" : "\(others.count) other countries and territories"
            let shared = others.isEmpty ? "" : ru ? " (код \(code) также у: \(list))" : " (\(code) is shared with \(list))"
            lines.append((ru ? "Страна: " : "Country: ") + names.name(of: region, in: language) + shared)
        } else if !facts.owners.isEmpty {
            let all = facts.owners.map { names.name(of: $0, in: language) }.joined(separator: ", ")
            lines.append(ru ? "Код \(code) у нескольких стран: \(all)" : "Countries sharing \(code): \(all)")
        }
        if let area = facts.area { lines.append((ru ? "Регион: " : "Region: ") + area) }
        if let carrier = facts.carrier {
            lines.append(ru ? "Оператор: \(carrier) (владелец диапазона; номер мог быть перенесён)"
                            : "Carrier: \(carrier) (the range holder; the number may have been ported)")
        }
        if let lineType = facts.lineType {
            lines.append((ru ? "Тип линии: " : "Line type: ") + (ru ? Self.russian(lineType) : lineType))
        }
        lines.append(lengthLine(facts, russian: ru))
        return lines
    }

    private func lengthLine(_ facts: NumberFacts, russian ru: Bool) -> String {
        let count = facts.number.nationalNumber.count
        guard let lengths = facts.possibleLengths else {
            return ru ? "Длина: в пределах E.164 (\(facts.number.digits.count) цифр)"
                      : "Length: within E.164 limits (\(facts.number.digits.count) digits)"
        }
        let expected = lengths.count == 1 ? "\(lengths.lowerBound)" : "\(lengths.lowerBound)–\(lengths.upperBound)"
        if lengths.contains(count) {
            return ru ? "Длина: допустима (\(count) цифр)" : "Length: possible (\(count) digits)"
        }
        return ru ? "Длина: невозможна (\(count) цифр, ожидается \(expected))"
                  : "Length: not possible (\(count) digits, \(expected) expected)"
    }

    private static func russian(_ lineType: String) -> String {
        let words = [
            "mobile": "мобильный", "fixed line": "стационарный", "fixed line or mobile": "стационарный или мобильный",
            "toll-free": "бесплатный", "premium rate": "платный", "shared cost": "с разделённой оплатой",
            "pager": "пейджер", "personal number": "персональный номер", "VoIP": "IP-телефония",
        ]
        return words[lineType] ?? lineType
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
        let locale = Self.locales[language == .russian ? 1 : 0]
        return locale.localizedString(forRegionCode: isoCode) ?? dataset[isoCode] ?? isoCode
    }

    private static let locales = [Locale(identifier: "en_US"), Locale(identifier: "ru_RU")]
}
