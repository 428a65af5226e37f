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
    public let nationalNumber: String
    /// The extension's digits, if one was typed (`ext. 123`, `x123`, `#123`).
    public let phoneExtension: String?

    init(callingCode: String, nationalNumber: String, phoneExtension: String? = nil) {
        self.callingCode = callingCode
        self.nationalNumber = nationalNumber
        self.phoneExtension = phoneExtension
    }

    /// All digits without the `+`: `79994673756`.
    public var digits: String { callingCode + nationalNumber }

    /// `+79994673756`.
    public var e164: String { "+" + digits }

    public var description: String { e164 }
}
