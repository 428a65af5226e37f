/// What libphonenumber's `parse` does to a candidate before it looks at calling codes: cut it to
/// what can be a number, check that it can be one, strip an extension, and turn its digits (and
/// letters, when there are three or more) into digit values.
struct CandidateReading: Sendable {
    var international: Bool
    var digits: Digits
    var phoneExtension: String?

    /// libphonenumber's bound on the text it reads at all.
    static let maximumInput = 250

    /// The candidate read, or nil where libphonenumber says it is no number (`NOT_A_NUMBER`).
    init?(_ candidate: [Unicode.Scalar]) {
        guard candidate.count <= Self.maximumInput,
              let start = candidate.firstIndex(where: { ScanCharacters.isPlus($0) || ScanCharacters.isDigit($0) })
        else { return nil }
        var text = Array(candidate[start...])
        text = Self.trimmingUnwantedEnd(text)
        if let second = Self.secondNumberStart(text) { text = Array(text[..<second]) }
        guard Self.isViable(text) else { return nil }
        if let found = ExtensionPattern.trailing(text), Self.isViable(Array(text[..<found.start])) {
            phoneExtension = String(String.UnicodeScalarView(text[found.digits]))
            text = Array(text[..<found.start])
        } else {
            phoneExtension = nil
        }
        var body = text[...]
        international = false
        while let first = body.first, ScanCharacters.isPlus(first) {
            international = true
            body = body.dropFirst()
        }
        digits = Self.normalised(body)
    }

    /// libphonenumber's `UNWANTED_END_CHAR_PATTERN`: drops trailing characters that are neither
    /// letters, numbers nor `#` (and trailing underscores).
    static func trimmingUnwantedEnd(_ text: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var end = text.count
        while end > 0, text[end - 1] == "_" || (text[end - 1] != "#" && !ScanCharacters.isWord(text[end - 1])) { end -= 1 }
        return end == text.count ? text : Array(text[..<end])
    }

    /// Where a second number starts (`/x`, `\ x`): the first is read without it.
    static func secondNumberStart(_ text: [Unicode.Scalar]) -> Int? {
        for index in text.indices where text[index] == "/" || text[index] == "\\" {
            var next = index + 1
            while next < text.count, text[next] == " " { next += 1 }
            if next < text.count, text[next] == "x" { return index }
        }
        return nil
    }

    /// libphonenumber's `VALID_PHONE_NUMBER`: two digits alone, or pluses, then at least three
    /// digits with only punctuation before the third, then punctuation, letters and digits,
    /// then perhaps an extension.
    static func isViable(_ text: [Unicode.Scalar]) -> Bool {
        if text.count == 2, text.allSatisfy(ScanCharacters.isDigit) { return true }
        if viablePrefix(text, upTo: text.count) { return true }
        for start in text.indices where ExtensionPattern.match(text, at: start, parsing: true, toEnd: true) != nil {
            if viablePrefix(text, upTo: start) { return true }
        }
        return false
    }

    private static func viablePrefix(_ text: [Unicode.Scalar], upTo end: Int) -> Bool {
        var index = 0
        while index < end, ScanCharacters.isPlus(text[index]) { index += 1 }
        var digits = 0
        while index < end {
            let scalar = text[index]
            if ScanCharacters.isDigit(scalar) {
                digits += 1
            } else if !(ScanCharacters.isPunctuation(scalar) || scalar == "*") {
                guard digits >= 3, scalar.isASCII, ScanCharacters.isWord(scalar), scalar != "_" else { return false }
            }
            index += 1
        }
        return digits >= 3
    }

    /// Digit values: any script's digits; with three or more Latin letters, the letters as a
    /// keypad's and only ASCII digits, as libphonenumber's `normalize`.
    private static func normalised(_ text: ArraySlice<Unicode.Scalar>) -> Digits {
        let letters = text.filter { $0.isASCII && ScanCharacters.isLetter($0) }.count
        var values: [UInt8] = []
        values.reserveCapacity(text.count)
        for scalar in text {
            if letters >= 3 {
                if scalar.isASCII, let value = ScanCharacters.digitValue(scalar) {
                    values.append(value)
                } else if let value = PhoneNumberParser.keypadDigit(Character(scalar)) {
                    values.append(value)
                }
            } else if let value = ScanCharacters.digitValue(scalar) {
                values.append(value)
            }
        }
        return Digits(values)
    }
}
