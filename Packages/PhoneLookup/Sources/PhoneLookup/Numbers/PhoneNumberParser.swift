import ErrorReporting

/// Turns what a person typed into a ``PhoneNumber`` in E.164 form, or says why it cannot.
///
/// Spaces, dashes, dots, slashes and brackets are separators and are dropped. A leading `+` means
/// the number is international and overrides the selected country. Otherwise the selected
/// country's calling code is put in front, after dropping a trunk prefix typed out of habit
/// (`8 999…` in Russia, `020…` in the UK) or the calling code typed without `+` (`7999…`).
///
/// ```swift
/// let parser = PhoneNumberParser(plan: plan)
/// try parser.parse("(999) 467-37-56", country: russia).e164   // "+79994673756"
/// ```
public struct PhoneNumberParser: Sendable {
    public let plan: NumberingPlan

    public init(plan: NumberingPlan) {
        self.plan = plan
    }

    /// Validates `input` typed while `country` was selected.
    public func parse(_ input: String, country: Country?) throws(InvalidNumber) -> PhoneNumber {
        let (international, digits) = try Self.digits(of: input)
        if international { return try parseInternational(digits) }
        guard let country else { throw .noCountry }
        let (callingCode, areaCode) = plan.dialing(for: country)
        let rules = plan.rules(forCallingCode: callingCode)
        var national = Substring(digits)
        if let lengths = rules.lengths, lengths.contains(national.count - callingCode.count),
           national.hasPrefix(callingCode), !lengths.contains(national.count) {
            national = national.dropFirst(callingCode.count)
        } else if let trunk = rules.trunkPrefix, national.hasPrefix(trunk), national.count > trunk.count,
                  !rules.trunkPrefixMayStartNumbers || fits(national.count - trunk.count, rules) {
            national = national.dropFirst(trunk.count)
        }
        if let areaCode, national.count == 7 { national = Substring(areaCode) + national }
        return try checked(callingCode: callingCode, national: String(national))
    }

    /// True when a national number of `count` digits has a possible length (any, where unknown).
    private func fits(_ count: Int, _ rules: NationalRules) -> Bool {
        rules.lengths?.contains(count) ?? true
    }

    /// Validates a number that was typed with a leading `+`.
    private func parseInternational(_ digits: String) throws(InvalidNumber) -> PhoneNumber {
        guard digits.count <= NationalRules.maximumTotalDigits else {
            throw .tooLong(digits: digits.count, maximum: NationalRules.maximumTotalDigits)
        }
        guard let (callingCode, national) = plan.split(digits) else {
            throw .unknownCallingCode(String(digits.prefix(3)))
        }
        return try checked(callingCode: callingCode, national: national)
    }

    private func checked(callingCode: String, national: String) throws(InvalidNumber) -> PhoneNumber {
        let lengths = plan.rules(forCallingCode: callingCode).lengths
            ?? NationalRules.minimumNationalDigits...(NationalRules.maximumTotalDigits - callingCode.count)
        guard national.count >= lengths.lowerBound else {
            throw .tooShort(digits: national.count, minimum: lengths.lowerBound)
        }
        guard national.count <= lengths.upperBound else {
            throw .tooLong(digits: national.count, maximum: lengths.upperBound)
        }
        return PhoneNumber(callingCode: callingCode, nationalNumber: national)
    }

    /// The ASCII digits of `input` and whether it began with `+`; refuses anything but digits and separators.
    static func digits(of input: String) throws(InvalidNumber) -> (international: Bool, digits: String) {
        let text = input.trimmingCharacters(in: .whitespacesAndNewlines)
        var digits = ""
        var international = false
        var letters = ""
        for (offset, character) in text.enumerated() {
            if character == "+" {
                guard offset == 0 else { throw .misplacedPlus }
                international = true
            } else if let value = character.wholeNumberValue, character.isNumber {
                digits.append(String(value))
            } else if separators.contains(character) || character.isWhitespace {
                continue
            } else if character.isLetter {
                letters.append(character)
            } else {
                throw .unexpectedCharacter(character)
            }
        }
        guard letters.isEmpty else { throw .letters(letters) }
        guard !digits.isEmpty else { throw .empty }
        return (international, digits)
    }

    private static let separators: Set<Character> = ["-", ".", "(", ")", "/", "\u{2010}", "\u{2011}", "\u{2013}"]
}

/// Why typed text is not a phone number; each case says what to fix.
public enum InvalidNumber: Error, Sendable, Equatable, CustomStringConvertible, UserFacingErrorConvertible {
    case empty
    case letters(String)
    case unexpectedCharacter(Character)
    case misplacedPlus
    case tooShort(digits: Int, minimum: Int)
    case tooLong(digits: Int, maximum: Int)
    case unknownCallingCode(String)
    case noCountry

    public var description: String { text.english }

    /// The reason in English and Russian.
    public var text: LocalizedText {
        switch self {
        case .empty:
            LocalizedText(en: "Enter a phone number", ru: "Введите номер телефона")
        case .letters(let letters):
            LocalizedText(en: "A phone number has only digits; remove \"\(letters)\"",
                          ru: "В номере телефона только цифры; уберите «\(letters)»")
        case .unexpectedCharacter(let character):
            LocalizedText(en: "\"\(character)\" cannot be part of a phone number",
                          ru: "«\(character)» не может быть частью номера")
        case .misplacedPlus:
            LocalizedText(en: "A + may only start the number", ru: "Знак + может стоять только в начале номера")
        case .tooShort(let digits, let minimum):
            LocalizedText(en: "Too short: \(digits) digits after the country code, at least \(minimum) needed",
                          ru: "Слишком короткий: \(digits) цифр после кода страны, нужно не меньше \(minimum)")
        case .tooLong(let digits, let maximum):
            LocalizedText(en: "Too long: \(digits) digits, at most \(maximum) allowed",
                          ru: "Слишком длинный: \(digits) цифр, допустимо не больше \(maximum)")
        case .unknownCallingCode(let prefix):
            LocalizedText(en: "No country has a calling code starting +\(prefix)",
                          ru: "Нет страны с кодом, начинающимся на +\(prefix)")
        case .noCountry:
            LocalizedText(en: "Choose a country code or start the number with +",
                          ru: "Выберите код страны или начните номер с +")
        }
    }

    public var userFacingError: UserFacingError { UserFacingError(code: "invalidNumber", message: text) }
}
