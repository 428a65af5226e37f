import Foundation
import Testing

/// `lookup search` as a person runs it: short numbers, Russian places, the JSON details.
@Suite("lookup search: short numbers, places in Russian, machine-readable details")
struct SearchCommandTests {
    @Test("search --country RU 112 answers the emergency number, in English and Russian, exit 0")
    func emergency() async throws {
        let english = try await runLookup(["search", "--country", "RU", "112"])
        #expect(english.status == 0)
        #expect(english.out.contains("Emergency number in Russia"))
        let russian = try await runLookup(["search", "--country", "RU", "112", "--lang", "ru"])
        #expect(russian.out.contains("Экстренный номер (Россия)"))
        let invalid = try await runLookup(["search", "--country", "RU", "555"])
        #expect(invalid.status == 65 && invalid.err.contains("Too short"))
    }

    @Test("a short number is answered as dialled: number 112, no E.164, international or dialFrom, a local tel: form")
    func shortNumberForms() async throws {
        let result = try await runLookup(["search", "--country", "RU", "112", "--from", "US", "--json"])
        #expect(result.status == 0)
        #expect(!result.out.contains("+7112") && !result.out.contains("+7 112"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(json["number"] as? String == "112")
        let details = try #require(json["details"] as? [String: Any])
        #expect(details["e164"] is NSNull && details["international"] is NSNull && details["dialFrom"] is NSNull)
        #expect(details["national"] as? String == "112")
        #expect(details["rfc3966"] as? String == "tel:112;phone-context=+7")
        let piped = try await runLookup([], input: "112\n", environment: ["LANG": "ru_RU.UTF-8"])
        #expect(piped.out.hasPrefix("112 Russia\n"), "\(piped.out)")
    }

    @Test("search --lang ru +7 495 names the place in Russian")
    func russianPlace() async throws {
        let result = try await runLookup(["search", "--lang", "ru", "+74951234567"])
        #expect(result.out.contains("Место: Московская обл."))
    }

    @Test("search --json carries details with every key, dialFrom with --from, all time zones")
    func details() async throws {
        let result = try await runLookup(["search", "+79141234567", "--from", "US", "--json"])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let details = try #require(json["details"] as? [String: Any])
        #expect(Set(details.keys) == ["e164", "international", "national", "rfc3966", "regionCode", "lineType", "carrier",
                                      "place", "timeZones", "dialFrom", "shortNumber"])
        #expect(details["lineType"] as? String == "mobile")
        #expect(details["rfc3966"] as? String == "tel:+7-914-123-45-67")
        #expect((details["timeZones"] as? [String])?.count == 16)
        #expect(details["shortNumber"] is NSNull)
        let dialFrom = try #require(details["dialFrom"] as? [String: String])
        #expect(dialFrom == ["regionCode": "US", "number": "011 7 914 123-45-67"])
        #expect((json["results"] as? [String])?.contains("Time zone: one of 16 zones") == true)
    }

    @Test("search --country US 1-800-FLOWERS dials +1 800-356-9377 and shows the digits")
    func letters() async throws {
        let result = try await runLookup(["search", "--country", "US", "1-800-FLOWERS"])
        #expect(result.status == 0)
        #expect(result.out.contains("International: +1 800-356-9377"))
        #expect(result.out.contains("Letters dialled as digits: 1-800-3569377"))
    }
}
