import ErrorReporting

/// Reads what a person typed as libphonenumber's `parse` does, and says why it is not a valid number.
///
/// Spaces, dashes, dots, slashes and brackets are separators; full-width and other scripts'
/// digits count as digits; an extension (`ext. 12`, `x12`, `#12`, `доб. 12`) is kept apart.
/// A leading `+` or the selected region's international prefix (`00`, `011`, `810` …) starts an
/// international number; otherwise the region's calling code is assumed, after dropping its
/// national (trunk) prefix by the region's own rules (`8` in Russia, `0` in Austria, `1` in the
/// NANP, with the transform rules that add an area code to seven-digit numbers in the Cayman
/// Islands and other NANP members) or the calling code typed without `+`.
///
/// ```swift
/// let parser = PhoneNumberParser(plan: plan)
/// try parser.parse("8 (999) 467-37-56", country: russia).e164   // "+79994673756"
/// ```
public struct PhoneNumberParser: Sendable {
    public let plan: NumberingPlan

    public init(plan: NumberingPlan) {
        self.plan = plan
    }

    /// Reads `input` typed while `country` was selected and accepts only a valid number.
    ///
    /// - Throws: ``InvalidNumber``: what is wrong with the text, or why the number is not valid
    ///   (too short, too long, a length no number has, or no such range).
    ///
    /// A number typed without `+` that is no number of the plan but a short number of the
    /// selected region (112 in Russia, 911 in the US) is accepted as that short number, as
    /// libphonenumber's `ShortNumberInfo` reads it; with a calling code it is not, since
    /// libphonenumber does not believe an emergency number is dialled that way.
    public func parse(_ input: String, country: Country?) throws(InvalidNumber) -> PhoneNumber {
        try parse(input, territory: country.flatMap(plan.territory(for:)), hasCountry: country != nil)
    }

    /// ``parse(_:country:)`` with the region given by its ISO code (`RU`), as the API's
    /// `country` parameter gives it; nil reads only numbers that start with `+`.
    package func parse(_ input: String, region: String?) throws(InvalidNumber) -> PhoneNumber {
        try parse(input, territory: region.flatMap(plan.metadata.territory(forRegion:)), hasCountry: region != nil)
    }

    private func parse(_ input: String, territory: Territory?, hasCountry: Bool) throws(InvalidNumber) -> PhoneNumber {
        var number = try read(input, territory: territory, hasCountry: hasCountry)
        number.classification = OfflineEngine.classify(number, in: plan.metadata)
        guard let problem = OfflineEngine.problem(with: number, in: plan) else { return number }
        guard let short = shortNumber(number, typed: input, territory: territory) else { throw problem }
        number.classification = NumberClassification(region: short.region, lineType: nil, shortNumber: short)
        return number
    }

    /// The short number `number` is, when it was typed without a calling code in `territory`.
    private func shortNumber(_ number: PhoneNumber, typed input: String, territory: Territory?) -> ShortNumber? {
        guard let territory, String(territory.callingCode) == number.callingCode, number.phoneExtension == nil,
              let scanned = try? Self.scan(input), !scanned.international,
              scanned.digits.description.hasSuffix(number.nationalNumber) else { return nil }
        return plan.shortNumbers.shortNumber(Digits(number.nationalNumber), dialled: scanned.digits, in: territory.id)
    }

    /// Reads `input` as libphonenumber's `parse(input, region)` does, valid or not.
    public func read(_ input: String, region: String?) throws(InvalidNumber) -> PhoneNumber {
        try read(input, territory: region.flatMap(plan.metadata.territory(forRegion:)), hasCountry: region != nil)
    }

    private func read(_ input: String, territory: Territory?, hasCountry: Bool) throws(InvalidNumber) -> PhoneNumber {
        let (international, digits, phoneExtension) = try Self.scan(input)
        return try read(digits, international: international, phoneExtension: phoneExtension,
                        territory: territory, hasCountry: hasCountry).number
    }

    /// Where the calling code of a read number came from (libphonenumber's `CountryCodeSource`).
    enum CallingCodeSource: Sendable {
        case plusSign, internationalPrefix, ownCodeWithoutPlus, selectedRegion
    }

    /// The rest of `read` once the text is digits: the calling code, the national prefix dropped.
    func read(_ digits: Digits, international: Bool, phoneExtension: String?, territory: Territory?,
              hasCountry: Bool) throws(InvalidNumber) -> (number: PhoneNumber, source: CallingCodeSource) {
        var callingCode: Int
        var national: Digits
        var extracted = true
        var source = CallingCodeSource.plusSign
        if international {
            (callingCode, national) = try splitCallingCode(digits)
        } else if let territory, let iddEnd = Self.internationalPrefixEnd(digits, territory) {
            (callingCode, national) = try splitCallingCode(digits.dropFirst(iddEnd))
            source = .internationalPrefix
        } else if let territory {
            (callingCode, national) = (territory.callingCode, digits)
            extracted = false
            source = .selectedRegion
            let own = Digits(String(territory.callingCode))
            if digits.hasPrefix(own) {
                let rest = Self.strippingNationalPrefix(digits.dropFirst(own.count), territory)
                if (!territory.general.patternMatches(digits) && territory.general.patternMatches(rest))
                    || territory.lengthCheck(digits.count) == .tooLong {
                    national = rest
                    extracted = true
                    source = .ownCodeWithoutPlus
                }
            }
        } else {
            throw hasCountry ? .unknownRegion : .noCountry
        }
        let rules = extracted ? plan.metadata.mainTerritory(forCallingCode: callingCode) : territory
        if let rules {
            let stripped = Self.strippingNationalPrefix(national, rules)
            switch rules.lengthCheck(stripped.count) {
            case .tooShort, .possibleLocalOnly, .invalidLength: break
            case .possible, .tooLong: national = stripped
            }
        }
        guard national.count >= Self.minimumNationalDigits else {
            throw .tooShort(digits: national.count, minimum: Self.minimumNationalDigits)
        }
        guard national.count <= Self.maximumNationalDigits else {
            throw .tooLong(digits: national.count, maximum: Self.maximumNationalDigits)
        }
        let number = PhoneNumber(callingCode: String(callingCode), nationalNumber: national.description,
                                 phoneExtension: phoneExtension)
        return (number, source)
    }

    /// libphonenumber's bounds on any national significant number.
    static let minimumNationalDigits = 2
    static let maximumNationalDigits = 17

    /// The calling code at the start of international digits (1 to 3 digits, never starting with 0).
    private func splitCallingCode(_ digits: Digits) throws(InvalidNumber) -> (Int, Digits) {
        guard digits.count > Self.minimumNationalDigits else {
            throw .tooShort(digits: digits.count, minimum: Self.minimumNationalDigits + 1)
        }
        if digits.values[0] != 0 {
            var code = 0
            for length in 1...min(3, digits.count) {
                code = code * 10 + Int(digits.values[length - 1])
                if plan.metadata.knows(callingCode: code) { return (code, digits.dropFirst(length)) }
            }
        }
        throw .unknownCallingCode(digits.prefix(3).description)
    }

    /// Where the region's international prefix ends, if `digits` start with one that is not
    /// followed by a 0 (no calling code starts with 0).
    private static func internationalPrefixEnd(_ digits: Digits, _ territory: Territory) -> Int? {
        guard let end = territory.internationalPrefix?.prefixMatch(digits) else { return nil }
        if end < digits.count, digits.values[end] == 0 { return nil }
        return end
    }

    /// libphonenumber's `maybeStripNationalPrefixAndCarrierCode`, without the carrier code.
    static func strippingNationalPrefix(_ number: Digits, _ territory: Territory) -> Digits {
        nationalPrefixStripped(number, territory).digits
    }

    /// ``strippingNationalPrefix(_:_:)`` and whether it dropped anything (the matcher asks
    /// whether a number that needs its national prefix was written with it).
    static func nationalPrefixStripped(_ number: Digits, _ territory: Territory) -> (digits: Digits, stripped: Bool) {
        guard !number.isEmpty, let pattern = territory.nationalPrefixForParsing,
              let match = pattern.match(number, anchored: false) else { return (number, false) }
        let viable = territory.general.patternMatches(number)
        let rule = territory.nationalPrefixTransformRule
        let rest = number.dropFirst(match.end)
        guard !rule.isEmpty, pattern.groupCount > 0, let last = match.groups.last, last != nil else {
            if viable, !territory.general.patternMatches(rest) { return (number, false) }
            return (rest, true)
        }
        var transformed: [UInt8] = []
        var characters = rule.makeIterator()
        while let character = characters.next() {
            if character == "$", let next = characters.next(), let index = next.wholeNumberValue {
                if index >= 1, index <= match.groups.count, let range = match.groups[index - 1] {
                    transformed += number.values[range]
                }
            } else if let value = character.wholeNumberValue {
                transformed.append(UInt8(value))
            }
        }
        let result = Digits(transformed + rest.values)
        if viable, !territory.general.patternMatches(result) { return (number, false) }
        return (result, true)
    }

    /// The digits of `input` (any script's), whether it began with `+`, and its extension.
    static func scan(_ input: String) throws(InvalidNumber) -> (international: Bool, digits: Digits, phoneExtension: String?) {
        if let plain = scanPlainASCII(input) { return plain }
        var text = Substring(input.trimmingCharacters(in: .whitespacesAndNewlines))
        let phoneExtension = extractExtension(&text)
        var digits: [UInt8] = []
        var international = false
        var letters = ""
        var digitsBeforeLetters = 0
        for character in text {
            if character == "+" || character == "\u{FF0B}" {
                guard digits.isEmpty, !international else { throw .misplacedPlus }
                international = true
            } else if let value = character.wholeNumberValue, character.isNumber, value < 10 {
                digits.append(UInt8(value))
            } else if separators.contains(character) || character.isWhitespace {
                continue
            } else if character.isLetter {
                if letters.isEmpty { digitsBeforeLetters = digits.count }
                letters.append(character)
                if let value = keypadDigit(character) { digits.append(value) }
            } else {
                throw .unexpectedCharacter(character)
            }
        }
        // libphonenumber reads letters as a keypad's (1-800-FLOWERS) only when there are at least
        // three, all Latin, after at least three digits; any other letter is a mistake to point out.
        guard letters.isEmpty || (letters.count >= 3 && digitsBeforeLetters >= 3
                                  && letters.allSatisfy { keypadDigit($0) != nil }) else { throw .letters(letters) }
        guard !digits.isEmpty else { throw .empty }
        return (international, Digits(digits), phoneExtension)
    }

    /// The digit a letter stands for on a phone's keypad (`ABC` 2 … `WXYZ` 9), Latin letters only.
    static func keypadDigit(_ character: Character) -> UInt8? {
        guard let ascii = character.asciiValue, character.isLetter else { return nil }
        let index = Int((ascii | 0x20) &- UInt8(ascii: "a"))
        guard (0..<26).contains(index) else { return nil }
        return Array("22233344455566677778889999".utf8)[index] &- 48
    }

    /// The text with its letters replaced by the keypad digits they stand for (`1-800-FLOWERS`
    /// → `1-800-356-9377`), when the parser reads it so; nil for text without such letters.
    public static func keypadSpelling(_ input: String) -> String? {
        guard input.contains(where: { keypadDigit($0) != nil }), (try? scan(input)) != nil else { return nil }
        return String(input.map { character in keypadDigit(character).map { Character(String($0)) } ?? character })
    }

    /// The common case without a single String operation: ASCII digits, one leading `+` and the
    /// usual separators. Anything else (or an error) goes the careful way.
    private static func scanPlainASCII(_ input: String) -> (international: Bool, digits: Digits, phoneExtension: String?)? {
        var digits: [UInt8] = []
        digits.reserveCapacity(20)
        var international = false
        for byte in input.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(byte &- 48)
            case UInt8(ascii: "+"):
                guard digits.isEmpty, !international else { return nil }
                international = true
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "("),
                 UInt8(ascii: ")"), UInt8(ascii: "/"):
                continue
            default:
                return nil
            }
        }
        return digits.isEmpty ? nil : (international, Digits(digits), nil)
    }

    /// Removes a trailing extension (`;ext=12`, `ext. 12`, `x12`, `#12`, `доб. 12`) and returns its digits.
    private static func extractExtension(_ text: inout Substring) -> String? {
        var end = text.endIndex
        if text.last == "#" { end = text.index(before: end) }
        var start = end
        while start > text.startIndex, text[text.index(before: start)].isNumber { start = text.index(before: start) }
        let digits = text[start..<end]
        guard (1...7).contains(digits.count), start > text.startIndex else { return nil }
        var head = text[..<start]
        while let last = head.last, last == " " || last == "." || last == ":" || last == "=" || last == "-" {
            head = head.dropLast()
        }
        let lower = head.lowercased()
        for marker in extensionMarkers where lower.hasSuffix(marker) {
            let kept = head.dropLast(marker.count)
            guard kept.contains(where: \.isNumber) else { return nil }
            text = kept
            return String(digits.compactMap { $0.wholeNumberValue.map(String.init) }.joined())
        }
        return nil
    }

    private static let extensionMarkers = [";ext", "extension", "ext", "доб", "x", "#", "\u{FF58}", "\u{FF03}"]
    private static let separators: Set<Character> = [
        "-", ".", "(", ")", "/", "[", "]", "~", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}",
        "\u{2015}", "\u{2212}", "\u{30FC}", "\u{FF0D}", "\u{FF0E}", "\u{FF0F}", "\u{FF08}", "\u{FF09}",
        "\u{00A0}", "\u{3000}", "\u{2060}",
    ]
}

/// Why typed text is not a valid phone number; each case says what to fix.
public enum InvalidNumber: Error, Sendable, Equatable, CustomStringConvertible, UserFacingErrorConvertible {
    case empty
    case letters(String)
    case unexpectedCharacter(Character)
    case misplacedPlus
    /// Fewer national digits than any number of the region has.
    case tooShort(digits: Int, minimum: Int)
    /// More national digits than any number of the region has.
    case tooLong(digits: Int, maximum: Int)
    /// Between the shortest and longest, but no number of the region has this many digits.
    case impossibleLength(digits: Int, possible: [Int])
    /// A possible length, but no range of any line type holds it (`+7 099 …`).
    case noSuchRange(String)
    case unknownCallingCode(String)
    /// The selected region is one the numbering data does not know, and the number has no `+`.
    case unknownRegion
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
            LocalizedText(en: "Too short: \(digits) \(digits == 1 ? "digit" : "digits") after the country code, at least \(minimum) needed",
                          ru: "Слишком короткий: \(Self.russianDigits(digits)) после кода страны, нужно не меньше \(minimum)")
        case .tooLong(let digits, let maximum):
            LocalizedText(en: "Too long: \(digits) digits after the country code, at most \(maximum) allowed",
                          ru: "Слишком длинный: \(Self.russianDigits(digits)) после кода страны, допустимо не больше \(maximum)")
        case .impossibleLength(let digits, let possible):
            LocalizedText(en: "No number here has \(digits) digits after the country code (possible: \(Self.list(possible)))",
                          ru: "Здесь нет номеров из \(Self.russianDigits(digits, genitive: true)) после кода страны (возможно: \(Self.list(possible)))")
        case .noSuchRange(let number):
            LocalizedText(en: "No such range: \(number) is not in any range of the numbering plan",
                          ru: "Нет такого диапазона: \(number) не входит ни в один диапазон плана нумерации")
        case .unknownCallingCode(let prefix):
            LocalizedText(en: "No country has a calling code starting +\(prefix)",
                          ru: "Нет страны с кодом, начинающимся на +\(prefix)")
        case .unknownRegion:
            LocalizedText(en: "The numbering of the selected country is not known; start the number with + and its code",
                          ru: "Нумерация выбранной страны неизвестна; начните номер с + и кода страны")
        case .noCountry:
            LocalizedText(en: "Choose a country code or start the number with +",
                          ru: "Выберите код страны или начните номер с +")
        }
    }

    private static func list(_ lengths: [Int]) -> String { lengths.map(String.init).joined(separator: ", ") }

    /// «1 цифра», «2 цифры», «5 цифр» (or the genitive «1 цифры», «5 цифр»).
    package static func russianDigits(_ count: Int, genitive: Bool = false) -> String {
        let lastTwo = count % 100, last = count % 10
        if genitive { return "\(count) \(last == 1 && lastTwo != 11 ? "цифры" : "цифр")" }
        if last == 1 && lastTwo != 11 { return "\(count) цифра" }
        if (2...4).contains(last) && !(12...14).contains(lastTwo) { return "\(count) цифры" }
        return "\(count) цифр"
    }

    public var userFacingError: UserFacingError { UserFacingError(code: "invalidNumber", message: text) }
}
