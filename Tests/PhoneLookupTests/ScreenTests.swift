import ErrorReporting
import Foundation
import Testing
import TerminalUI
import PhoneLookup
@testable import lookup

/// The scenes are pure functions of the flow's state: tested as text, no terminal.
@Suite("Screens as text frames")
@MainActor
struct ScreenTests {
    let flow = LookupFlow(parser: Fixtures.parser, preferredRegion: "RU")
    let size = TerminalSize(columns: 44, rows: 12)

    func loaded() -> LookupState {
        var state = flow.initialState()
        _ = flow.reduce(into: &state, action: .countriesUpdated(.loaded(Fixtures.catalog, .network)))
        return state
    }

    func dialer(_ state: LookupState, text: String = "", focus: DialerScene.Focus = .field) -> String {
        var field = TextField(placeholder: Strings.placeholder.english)
        field.text = text
        return DialerScene.render(state, field: field, focus: focus, spinner: Spinner(), language: .english, size: size)
            .plainText()
    }

    @Test("the dialer: title, the code button showing the selected code, the placeholder, Search")
    func dialerFrame() {
        let expected: [String] = [
            String(repeating: " ", count: 19) + "Search",
            "",
            " [ +7 ] Enter a phone number",
            String(repeating: " ", count: 8) + String(repeating: "─", count: 35),
            "", "", "", "", "",
            String(repeating: " ", count: 17) + "[ Search ]",
            "",
            " Tab move · Enter select · Esc cancel · Ct…",
        ]
        let rendered = dialer(loaded()).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(rendered == expected)
    }

    @Test("the dialer shows a spinner while the countries are parsed for the picker")
    func spinnerWhileParsing() {
        var state = flow.initialState()
        _ = flow.reduce(into: &state, action: .start)
        _ = flow.reduce(into: &state, action: .countryButtonPressed)
        #expect(dialer(state).contains("⠋ Loading countries… Esc cancels"))
    }

    @Test("the dialer shows a spinner while the API works, and no results yet")
    func spinnerWhileLookingUp() {
        var state = loaded()
        _ = flow.reduce(into: &state, action: .numberEdited("9994673756"))
        _ = flow.reduce(into: &state, action: .searchPressed)
        let text = dialer(state, text: "9994673756")
        #expect(text.contains("Looking up… Esc cancels"))
        #expect(!text.contains("Search results"))
    }

    @Test("a refused number is explained under the field")
    func inputProblem() {
        var state = loaded()
        _ = flow.reduce(into: &state, action: .numberEdited("12ab"))
        _ = flow.reduce(into: &state, action: .searchPressed)
        #expect(dialer(state, text: "12ab").split(separator: "\n")[3].contains("A phone number has only digits"))
    }

    @Test("an error shows an alert with the localized description over the dialer")
    func errorAlert() {
        var state = loaded()
        _ = flow.reduce(into: &state, action: .numberEdited("9994673756"))
        _ = flow.reduce(into: &state, action: .searchPressed)
        _ = flow.reduce(into: &state, action: .lookupAnswered(id: 1, .failure(LookupFailure(LookupError.server(status: 500)))))
        let text = dialer(state)
        #expect(text.contains("Lookup failed"))
        #expect(text.contains("The lookup service failed: HTTP 500.") && text.contains("Try again later"))
        #expect(text.contains("[ OK ]"))
    }

    @Test("the command adds what to do to a failed lookup: try again after a timeout, in Russian too; nothing for a refused number")
    func alertAdvice() {
        let timeout = LookupFailure(LookupError.network(.timedOut(after: .seconds(3))))
        #expect(timeout.retry == .now)
        #expect(LookupAdvice.shown(timeout).line(in: .english)
                == "Took too long / the server is not responding (the lookup service did not answer within 3 s). Try again")
        #expect(LookupAdvice.shown(timeout).line(in: .russian).hasSuffix(". Попробуйте ещё раз"))
        #expect(LookupAdvice.shown(LookupFailure(LookupError.network(.refused(host: "127.0.0.1")))).recovery == LookupAdvice.tryAgain)
        let refused = LookupFailure(LookupError.invalidNumber(message: "Number is not in service"))
        #expect(LookupAdvice.shown(refused).line(in: .english) == "Number is not in service")
        // The library's words carry no advice; the alert on screen does.
        #expect(timeout.error.recovery == nil)
        var state = loaded()
        _ = flow.reduce(into: &state, action: .numberEdited("9994673756"))
        _ = flow.reduce(into: &state, action: .searchPressed)
        _ = flow.reduce(into: &state, action: .lookupAnswered(id: 1, .failure(timeout)))
        let text = DialerScene.render(state, field: TextField(), focus: .field, spinner: Spinner(), language: .russian,
                                      size: TerminalSize(columns: 100, rows: 20)).plainText()
        #expect(text.contains("Попробуйте") && text.contains("ещё раз"), "\(text)")
    }

    @Test("offline with no copy: the dialer says why and how to retry")
    func offline() {
        var state = flow.initialState()
        _ = flow.reduce(into: &state, action: .countriesUpdated(.failed(CountryLoadError.unreachable(.offline(host: "example.com")), hasCopy: false)))
        let lines = DialerScene.render(state, field: TextField(), focus: .field, spinner: Spinner(), language: .english,
                                       size: TerminalSize(columns: 100, rows: 12)).plainText().split(separator: "\n")
        #expect(lines[3] == " Cannot load the country list: No internet connection")
        #expect(lines[4] == " Check the connection, then press Enter on the country code to try again")
    }

    @Test("picker rows: the dial code is never cut off, however long the name")
    func pickerRows() {
        var state = loaded()
        _ = flow.reduce(into: &state, action: .countryButtonPressed)
        _ = flow.reduce(into: &state, action: .pickerFilterChanged("congo"))
        var list = ListView()
        list.select(state.picker.highlighted, itemCount: state.picker.matches.count, height: 9)
        let narrow = TerminalSize(columns: 30, rows: 8)
        let lines = PickerScene.render(state, list: list, language: .english, size: narrow).plainText().split(separator: "\n")
        #expect(lines[1] == " Filter: congo▏")
        #expect(lines[2] == " Congo                   +242")
        #expect(lines[3] == " Congo, The Democratic … +243")
    }

    @Test("a failed refresh of the country list is a quiet note beside the filter; the saved list stays usable")
    func pickerNotesStaleList() {
        var state = flow.initialState()
        _ = flow.reduce(into: &state, action: .countriesUpdated(.loaded(Fixtures.catalog, .savedCopy)))
        _ = flow.reduce(into: &state, action: .countriesUpdated(.failed(CountryLoadError.unreachable(.offline(host: "example.com")), hasCopy: true)))
        _ = flow.reduce(into: &state, action: .countryButtonPressed)
        var list = ListView()
        list.select(state.picker.highlighted, itemCount: state.picker.matches.count, height: 20)
        let lines = PickerScene.render(state, list: list, language: .english, size: TerminalSize(columns: 100, rows: 24))
            .plainText().split(separator: "\n")
        #expect(lines[1].hasPrefix(" Filter: ▏"))
        #expect(lines[1].contains("Showing the saved country list: Cannot load the country list: No internet connection"))
        #expect(lines.count > 3 && !lines[2].trimmingCharacters(in: .whitespaces).isEmpty, "the saved countries are listed")
        let narrow = PickerScene.render(state, list: list, language: .english, size: TerminalSize(columns: 40, rows: 10))
            .plainText().split(separator: "\n")
        #expect(narrow[1].hasPrefix(" Filter: ▏") && narrow[1].hasSuffix("…"), "cut with an ellipsis, never over the filter")
    }

    @Test("picker rows tell the Cayman Islands' code as +1 345, as the code button and the result do")
    func pickerTellsOneStory() {
        var state = loaded()
        _ = flow.reduce(into: &state, action: .countryButtonPressed)
        _ = flow.reduce(into: &state, action: .pickerFilterChanged("cayman"))
        var list = ListView()
        list.select(state.picker.highlighted, itemCount: state.picker.matches.count, height: 9)
        let lines = PickerScene.render(state, list: list, language: .english, size: TerminalSize(columns: 30, rows: 8))
            .plainText().split(separator: "\n")
        #expect(lines[2] == " Cayman Islands        +1 345")
        _ = flow.reduce(into: &state, action: .pickerConfirmed)
        #expect(state.dialLabel == "+1 345")
    }

    @Test("the picker finds a country by the code it shows: +1 345 and 1345, not the dataset's +345")
    func pickerSearchByShownCode() {
        var state = loaded()
        _ = flow.reduce(into: &state, action: .countryButtonPressed)
        func found(_ query: String) -> [String] {
            _ = flow.reduce(into: &state, action: .pickerFilterChanged(query))
            return state.picker.matches.compactMap { state.catalog?.countries[$0].isoCode }
        }
        #expect(found("+1 345") == ["KY"])
        #expect(found("1345") == ["KY"])
        #expect(found("+345").isEmpty)
        #expect(found("+1").contains("KY"))
        #expect(found("+7") == ["KZ", "RU"])
    }

    @Test("results: the number in E.164, the country, then one row per string")
    func results() {
        let results = LookupState.Results(number: try! Fixtures.number("+79994673756"), countryName: "Russia",
                                          rows: ["Yota [Новосибирская область]", "Номер не перенесен"])
        let lines = ResultsScene.render(results, scroll: 0, language: .english, size: size).plainText().split(separator: "\n")
        #expect(lines[0].trimmingCharacters(in: .whitespaces) == "Search results for number:")
        #expect(lines[1].trimmingCharacters(in: .whitespaces) == "+79994673756")
        #expect(lines[2].trimmingCharacters(in: .whitespaces) == "Russia")
        #expect(lines[4] == " │ Yota [Новосибирская область]           │")
        #expect(lines[5] == " │ Номер не перенесен                     │")
        #expect(lines.contains { $0.contains("[ Continue ]") })
    }

    @Test("results head a short number as dialled (112), never as the E.164 +7112 it does not have")
    func shortNumberHeading() throws {
        let results = LookupState.Results(number: try Fixtures.number("112", "RU"), countryName: "Russia",
                                          rows: ["Emergency number in Russia"])
        let lines = ResultsScene.render(results, scroll: 0, language: .english, size: size).plainText().split(separator: "\n")
        #expect(lines[1].trimmingCharacters(in: .whitespaces) == "112")
        #expect(!lines.contains { $0.contains("+7112") })
    }

    @Test("keys map to the flow's actions", arguments: [
        (Event.key(.enter), DialerScene.Focus.code, LookupAction.countryButtonPressed),
        (Event.key(.enter), DialerScene.Focus.field, LookupAction.searchPressed),
        (Event.key(.enter), DialerScene.Focus.search, LookupAction.searchPressed),
        (Event.key(.escape), DialerScene.Focus.field, LookupAction.cancelPressed),
        (Event.key(.character("5")), DialerScene.Focus.code, LookupAction.numberEdited("5")),
    ])
    func dialerKeys(event: Event, focus: DialerScene.Focus, action: LookupAction) {
        var field = TextField()
        var focus = focus
        #expect(DialerScene.action(for: event, state: loaded(), field: &field, focus: &focus, size: size) == action)
    }

    @Test("Backspace and digits edit the number wherever the focus is, as on a phone", arguments: DialerScene.Focus.allCases)
    func phoneKeys(focus start: DialerScene.Focus) {
        var field = TextField(text: "2025550123")
        var focus = start
        #expect(DialerScene.action(for: .key(.backspace), state: loaded(), field: &field, focus: &focus, size: size)
                == .numberEdited("202555012"))
        #expect(focus == .field)
        focus = start
        #expect(DialerScene.action(for: .key(.character("9")), state: loaded(), field: &field, focus: &focus, size: size)
                == .numberEdited("2025550129"))
    }

    @Test("the code button follows a typed +code, and the region the number turns out to be in")
    func typedCode() {
        let plan = Fixtures.parser.plan
        #expect(plan.dialLabel(forTyped: "+44 20 7946 0958", region: "US") == "+44")
        #expect(plan.dialLabel(forTyped: "+4", region: "US") == nil)
        #expect(plan.dialLabel(forTyped: "+1 345 949 1234", region: "RU") == "+1 345")
        #expect(plan.dialLabel(forTyped: "345 949 1234", region: "US") == "+1 345")
        #expect(plan.dialLabel(forTyped: "202 555 0123", region: "US") == nil)
        var field = TextField(placeholder: Strings.placeholder.english)
        field.text = "+44 20 7946 0958"
        let text = DialerScene.render(loaded(), field: field, focus: .field, spinner: Spinner(), language: .english,
                                      size: size, typedLabel: plan.dialLabel(forTyped: field.text, region: "RU"))
            .plainText()
        #expect(text.contains("[ +44 ]"), "\(text)")
    }

    @Test("picker keys: typing filters, Enter chooses, Esc goes back")
    func pickerKeys() {
        var state = loaded()
        _ = flow.reduce(into: &state, action: .countryButtonPressed)
        _ = flow.reduce(into: &state, action: .pickerFilterChanged("ca"))
        let list = ListView()
        #expect(PickerScene.action(for: .key(.character("y")), state: state, list: list, size: size) == .pickerFilterChanged("cay"))
        #expect(PickerScene.action(for: .key(.backspace), state: state, list: list, size: size) == .pickerFilterChanged("c"))
        #expect(PickerScene.action(for: .key(.enter), state: state, list: list, size: size) == .pickerConfirmed)
        #expect(PickerScene.action(for: .key(.escape), state: state, list: list, size: size) == .pickerDismissed)
    }
}
