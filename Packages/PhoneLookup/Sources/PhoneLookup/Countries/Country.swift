/// One row of the country dataset: a name, the code dialled before its numbers, its ISO 3166 code.
///
/// Several countries share a dial code (+1, +7, +44...): the ISO code is what tells them apart.
public struct Country: Sendable, Hashable, Codable, Identifiable {
    /// The name as the dataset spells it, such as "Cayman Islands".
    public var name: String
    /// The dial code, normalised: `+345`, never `+ 345`.
    public var dialCode: DialCode
    /// The two-letter ISO 3166-1 code in capitals, such as `KY`.
    public var isoCode: String

    public var id: String { isoCode }

    public init(name: String, dialCode: DialCode, isoCode: String) {
        self.name = name
        self.dialCode = dialCode
        self.isoCode = isoCode
    }

    enum CodingKeys: String, CodingKey {
        case name
        case dialCode = "dial_code"
        case isoCode = "code"
    }
}

/// A dial code such as `+7` or `+1684`: only digits, printed with a leading `+`.
public struct DialCode: Sendable, Hashable, Codable, CustomStringConvertible, Comparable {
    /// The digits without the `+`: `"345"`.
    public let digits: String

    /// Reads a dial code the way people write it: `"+345"`, `"+ 345"`, `"345"`, `"+1-684"`.
    ///
    /// Returns nil unless what is left after removing one leading `+` and any spaces or dashes is
    /// one to six ASCII digits.
    public init?(parsing raw: String) {
        var text = Substring(raw.trimmingCharacters(in: .whitespacesAndNewlines))
        if text.first == "+" { text = text.dropFirst() }
        let digits = text.filter { $0 != " " && $0 != "-" && $0 != "\u{00A0}" }
        guard (1...6).contains(digits.count), digits.allSatisfy(\.isASCIIDigit) else { return nil }
        self.digits = String(digits)
    }

    public var description: String { "+" + digits }

    public static func < (lhs: DialCode, rhs: DialCode) -> Bool {
        (lhs.digits.count, lhs.digits) < (rhs.digits.count, rhs.digits)
    }

    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        guard let code = DialCode(parsing: raw) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not a dial code: \(raw)"))
        }
        self = code
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension Character {
    /// True for 0-9 only (not for other scripts' digits or superscripts).
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
