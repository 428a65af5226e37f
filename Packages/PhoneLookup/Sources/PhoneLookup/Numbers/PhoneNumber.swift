/// A phone number read from what a person typed: calling code, national significant number
/// and an optional extension, digits only.
///
/// Made only by ``PhoneNumberParser``, so holding one means the input was read; whether the
/// number is valid is what ``OfflineEngine/facts(for:)`` says (``PhoneNumberParser/parse(_:country:)``
/// hands out only valid ones).
public struct PhoneNumber: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The calling code's digits, such as `7`.
    public let callingCode: String
    /// The national significant number's digits, such as `9994673756`.
    package let nationalNumber: String
    /// The extension's digits, if one was typed (`ext. 123`, `x123`, `#123`).
    let phoneExtension: String?
    /// What the parser learnt while validating the number (its region and line type), so the
    /// engine does not decide them again; not part of the number's identity, never encoded.
    var classification: NumberClassification?

    /// A number from its parts as they are, valid or not (tests; people's input goes through the parser).
    package init(callingCode: String, nationalNumber: String, phoneExtension: String? = nil) {
        self.callingCode = callingCode
        self.nationalNumber = nationalNumber
        self.phoneExtension = phoneExtension
    }

    /// All digits without the `+`: `79994673756`.
    public var digits: String { callingCode + nationalNumber }

    /// `+79994673756`.
    public var e164: String { "+" + digits }

    /// True for a short number of the region it was dialled in (112 in Russia).
    var isShortNumber: Bool { classification?.shortNumber != nil }

    /// The number as a heading shows it: E.164, or for a short number the digits as dialled within
    /// its region (`112`), since a short number has no E.164 form and cannot be dialled with a code.
    public var displayed: String { isShortNumber ? nationalNumber : e164 }

    public var description: String { e164 }

    public static func == (lhs: PhoneNumber, rhs: PhoneNumber) -> Bool {
        lhs.callingCode == rhs.callingCode && lhs.nationalNumber == rhs.nationalNumber
            && lhs.phoneExtension == rhs.phoneExtension
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(callingCode)
        hasher.combine(nationalNumber)
        hasher.combine(phoneExtension)
    }

    enum CodingKeys: String, CodingKey {
        case callingCode, nationalNumber, phoneExtension
    }
}

/// The region a number's range decides and its line type (nil: in no range), as the numbering
/// data answers them.
struct NumberClassification: Sendable {
    let region: String?
    let lineType: LineType?
    /// Set when the number is no number of the plan but a short number dialled in its region.
    var shortNumber: ShortNumber? = nil
}
