import ErrorReporting
import Foundation
import Networking
import Testing
import TerminalUI
@testable import lookup
import PhoneLookup

@Suite("What a person sees: dialing codes, typing, help, failures, foreign text")
struct PresentationTests {
    @Test("the empty dialer shows the selected country's example mobile number, as dialled there")
    func examplePlaceholder() {
        let empty = TextField(placeholder: "Enter a phone number")
        #expect(LookupScreen.asTyped(empty, plan: Fixtures.plan, region: "RU").placeholder == "e.g. 8 (912) 345-67-89")
        #expect(LookupScreen.asTyped(empty, plan: Fixtures.plan, region: "KY", language: .russian).placeholder
                == "например, (345) 323-1234")
        #expect(Fixtures.plan.exampleNumber(forRegion: "US") == "(201) 555-0123")
    }

    @Test("the dialer formats the number as it is typed, for the selected region", arguments: [
        ("+7999467", nil as String?, "+7 999 467"),
        ("+79994673756", nil, "+7 999 467-37-56"),
        ("8999467", "RU", "8 (999) 467"),
        ("89994673756", "RU", "8 (999) 467-37-56"),
        ("2125550", "US", "212-5550"),
        ("21255501", "US", "(212) 555-01"),
        ("9161234", "KY", "916-1234"),
        ("+44207946", nil, "+44 20 7946"),
        ("0207946", "GB", "020 7946"),
    ])
    func asTyped(typed: String, region: String?, shown: String) {
        #expect(Fixtures.plan.formatAsTyped(typed, region: region) == shown)
    }

    @Test("the dialer shows the typed text as is while the cursor is inside it")
    func rawWhileEditing() {
        var field = TextField(text: "89994673756")
        #expect(LookupScreen.asTyped(field, plan: Fixtures.plan, region: "RU").text == "8 (999) 467-37-56")
        field.cursor = 3
        #expect(LookupScreen.asTyped(field, plan: Fixtures.plan, region: "RU").text == "89994673756")
    }

    @Test("the country button tells the same story as the result: +1 345 for the Cayman Islands")
    func dialLabel() throws {
        #expect(Fixtures.plan.dialLabel(for: Fixtures.country("KY")) == "+1 345")
        #expect(Fixtures.plan.dialLabel(for: Fixtures.country("RU")) == "+7")
        var state = LookupFlow(parser: Fixtures.parser, preferredRegion: "KY").initialState()
        #expect(state.dialLabel == "+1 345")
        let flow = LookupFlow(parser: Fixtures.parser, preferredRegion: "KY")
        _ = flow.reduce(into: &state, action: .numberEdited("916 1234"))
        guard case .lookUp(_, let number)? = flow.reduce(into: &state, action: .searchPressed).first else {
            Issue.record("no lookup for a valid Cayman number")
            return
        }
        #expect(number.e164 == "+13459161234")
    }

    @Test("a locale region the data does not know starts the dialer on the US, never fails")
    func unknownLocaleRegion() {
        let state = LookupFlow(parser: Fixtures.parser, preferredRegion: "QQ").initialState()
        #expect(state.selectedCountry.isoCode == "US")
        #expect(LookupFlow(parser: Fixtures.parser, preferredRegion: "XK").initialState().dialLabel == "+383")
    }

    @Test("? opens the help, any key or click closes it, ticks do not")
    func help() {
        #expect(LookupScreen.togglesHelp(.key(.character("?")), showing: false))
        #expect(!LookupScreen.togglesHelp(.key(.character("5")), showing: false))
        #expect(LookupScreen.togglesHelp(.key(.escape), showing: true))
        #expect(LookupScreen.togglesHelp(.key(.character("5")), showing: true))
        #expect(!LookupScreen.togglesHelp(.tick, showing: true))
        var frame = Frame(size: TerminalSize(columns: 80, rows: 24))
        LookupScreen.drawHelp(into: &frame, language: .russian)
        #expect(frame.plainText().contains("Клавиши"))
        #expect(frame.plainText().contains("эта справка"))
    }

    @Test("a failing lookup service says what happened, in English and Russian", arguments: [
        (LookupError.network(.refused(host: "127.0.0.1")), "refused", "Could not connect to 127.0.0.1",
         "Не удалось подключиться к 127.0.0.1"),
        (LookupError.network(.hostNotFound(host: "lookup.test")), "hostNotFound", "Could not find lookup.test",
         "Не удалось найти lookup.test"),
        (LookupError.network(.timedOut(after: .milliseconds(500))), "timeout", "did not answer within 0.5 s", "не ответил за 0.5 с"),
        (LookupError.server(status: 503), "http", "failed: HTTP 503", "Сбой на стороне сервиса"),
        (LookupError.network(.connectionDropped(bytesReceived: 3)), "dropped", "dropped the connection", "оборвал соединение"),
    ])
    func failures(error: LookupError, code: String, english: String, russian: String) {
        let shown = error.userFacingError
        #expect(shown.code == code)
        #expect(shown.message(in: .english).contains(english))
        #expect(shown.message(in: .russian).contains(russian))
        #expect(!shown.message(in: .english).contains("No internet"))
    }

    @Test("a timeout or a dropped connection reads as in the gallery and the feed, with the code they print", arguments: [
        (LookupError.network(.timedOut(after: .seconds(30))), "timeout", CommonPhrases.tookTooLong),
        (LookupError.timedOut(after: .seconds(30)), "timeout", CommonPhrases.tookTooLong),
        (LookupError.network(.connectionDropped(bytesReceived: 3)), "dropped", CommonPhrases.connectionDropped),
        (LookupError.network(.transport(description: "Recv failure")), "dropped", CommonPhrases.connectionDropped),
    ])
    func sameWordsAsPictures(error: LookupError, code: String, words: LocalizedText) {
        // The pipeline's kinds print these codes and show these words in a cell and a thumbnail
        // ("One error vocabulary in every task"); the lookup adds only what happened to its service.
        let shown = error.userFacingError
        #expect(shown.code == code)
        for language in [Language.english, .russian] {
            #expect(shown.message(in: language).hasPrefix(words.text(in: language) + " ("))
        }
    }

    @Test("dataset names are made terminal-safe where the countries table prints them", arguments: [
        "Russia\u{1B}]0;pwned\u{7}", "a\u{7F}b\u{9B}c", "\u{202E}evil\u{2066}", "line\nbreak",
    ])
    func terminalSafe(raw: String) {
        let table = Countries.table([(Country(name: raw, dialCode: DialCode(parsing: "+7")!, isoCode: "RU"), "+7")])
        #expect(!table.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
            || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
        #expect(table.hasSuffix("+7     RU"))
    }

    @Test("every reason reads in Russian with the right word for the count", arguments: [
        (1, "1 цифра"), (2, "2 цифры"), (5, "5 цифр"), (11, "11 цифр"), (22, "22 цифры"),
    ])
    func russianCounts(count: Int, words: String) {
        #expect(InvalidNumber.russianDigits(count) == words)
    }
}
