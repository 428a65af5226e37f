import Foundation
import Testing
import PhoneLookup

@Suite("Phone number validation")
struct ValidationTests {
    @Test("separators are stripped", arguments: [
        ("(999) 467-37-56", "RU", "+79994673756"),
        ("999.467.37.56", "RU", "+79994673756"),
        ("999 467 37 56", "RU", "+79994673756"),
        ("  212/555-0123 ", "US", "+12125550123"),
        ("９９９ ４６７ ３７ ５６", "RU", "+79994673756"),
        ("[999] 467~37~56", "RU", "+79994673756"),
    ])
    func separators(input: String, iso: String, e164: String) throws {
        #expect(try Fixtures.number(input, iso).e164 == e164)
    }

    @Test("trunk prefixes and calling codes typed out of habit are dropped", arguments: [
        ("8 999 467 37 56", "RU", "+79994673756"),
        ("7 999 467 37 56", "RU", "+79994673756"),
        ("8 800 555 35 35", "RU", "+78005553535"),
        ("800 555 35 35", "RU", "+78005553535"),
        ("020 7946 0018", "GB", "+442079460018"),
        ("030 1234567", "DE", "+49301234567"),
        ("1 212 555 0123", "US", "+12125550123"),
        ("0664 123456", "AT", "+43664123456"),
        ("0043 664123456", "AT", "+43664123456"),
        ("00 43 664123456", "DE", "+43664123456"),
        ("011 44 20 7946 0018", "US", "+442079460018"),
        ("810 49 30 123456", "RU", "+4930123456"),
    ])
    func trunk(input: String, iso: String, e164: String) throws {
        #expect(try Fixtures.number(input, iso).e164 == e164)
    }

    @Test("NANP members written +1xxx or +345 in the dataset get +1 and their area code", arguments: [
        ("345 916 1234", "KY", "+13459161234"),
        ("916 1234", "KY", "+13459161234"),
        ("235 1234", "AI", "+12642351234"),
        ("264 235 1234", "AI", "+12642351234"),
    ])
    func nanpMembers(input: String, iso: String, e164: String) throws {
        #expect(try Fixtures.number(input, iso).e164 == e164)
    }

    @Test("a leading + overrides the selected country")
    func plusOverrides() throws {
        let number = try Fixtures.number("+44 20 7946 0018", "RU")
        #expect(number.e164 == "+442079460018")
        #expect(number.callingCode == "44")
    }

    @Test("letters libphonenumber would not read as a keypad's are refused, naming them")
    func letters() {
        #expect(throws: InvalidNumber.letters("ЖЖЖ")) { try Fixtures.number("8 999 ЖЖЖ 1234", "RU") }
        #expect(throws: InvalidNumber.letters("ab")) { try Fixtures.number("8 999 467 ab", "RU") }
        #expect(throws: InvalidNumber.letters("CALL")) { try Fixtures.number("1-CALL-800-1234", "US") }
    }

    @Test("1-800-FLOWERS is dialled as libphonenumber reads it, and shown with its digits")
    func keypadLetters() throws {
        #expect(try Fixtures.number("1-800-FLOWERS", "US").e164 == "+18003569377")
        #expect(try Fixtures.number("+1 800 flowers").e164 == "+18003569377")
        #expect(PhoneNumberParser.keypadSpelling("1-800-FLOWERS") == "1-800-3569377")
        #expect(PhoneNumberParser.keypadSpelling("+7 999 467-37-56") == nil)
        // Not a valid number once read, but read as libphonenumber reads it, not refused for its letters.
        #expect(throws: InvalidNumber.self) { try Fixtures.number("1-800-CALL-ME", "US") }
        #expect((try? Fixtures.parser.read("1-800-CALL-ME", region: "US"))?.e164 == "+11800225563")
    }

    @Test("empty input and input without digits are refused", arguments: ["", "   ", "()-", "+"])
    func empty(input: String) {
        #expect(throws: InvalidNumber.empty) { try Fixtures.number(input, "RU") }
    }

    @Test("a + anywhere but the start is refused")
    func misplacedPlus() {
        #expect(throws: InvalidNumber.misplacedPlus) { try Fixtures.number("7+999", "RU") }
    }

    @Test("other symbols are refused")
    func symbols() {
        #expect(throws: InvalidNumber.unexpectedCharacter("*")) { try Fixtures.number("999*1", "RU") }
    }

    @Test("an extension is kept apart from the number", arguments: [
        "+7 999 467 37 56 ext. 123", "+7 999 467 37 56 x123", "+7 999 467 37 56 #123", "8 999 467 37 56 доб. 123",
    ])
    func extensions(input: String) throws {
        let number = try Fixtures.number(input, "RU")
        #expect(number.e164 == "+79994673756")
        // As the JSON output carries it.
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(number)) as? [String: Any]
        #expect(encoded?["phoneExtension"] as? String == "123")
    }

    @Test("every region the data knows is accepted, even when the dataset lacks it", arguments: [
        ("+247 62889", "+24762889"), ("+383 43 201 234", "+38343201234"), ("+290 22158", "+29022158"),
    ])
    func everyRegion(input: String, e164: String) throws {
        #expect(try Fixtures.number(input).e164 == e164)
    }

    @Test("too short, too long and no such range are refused with the digits counted right", arguments: [
        ("999 467", "RU", InvalidNumber.tooShort(digits: 6, minimum: 10)),
        ("999 467 37 56 1", "RU", InvalidNumber.impossibleLength(digits: 11, possible: [10, 14])),
        ("999 467 37 56 12345", "RU", InvalidNumber.tooLong(digits: 15, maximum: 14)),
        ("12", "FR", InvalidNumber.tooShort(digits: 2, minimum: 9)),
        ("+3312345678901234", nil, InvalidNumber.tooLong(digits: 14, maximum: 9)),
        ("+7 099 467 37 56", nil, InvalidNumber.noSuchRange("+70994673756")),
        ("555 1234", "KY", InvalidNumber.noSuchRange("+13455551234")),
    ])
    func lengths(input: String, iso: String?, expected: InvalidNumber) {
        #expect(throws: expected) { try Fixtures.number(input, iso) }
    }

    @Test("an unassigned calling code is refused")
    func unknownCode() {
        #expect(throws: InvalidNumber.unknownCallingCode("999")) { try Fixtures.number("+999 1234567") }
    }

    @Test("without a country a number needs its +")
    func noCountry() {
        #expect(throws: InvalidNumber.noCountry) { try Fixtures.number("9994673756") }
    }

    @Test("digits of other scripts count as digits")
    func otherDigits() throws {
        #expect(try Fixtures.number("٩٩٩٤٦٧٣٧٥٦", "RU").e164 == "+79994673756")
    }

    @Test("every reason reads in English and Russian")
    func reasons() {
        let reason = InvalidNumber.tooShort(digits: 6, minimum: 10).userFacingError
        #expect(reason.message(in: .english) == "Too short: 6 digits after the country code, at least 10 needed")
        #expect(reason.message(in: .russian).hasPrefix("Слишком короткий"))
        #expect(reason.code == "invalidNumber")
    }
}
