/// One phone number found in text by ``PhoneNumberMatcher``.
public struct PhoneNumberMatch: Sendable, Equatable {
    /// Where the number starts, in Unicode scalars from the start of the text (as
    /// libphonenumber counts characters in Python).
    public let start: Int
    /// Where it ends (exclusive), in the same units.
    public let end: Int
    /// The text as written, brackets and separators included.
    public let raw: String
    /// The number read from it.
    public let number: PhoneNumber
}
