/// The character classes of libphonenumber's matcher, as Python's `re` reads them on text
/// (`\d` any script's decimal digit, `\s` and `\w` by Unicode), so that the scanner agrees with
/// python-phonenumbers character for character.
enum ScanCharacters {
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value >= 0x30 && scalar.value <= 0x39 }
        return scalar.properties.numericType == .decimal
    }

    /// The value of a decimal digit of any script, nil for anything else.
    static func digitValue(_ scalar: Unicode.Scalar) -> UInt8? {
        if scalar.value < 0x80 {
            return scalar.value >= 0x30 && scalar.value <= 0x39 ? UInt8(scalar.value - 0x30) : nil
        }
        guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue else { return nil }
        return UInt8(value)
    }

    /// libphonenumber's `VALID_PUNCTUATION`; `x` in either case, since the matcher ignores case.
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2D, 0x78, 0x58, 0x20, 0x28, 0x29, 0x2E, 0x5B, 0x5D, 0x2F, 0x7E: true
        case 0x2010...0x2015, 0x2212, 0x30FC, 0xFF0D...0xFF0F, 0x00A0, 0x00AD, 0x200B, 0x2060, 0x3000,
             0xFF08, 0xFF09, 0xFF3B, 0xFF3D, 0x2053, 0x223C, 0xFF5E: true
        default: false
        }
    }

    static func isOpening(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "(" || scalar == "[" || scalar == "\u{FF08}" || scalar == "\u{FF3B}"
    }

    static func isClosing(_ scalar: Unicode.Scalar) -> Bool {
        scalar == ")" || scalar == "]" || scalar == "\u{FF09}" || scalar == "\u{FF3D}"
    }

    static func isPlus(_ scalar: Unicode.Scalar) -> Bool { scalar == "+" || scalar == "\u{FF0B}" }

    /// What may open a number before its first digit: an opening bracket or a plus.
    static func isLead(_ scalar: Unicode.Scalar) -> Bool { isOpening(scalar) || isPlus(scalar) }

    /// Python's `\s` (`str.isspace`): Unicode white space and the four information separators.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar == " " || (0x09...0x0D).contains(scalar.value) || (0x1C...0x1F).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }

    /// Python's `\w`: a letter, a number of any kind, or `_`.
    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 {
            let value = scalar.value | 0x20
            return (0x30...0x39).contains(scalar.value) || (0x61...0x7A).contains(value) || scalar == "_"
        }
        return isLetter(scalar) || scalar.properties.numericType != nil
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }

    /// A Latin letter, or a combining mark taken to sit on one: text such as `abc8005001234`
    /// is a code, not a phone number.
    static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return (0x61...0x7A).contains(scalar.value | 0x20) }
        guard isLetter(scalar) || scalar.properties.generalCategory == .nonspacingMark else { return false }
        switch scalar.value {
        case 0x0000...0x024F, 0x0300...0x036F, 0x1E00...0x1EFF: return true
        default: return false
        }
    }

    /// A percent sign or a currency symbol next to the digits: a price or a rate.
    static func isInvalidPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar == "%" || scalar == "$" }
        return scalar.properties.generalCategory == .currencySymbol
    }

    /// The lower case of the letters the extension labels use (Latin, full-width Latin, Cyrillic).
    static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let value = scalar.value
        switch value {
        case 0x41...0x5A, 0xC0...0xDE, 0x410...0x42F: return Unicode.Scalar(value + 0x20) ?? scalar
        case 0xFF21...0xFF3A: return Unicode.Scalar(value + 0x20) ?? scalar
        default: return scalar
        }
    }
}
