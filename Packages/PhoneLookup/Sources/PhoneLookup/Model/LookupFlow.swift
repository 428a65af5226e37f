import ErrorReporting
import StateStore

/// The navigation and rules of the three scenes, as a pure function of state and action.
///
/// ```swift
/// var state = flow.initialState()
/// let effects = flow.reduce(into: &state, action: .searchPressed)   // [.lookUp(id: 1, number: +7999…)]
/// ```
public struct LookupFlow: Reducer {
    public let parser: PhoneNumberParser
    /// The ISO code of the locale's region (`RU` for `LANG=ru_RU.UTF-8`), the first selection.
    public let preferredRegion: String?

    public init(parser: PhoneNumberParser, preferredRegion: String?) {
        self.parser = parser
        self.preferredRegion = preferredRegion
    }

    /// The dialer, with the locale's country (else +1) on the button while the countries load.
    public func initialState() -> LookupState {
        // A locale region the numbering data does not know (or none) falls back to the US.
        let region = preferredRegion.flatMap { parser.plan.callingCode(forRegion: $0) != nil ? $0.uppercased() : nil } ?? "US"
        let code = parser.plan.callingCode(forRegion: region) ?? "1"
        let name = CountryNames().name(of: region, in: .english)
        var state = LookupState(selectedCountry: Country(name: name, dialCode: DialCode(parsing: code)!, isoCode: region))
        state.dialLabel = parser.plan.dialLabel(for: state.selectedCountry)
        return state
    }

    /// Applies `action` to `state` and returns the effects to run.
    public func reduce(into state: inout LookupState, action: LookupAction) -> [LookupEffect] {
        switch action {
        case .start:
            state.countries = .loading
            return [.loadCountries]
        case .countryButtonPressed:
            return pressCountryButton(&state)
        case .pickerFilterChanged(let filter):
            state.picker.filter = filter
            state.picker.matches = state.catalog?.filter(filter) ?? []
            state.picker.highlighted = 0
        case .pickerMoved(let offset):
            let last = max(state.picker.matches.count - 1, 0)
            state.picker.highlighted = min(max(state.picker.highlighted + offset, 0), last)
        case .pickerConfirmed:
            choose(row: state.picker.highlighted, in: &state)
        case .pickerChoseRow(let row):
            choose(row: row, in: &state)
        case .pickerDismissed:
            pop(.picker, from: &state)
        case .numberEdited(let text):
            state.numberText = text
            state.inputProblem = nil
        case .searchPressed:
            return search(&state)
        case .cancelPressed:
            state.waitingForPicker = false
            guard let lookup = state.lookup else { return [] }
            state.lookup = nil
            return [.cancelLookup(id: lookup.id)]
        case .alertDismissed:
            state.alert = nil
        case .helpToggled:
            state.isShowingHelp.toggle()
        case .continuePressed:
            pop(.results, from: &state)
            state.results = nil
        case .countriesUpdated(let update):
            receive(update, in: &state)
        case .lookupAnswered(let id, let answer):
            guard let lookup = state.lookup, lookup.id == id else { return [] }
            state.lookup = nil
            switch answer {
            case .success(let rows):
                state.results = .init(number: lookup.number, countryName: lookup.countryName, rows: rows)
                state.stack.append(.results)
            case .failure(let error):
                state.alert = error
            }
        }
        return []
    }

    private func pressCountryButton(_ state: inout LookupState) -> [LookupEffect] {
        switch state.countries {
        case .loaded:
            openPicker(&state)
            return []
        case .loading:
            state.waitingForPicker = true
            return []
        case .failed:
            state.countries = .loading
            state.waitingForPicker = true
            return [.loadCountries]
        }
    }

    private func openPicker(_ state: inout LookupState) {
        state.waitingForPicker = false
        guard state.scene == .dialer, let catalog = state.catalog else { return }
        state.picker = .init(filter: "", matches: catalog.filter(""), highlighted: 0)
        let selected = catalog.countries.firstIndex { $0.isoCode == state.selectedCountry.isoCode }
        state.picker.highlighted = selected.flatMap { state.picker.matches.firstIndex(of: $0) } ?? 0
        state.stack.append(.picker)
    }

    private func choose(row: Int, in state: inout LookupState) {
        guard let catalog = state.catalog, state.picker.matches.indices.contains(row) else { return }
        state.selectedCountry = catalog.countries[state.picker.matches[row]]
        state.dialLabel = parser.plan.dialLabel(for: state.selectedCountry)
        state.countryChosen = true
        pop(.picker, from: &state)
    }

    private func pop(_ scene: LookupState.Scene, from state: inout LookupState) {
        guard state.scene == scene, state.stack.count > 1 else { return }
        state.stack.removeLast()
    }

    private func search(_ state: inout LookupState) -> [LookupEffect] {
        guard state.lookup == nil, state.scene == .dialer else { return [] }
        let number: PhoneNumber
        do {
            number = try parser.parse(state.numberText, country: state.selectedCountry)
        } catch {
            state.inputProblem = error
            return []
        }
        state.inputProblem = nil
        let id = state.nextRequestID
        state.nextRequestID += 1
        state.lookup = .init(id: id, number: number, countryName: countryName(of: number, in: state))
        return [.lookUp(id: id, number: number)]
    }

    /// The country shown under the number: the one its prefix decides, else the selected one if it
    /// shares the calling code, else the main owner of the code.
    func countryName(of number: PhoneNumber, in state: LookupState) -> String {
        let plan = parser.plan
        let selectedCode = plan.callingCode(forRegion: state.selectedCountry.isoCode)
        let region = plan.region(of: number).flatMap { $0 == "001" ? nil : $0 }
            ?? (selectedCode == number.callingCode ? state.selectedCountry.isoCode : nil)
            ?? plan.regions(forCallingCode: number.callingCode).first { $0 != "001" }
        guard let region else { return "" }
        if region == state.selectedCountry.isoCode { return state.selectedCountry.name }
        return state.catalog?.country(isoCode: region)?.name ?? CountryNames().name(of: region, in: .english)
    }

    private func receive(_ update: CountryUpdate, in state: inout LookupState) {
        switch update {
        case .loaded(let dataset, let origin):
            // The picker tells every dial code as the code button and the results do.
            let catalog = dataset.labelled(by: parser.plan)
            state.countries = .loaded(catalog, origin)
            state.refreshProblem = nil
            if !state.countryChosen, let country = catalog.country(isoCode: state.selectedCountry.isoCode) {
                state.selectedCountry = country
                state.dialLabel = parser.plan.dialLabel(for: country)
            }
            if state.scene == .picker {
                state.picker.matches = catalog.filter(state.picker.filter)
                state.picker.highlighted = min(state.picker.highlighted, max(state.picker.matches.count - 1, 0))
            }
            if state.waitingForPicker { openPicker(&state) }
        case .failed(let error, let hasCopy):
            guard !hasCopy || state.catalog == nil else {
                state.refreshProblem = error.userFacingError
                return
            }
            state.countries = .failed(error.userFacingError)
            state.waitingForPicker = false
        }
    }
}

extension LookupFlow {
    /// The region of a POSIX locale in the environment (`LC_ALL`, `LC_TELEPHONE`, `LANG`), e.g. `RU`
    /// for `ru_RU.UTF-8`; nil for `C`, `POSIX` or a locale without a region.
    public static func region(fromEnvironment environment: [String: String]) -> String? {
        for name in ["LC_ALL", "LC_TELEPHONE", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let locale = value.split(separator: ".").first.map(String.init) ?? value
            let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" })
            guard parts.count >= 2, parts[1].count == 2 else { return nil }
            return parts[1].uppercased()
        }
        return nil
    }
}
