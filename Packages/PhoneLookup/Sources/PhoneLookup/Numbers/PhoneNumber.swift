/// A validated phone number in E.164 form: calling code and national number, digits only.
///
/// Made only by ``PhoneNumberParser``, so holding one means the input was checked.
public struct PhoneNumber: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The calling code's digits, such as `7`.
    public let callingCode: String
    /// The national significant number's digits, such as `9994673756`.
    public let nationalNumber: String

    init(callingCode: String, nationalNumber: String) {
        self.callingCode = callingCode
        self.nationalNumber = nationalNumber
    }

    /// All digits without the `+`: `79994673756`.
    public var digits: String { callingCode + nationalNumber }

    /// `+79994673756`.
    public var e164: String { "+" + digits }

    public var description: String { e164 }
}
