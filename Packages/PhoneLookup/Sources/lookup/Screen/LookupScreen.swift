import CommandOptions
import ErrorReporting
import PhoneLookup
import TerminalUI

/// The one TerminalScreen: shows the scene on top of the flow's stack and turns events into the
/// flow's actions. It holds only what is local to drawing (focus, cursor, scroll, spinner phase,
/// the picker list's position), updated as events and the store's changes arrive; everything else
/// is the store's state. `render` draws and changes nothing.
@MainActor
final class LookupScreen: TerminalScreen {
    private let store: LookupStore
    /// The numbering data the dialer formats the typed number with (the flow's own).
    private let numbering: NumberingPlan
    private let language: Language
    /// The `--from` country the results say how to dial the number from; nil: the selected one.
    private let dialFrom: String?
    private var field: TextField
    private var focus = DialerScene.Focus.field
    private var list = ListView()
    private var scroll = 0
    private var spinner = Spinner()
    private var context: ScreenContext?
    /// The scene the list was last fitted to: a picker just opened centres the selected country.
    private var followedScene = LookupState.Scene.dialer

    init(store: LookupStore, numbering: NumberingPlan, language: Language, dialFrom: String? = nil) {
        self.store = store
        self.numbering = numbering
        self.language = language
        self.dialFrom = dialFrom
        field = TextField(placeholder: Strings.placeholder.text(in: language))
    }

    /// Runs full-screen until Ctrl-C.
    func run() async throws {
        try await TerminalApp.run(self)
    }

    /// Before the first frame: from here on every change of the store redraws, so the countries
    /// arriving (or failing) show at once, not at the first key.
    func start(context: ScreenContext) {
        self.context = context
        store.attach { [weak self] _ in self?.changed() }
        store.send(.start)
        changed()
    }

    func handle(_ event: Event, context: ScreenContext) {
        if Self.togglesHelp(event, showing: store.state.isShowingHelp) {
            store.send(.helpToggled)
            return
        }
        let state = store.state
        let action: LookupAction? = switch state.scene {
        case .dialer: DialerScene.action(for: event, state: state, field: &field, focus: &focus, size: context.size,
                                         typedLabel: typedLabel(state))
        case .picker: PickerScene.action(for: event, state: state, list: list, size: context.size)
        case .results: state.results.flatMap { ResultsScene.action(for: event, results: shown($0, state), scroll: &scroll) }
        }
        if event == .tick { spinner.advance() }
        if let action { store.send(action) }
        // Back on the dialer from the picker or the results: the number has the focus, as a phone's
        // dialer has, so Backspace and digits edit it at once.
        if state.scene != .dialer, store.state.scene == .dialer { focus = .field }
        changed()
    }

    /// The code the typed number names, for the country button (nil: the selected country's).
    private func typedLabel(_ state: LookupState) -> String? {
        Self.typedLabel(field.text, state: state, numbering: numbering)
    }

    /// The code the typed text names, unless the person chose a country in the picker: then a
    /// national number is theirs to read in that country, and only a typed +code overrides it.
    nonisolated static func typedLabel(_ text: String, state: LookupState, numbering: NumberingPlan) -> String? {
        if state.countryChosen, !text.contains("+") { return nil }
        return numbering.dialLabel(forTyped: text, region: state.selectedCountry.isoCode)
    }

    func render(size: TerminalSize) -> Frame {
        var frame = renderScene(size: size)
        if store.state.isShowingHelp { Self.drawHelp(into: &frame, language: language) }
        return frame
    }

    /// The field as a dialer shows it: formatted for the selected region while the cursor is at
    /// the end (editing in the middle shows the raw text, so the cursor stays where it was put);
    /// empty, it shows the region's example mobile number, written as dialled there.
    nonisolated static func asTyped(_ field: TextField, plan: NumberingPlan, region: String,
                                    language: Language = .english) -> TextField {
        if field.text.isEmpty, let example = plan.exampleNumber(forRegion: region) {
            return TextField(text: "", placeholder: Strings.example.text(in: language) + example)
        }
        guard !field.text.isEmpty, field.cursor == field.text.count else { return field }
        return TextField(text: plan.formatAsTyped(field.text, region: region), placeholder: field.placeholder)
    }

    /// The results' country in Russian, from Foundation's locale data (the flow names it in
    /// English, as the dataset does); nil in English or when the number's region is not known.
    nonisolated static func countryName(of results: LookupState.Results, plan: NumberingPlan, language: Language) -> String? {
        guard language == .russian, let region = plan.region(of: results.number), region != "001" else { return nil }
        return CountryNames().name(of: region, in: .russian)
    }

    /// The results as the scene shows them: the API's rows, then how the number is dialled from
    /// the `--from` or selected country when it is another country's, as `search --from` adds.
    private func shown(_ results: LookupState.Results, _ state: LookupState) -> LookupState.Results {
        results.addingDialFrom(dialFrom ?? state.selectedCountry.isoCode, plan: numbering, language: language)
    }

    /// `?` opens the help; while it shows, any key or click closes it (ticks and resizes do not).
    nonisolated static func togglesHelp(_ event: Event, showing: Bool) -> Bool {
        HelpOverlay.toggles(event, showing: showing)
    }

    /// The `?` overlay: TerminalUI's one help widget, as in the gallery and Flickr.
    nonisolated static func drawHelp(into frame: inout Frame, language: Language) {
        HelpOverlay(
            title: HelpPhrases.keys.text(in: language),
            entries: Strings.help.map { HelpOverlay.Entry($0.keys.text(in: language), $0.action.text(in: language)) },
            closeHint: HelpPhrases.anyKeyCloses.text(in: language)
        ).draw(into: &frame)
    }

    private func renderScene(size: TerminalSize) -> Frame {
        let state = store.state
        switch state.scene {
        case .dialer:
            return DialerScene.render(state, field: Self.asTyped(field, plan: numbering, region: state.selectedCountry.isoCode, language: language),
                                      focus: focus, spinner: spinner, language: language, size: size,
                                      typedLabel: typedLabel(state))
        case .picker:
            return PickerScene.render(state, list: list, language: language, size: size)
        case .results:
            guard let results = state.results else { return Frame(size: size) }
            return ResultsScene.render(shown(results, state), scroll: scroll, language: language, size: size,
                                       countryName: Self.countryName(of: results, plan: numbering, language: language))
        }
    }

    /// After any change: fit the picker's list to the state, render, and keep the spinner
    /// turning while something is awaited.
    private func changed() {
        guard let context else { return }
        followPicker(size: context.size)
        context.requestRender()
        if store.state.isBusy { context.scheduleTick(after: Spinner.interval) }
    }

    /// Keeps the picker's list on the highlighted country at `size`; a picker just opened shows
    /// the selected country in the middle.
    private func followPicker(size: TerminalSize) {
        let state = store.state
        defer { followedScene = state.scene }
        guard state.scene == .picker else { return }
        let height = PickerScene.listRect(size).height
        if followedScene != .picker { list.offset = max(0, state.picker.highlighted - height / 2) }
        list.select(state.picker.highlighted, itemCount: state.picker.matches.count, height: height)
    }
}
