import ErrorReporting
import TerminalUI
import TestSupport
import Testing
import PhoneLookup
@testable import lookup

/// Every scene of the lookup at the sizes terminals open at, checked as a person would look at it.
@Suite("The lookup at 80x24, 120x40 and 200x60 in every state")
@MainActor
struct LookupScreenSizesTests {
    nonisolated static let sizes = [
        TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 120, rows: 40), TerminalSize(columns: 200, rows: 60),
    ]

    enum Scene: String, CaseIterable {
        case dialer, typed, loadingCountries, offlineNoCopy, savedCopy, lookingUp, failed, refusedNumber
        case picker, pickerNoMatches, results, help
    }

    let flow = LookupFlow(parser: Fixtures.parser, preferredRegion: "RU")

    private func loaded(_ origin: CountryOrigin = .network) -> LookupState {
        var state = flow.initialState()
        _ = flow.reduce(into: &state, action: .countriesUpdated(.loaded(Fixtures.catalog, origin)))
        return state
    }

    private func render(_ scene: Scene, size: TerminalSize, language: Language = .english) -> Frame {
        var state = loaded()
        var text = ""
        switch scene {
        case .dialer, .help: break
        case .typed: text = "9994673756"
        case .loadingCountries:
            state = flow.initialState()
            _ = flow.reduce(into: &state, action: .start)
            _ = flow.reduce(into: &state, action: .countryButtonPressed)
        case .offlineNoCopy:
            state = flow.initialState()
            _ = flow.reduce(into: &state, action: .countriesUpdated(.failed(CountryLoadError.unreachable(.offline(host: "example.com")), hasCopy: false)))
        case .savedCopy:
            state = loaded(.savedCopy)
        case .lookingUp, .failed:
            text = "9994673756"
            _ = flow.reduce(into: &state, action: .numberEdited(text))
            _ = flow.reduce(into: &state, action: .searchPressed)
            if scene == .failed {
                _ = flow.reduce(into: &state, action: .lookupAnswered(id: 1, .failure(LookupFailure(LookupError.server(status: 500)))))
            }
        case .refusedNumber:
            text = "12ab"
            _ = flow.reduce(into: &state, action: .numberEdited(text))
            _ = flow.reduce(into: &state, action: .searchPressed)
        case .picker, .pickerNoMatches:
            _ = flow.reduce(into: &state, action: .countryButtonPressed)
            if scene == .pickerNoMatches { _ = flow.reduce(into: &state, action: .pickerFilterChanged("zzzz")) }
            var list = ListView()
            list.select(state.picker.highlighted, itemCount: state.picker.matches.count,
                        height: PickerScene.listRect(size).height)
            return PickerScene.render(state, list: list, language: language, size: size)
        case .results:
            let results = LookupState.Results(number: try! Fixtures.number("+79994673756"), countryName: "Russia",
                                              rows: ["Yota [Новосибирская область]", "Номер не перенесен"])
            return ResultsScene.render(results, scroll: 0, language: language, size: size,
                                       countryName: LookupScreen.countryName(of: results, plan: Fixtures.parser.plan,
                                                                             language: language))
        }
        var field = TextField(placeholder: Strings.placeholder.text(in: language))
        field.text = text
        var frame = DialerScene.render(state, field: field, focus: .field, spinner: Spinner(), language: language, size: size)
        if scene == .help { LookupScreen.drawHelp(into: &frame, language: language) }
        return frame
    }

    @Test("every scene in Russian shows no English word but names, numbers and keys; the footer keeps its help hint",
          arguments: sizes)
    func russianWords(size: TerminalSize) {
        for scene in Scene.allCases {
            let text = render(scene, size: size, language: .russian).plainText()
            // What the person typed ("12ab", the filter "zzzz") and the carrier's name are theirs.
            let words = ScreenAudit.englishWords(in: text, allowing: ["ab", "zzzz", "Yota"])
            #expect(words.isEmpty, "\(scene): \(words)\n\(text)")
            if [.dialer, .typed, .refusedNumber].contains(scene) {
                #expect(text.split(separator: "\n").last?.contains("? справка") == true, "\(scene):\n\(text)")
            }
        }
        let picker = render(.picker, size: size, language: .russian).plainText()
        #expect(picker.contains("Россия"), "the picker names countries in Russian: \(picker)")
        let results = render(.results, size: size, language: .russian).plainText()
        #expect(results.contains("Россия") && !results.contains("Russia"), "\(results)")
    }

    @Test("the picker's filter finds a country by its name in either language")
    func filterEitherLanguage() {
        let catalog = Fixtures.catalog
        let russia = catalog.countries.firstIndex { $0.isoCode == "RU" }
        #expect(russia != nil && catalog.filter("рос").contains(russia!))
        #expect(catalog.filter("rus").contains(russia!))
    }

    @Test("no word is cut where it could be shortened, and the picker's list has no blank rows",
          arguments: sizes, Scene.allCases)
    func scene(size: TerminalSize, scene: Scene) {
        let lines = render(scene, size: size).plainText().components(separatedBy: "\n")
        let dump = lines.joined(separator: "\n")
        #expect(lines.count == size.rows)
        #expect(ScreenAudit.midWordCuts(in: lines, rows: 0..<size.rows).isEmpty, "\(dump)")
        switch scene {
        case .picker:
            let list = PickerScene.listRect(size)
            #expect(ScreenAudit.blankRuns(in: lines, rows: list.row..<list.maxRow, longest: 0).isEmpty, "\(dump)")
            #expect(!lines[list.maxRow - 1].allSatisfy { $0 == " " }, "the list runs to its last row")
        case .pickerNoMatches:
            #expect(dump.contains("No country matches"))
        case .help:
            #expect(dump.contains("this help") && dump.contains("any key closes"))
        case .failed:
            #expect(dump.contains("Lookup failed") && dump.contains("[ OK ]"))
        case .results:
            #expect(dump.contains("+79994673756") && dump.contains("[ Continue ]"))
        case .offlineNoCopy:
            #expect(dump.contains("Cannot load the country list"))
        default:
            #expect(dump.contains("Search"))
        }
    }

    @Test("the help is TerminalUI's one overlay: the same box the gallery and Flickr draw")
    func sharedHelp() {
        var frame = Frame(size: TerminalSize(columns: 80, rows: 24))
        LookupScreen.drawHelp(into: &frame, language: .english)
        let expected = HelpOverlay(
            title: "Keys", entries: Strings.help.map { HelpOverlay.Entry($0.keys.english, $0.action.english) },
            closeHint: "any key closes")
        var direct = Frame(size: TerminalSize(columns: 80, rows: 24))
        expected.draw(into: &direct)
        #expect(frame.plainText() == direct.plainText())
    }
}
