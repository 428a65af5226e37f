import Testing
import PhoneLookup

/// Time-zone names in the reader's language, from Foundation's locale data, with the IANA
/// identifier where it has none; JSON keeps the identifiers.
@Suite("Time zones are named in the reader's language where Foundation can name them")
struct TimeZoneNamesTests {
    @Test("a Moscow number's zone reads as Moscow time in English and Russian; JSON keeps Europe/Moscow")
    func moscow() throws {
        let facts = Fixtures.engine.facts(for: try Fixtures.number("+7 495 123-45-67"))
        #expect(Fixtures.engine.lines(for: facts, language: .english).contains("Time zone: Moscow Standard Time"))
        #expect(Fixtures.engine.lines(for: facts, language: .russian).contains("Часовой пояс: Москва, стандартное время"))
        #expect(Fixtures.engine.details(for: facts).timeZones == ["Europe/Moscow"])
    }

    @Test("a New York number reads Eastern Time; in Russian «Восточная Америка»")
    func newYork() throws {
        let facts = Fixtures.engine.facts(for: try Fixtures.number("+1 212 555 0123"))
        #expect(Fixtures.engine.lines(for: facts, language: .english).contains("Time zone: Eastern Time"))
        #expect(Fixtures.engine.lines(for: facts, language: .russian).contains("Часовой пояс: Восточная Америка"))
    }

    @Test("zones that share a name are named once; more than three are counted, never named")
    func sharedNames() {
        let names = TimeZoneNames.foundation
        #expect(names.text(of: ["America/New_York", "America/Detroit", "America/Chicago"], in: "en", russian: false)
                == "Eastern Time; Central Time")
        #expect(names.text(of: ["Europe/Moscow", "Europe/Samara"], in: "ru", russian: true)
                == "Москва, стандартное время; Самара, стандартное время")
        #expect(names.text(of: ["A/a", "B/b", "C/c", "D/d"], in: "ru", russian: true) == "один из 4 поясов")
    }

    @Test("where Foundation has no name, the identifier stands: an unknown zone, or no locale data at all")
    func fallback() throws {
        #expect(TimeZoneNames.foundation.name(of: "Etc/Unknown", in: "ru") == "Etc/Unknown")
        let nameless = TimeZoneNames { _, _ in nil }
        let engine = OfflineEngine(plan: Fixtures.plan, names: CountryNames(), zoneNames: nameless)
        let facts = engine.facts(for: try Fixtures.number("+7 495 123-45-67"))
        #expect(engine.lines(for: facts, language: .russian).contains("Часовой пояс: Europe/Moscow"))
        #expect(engine.lines(for: facts, language: .english).contains("Time zone: Europe/Moscow"))
    }
}
