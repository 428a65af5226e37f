import ErrorReporting
import StateStore
import TestSupport
import Testing
@testable import PhoneLookup
@testable import lookup

@Suite("Lookup flow (no terminal)")
struct FlowTests {
    let flow = LookupFlow(parser: Fixtures.parser, preferredRegion: "RU")

    /// The dialer with the real countries loaded.
    func loaded() -> LookupState {
        var state = flow.initialState()
        _ = flow.reduce(into: &state, action: .start)
        _ = flow.reduce(into: &state, action: .countriesUpdated(.loaded(Fixtures.catalog, .network)))
        return state
    }

    @Test("the locale's country is the first selection; without one it is +1")
    func localeDefault() {
        #expect(loaded().selectedCountry == Fixtures.country("RU"))
        let american = LookupFlow(parser: Fixtures.parser, preferredRegion: nil)
        var state = american.initialState()
        #expect(state.selectedCountry.dialCode.description == "+1")
        _ = american.reduce(into: &state, action: .countriesUpdated(.loaded(Fixtures.catalog, .network)))
        #expect(state.selectedCountry == Fixtures.country("US"))
    }

    @Test("the locale's region is read from LANG", arguments: [
        (["LANG": "ru_RU.UTF-8"], "RU"), (["LC_ALL": "en_GB.UTF-8", "LANG": "ru_RU.UTF-8"], "GB"),
        (["LANG": "C.UTF-8"], nil), ([:], nil),
    ] as [([String: String], String?)])
    func localeRegion(environment: [String: String], region: String?) {
        #expect(LookupFlow.region(fromEnvironment: environment) == region)
    }

    @Test("the picker waits for the countries while the dialer shows a spinner")
    func spinnerWhileParsing() {
        var state = flow.initialState()
        #expect(flow.reduce(into: &state, action: .start) == [.loadCountries])
        #expect(flow.reduce(into: &state, action: .countryButtonPressed) == [])
        #expect(state.scene == .dialer)
        #expect(state.isBusy)
        _ = flow.reduce(into: &state, action: .countriesUpdated(.loaded(Fixtures.catalog, .network)))
        #expect(state.scene == .picker)
        #expect(!state.isBusy)
    }

    @Test("Esc stops waiting for the picker")
    func escWhileWaitingForPicker() {
        var state = flow.initialState()
        _ = flow.reduce(into: &state, action: .start)
        _ = flow.reduce(into: &state, action: .countryButtonPressed)
        _ = flow.reduce(into: &state, action: .cancelPressed)
        _ = flow.reduce(into: &state, action: .countriesUpdated(.loaded(Fixtures.catalog, .network)))
        #expect(state.scene == .dialer)
        #expect(!state.isBusy)
    }

    @Test("dialer -> picker -> dialer: filter, choose, and the button shows the new code")
    func pickCountry() {
        var state = loaded()
        _ = flow.reduce(into: &state, action: .countryButtonPressed)
        #expect(state.stack == [.dialer, .picker])
        #expect(state.picker.matches.count == 242)
        #expect(Fixtures.catalog.countries[state.picker.matches[state.picker.highlighted]].isoCode == "RU")
        _ = flow.reduce(into: &state, action: .pickerFilterChanged("cay"))
        #expect(state.picker.matches.map { Fixtures.catalog.countries[$0].isoCode } == ["KY"])
        _ = flow.reduce(into: &state, action: .pickerConfirmed)
        #expect(state.stack == [.dialer])
        #expect(state.selectedCountry.dialCode.description == "+345")
    }

    @Test("after choosing the Cayman Islands with a US number typed, the code button reads +1 345")
    func pickedCountryWinsOverTypedNumber() {
        var state = loaded()
        let plan = Fixtures.parser.plan
        _ = flow.reduce(into: &state, action: .countryButtonPressed)
        _ = flow.reduce(into: &state, action: .pickerFilterChanged("cay"))
        _ = flow.reduce(into: &state, action: .pickerConfirmed)
        let typed = LookupScreen.typedLabel("(425) 882-8080", state: state, numbering: plan)
        #expect(DialerScene.codeLabel(state, typed: typed) == "+1 345")
        #expect(LookupScreen.typedLabel("+44 20 7946 0958", state: state, numbering: plan) == "+44")
    }

    @Test("Esc in the picker returns with the selection unchanged")
    func dismissPicker() {
        var state = loaded()
        _ = flow.reduce(into: &state, action: .countryButtonPressed)
        _ = flow.reduce(into: &state, action: .pickerMoved(by: 5))
        _ = flow.reduce(into: &state, action: .pickerDismissed)
        #expect(state.stack == [.dialer])
        #expect(state.selectedCountry.isoCode == "RU")
    }

    @Test("no network and no saved copy: the dialer says why, and the button retries")
    func offlineWithoutCopy() {
        var state = flow.initialState()
        _ = flow.reduce(into: &state, action: .start)
        let error = CountryLoadError.unreachable(.offline(host: "example.com"))
        _ = flow.reduce(into: &state, action: .countriesUpdated(.failed(error, hasCopy: false)))
        #expect(state.countries == .failed(error.userFacingError))
        // What to press is the dialer's to say (ScreenTests): the library says what happened.
        #expect(error.userFacingError.line(in: .english) == "Cannot load the country list: No internet connection")
        #expect(flow.reduce(into: &state, action: .countryButtonPressed) == [.loadCountries])
        #expect(state.isBusy)
    }

    @Test("a failed refresh keeps the saved copy and only notes the problem")
    func staleCopyKept() {
        var state = flow.initialState()
        _ = flow.reduce(into: &state, action: .countriesUpdated(.loaded(Fixtures.catalog, .savedCopy)))
        _ = flow.reduce(into: &state, action: .countriesUpdated(.failed(CountryLoadError.unreachable(.offline(host: "example.com")), hasCopy: true)))
        #expect(state.catalog?.countries == Fixtures.catalog.countries)
        #expect(state.refreshProblem?.code == "offline")
    }

    @Test("search -> results -> dialer: results appear only after the callback, one row per string")
    func searchResults() {
        var state = loaded()
        _ = flow.reduce(into: &state, action: .numberEdited("999 467-37-56"))
        let effects = flow.reduce(into: &state, action: .searchPressed)
        let number = try! Fixtures.number("+79994673756")
        #expect(effects == [.lookUp(id: 1, number: number)])
        #expect(state.scene == .dialer)
        #expect(state.isBusy)
        _ = flow.reduce(into: &state, action: .lookupAnswered(id: 1, .success(["Yota [Новосибирская область]", "Номер не перенесен"])))
        #expect(state.scene == .results)
        #expect(state.results == .init(number: number, countryName: "Russia",
                                       rows: ["Yota [Новосибирская область]", "Номер не перенесен"]))
        _ = flow.reduce(into: &state, action: .continuePressed)
        #expect(state.stack == [.dialer])
        #expect(state.results == nil)
        // The typed number is kept: searching again looks it up again.
        #expect(flow.reduce(into: &state, action: .searchPressed) == [.lookUp(id: 2, number: number)])
    }

    @Test("search -> error alert -> dialer")
    func searchError() {
        var state = loaded()
        _ = flow.reduce(into: &state, action: .numberEdited("9994673756"))
        _ = flow.reduce(into: &state, action: .searchPressed)
        let error = LookupFailure(LookupError.server(status: 500))
        _ = flow.reduce(into: &state, action: .lookupAnswered(id: 1, .failure(error)))
        #expect(state.alert == error)
        #expect(error.retry == .later)
        #expect(state.scene == .dialer)
        #expect(!state.isBusy)
        _ = flow.reduce(into: &state, action: .alertDismissed)
        #expect(state.alert == nil)
        #expect(state.stack == [.dialer])
    }

    @Test("invalid input is explained and not sent")
    func invalidInput() {
        var state = loaded()
        _ = flow.reduce(into: &state, action: .numberEdited("999"))
        #expect(flow.reduce(into: &state, action: .searchPressed) == [])
        #expect(state.inputProblem == .tooShort(digits: 3, minimum: 10))
        _ = flow.reduce(into: &state, action: .numberEdited("9994"))
        #expect(state.inputProblem == nil)
    }

    @Test("Esc while waiting cancels the request, and its late answer is ignored")
    func cancelWhileWaiting() {
        var state = loaded()
        _ = flow.reduce(into: &state, action: .numberEdited("9994673756"))
        _ = flow.reduce(into: &state, action: .searchPressed)
        #expect(flow.reduce(into: &state, action: .cancelPressed) == [.cancelLookup(id: 1)])
        #expect(!state.isBusy)
        _ = flow.reduce(into: &state, action: .lookupAnswered(id: 1, .success(["late"])))
        #expect(state.scene == .dialer)
        #expect(state.results == nil)
    }

    @Test("a second Search while one runs starts nothing")
    func oneRequestAtATime() {
        var state = loaded()
        _ = flow.reduce(into: &state, action: .numberEdited("9994673756"))
        _ = flow.reduce(into: &state, action: .searchPressed)
        #expect(flow.reduce(into: &state, action: .searchPressed) == [])
    }

    @Test("the country under the number is the one its prefix decides", arguments: [
        ("+77011234567", "Kazakhstan"), ("+14165550123", "Canada"), ("9994673756", "Russia"), ("+13459161234", "Cayman Islands"),
    ])
    func countryName(input: String, name: String) {
        var state = loaded()
        _ = flow.reduce(into: &state, action: .numberEdited(input))
        _ = flow.reduce(into: &state, action: .searchPressed)
        #expect(state.lookup?.countryName == name)
    }
}

@Suite("Lookup store: effects come back as actions")
@MainActor
struct StoreTests {
    let flow = LookupFlow(parser: Fixtures.parser, preferredRegion: "RU")

    /// A store under test whose countries have arrived.
    func makeStore(api: any PhoneLookupAPI, log: DeliveryLog? = nil) async -> TestStore<LookupFlow, LookupEffects> {
        let countries = ControlledCountries()
        let store = TestStore(LookupStore(flow: flow, countries: countries, api: api, deliveryLog: log), exhaustive: false)
        store.send(.start) { $0.countries = .loading }
        countries.send(.loaded(Fixtures.catalog, .network))
        await store.receive(.countriesUpdated(.loaded(Fixtures.catalog, .network))) { #expect($0.catalog != nil) }
        store.exhaustive = true
        return store
    }

    @Test("the whole path: countries arrive, search, the callback shows the results")
    func wholePath() async throws {
        let backend = ScriptedLookup()
        let store = await makeStore(api: backend)
        store.send(.numberEdited("8 (999) 467-37-56")) { $0.numberText = "8 (999) 467-37-56" }
        let number = try flow.parser.parse("8 (999) 467-37-56", country: store.state.selectedCountry)
        store.send(.searchPressed) {
            $0.lookup = .init(id: $0.nextRequestID, number: number, countryName: "Russia")
            $0.nextRequestID += 1
        }
        await backend.waitForCalls(1)
        #expect(backend.numbers.map(\.e164) == ["+79994673756"])
        #expect(store.state.scene == .dialer)
        backend.answer(results: ["Yota", "Not ported"])
        let lookup = try #require(store.state.lookup)
        await store.receive(.lookupAnswered(id: lookup.id, .success(["Yota", "Not ported"]))) {
            $0.lookup = nil
            $0.results = .init(number: lookup.number, countryName: lookup.countryName, rows: ["Yota", "Not ported"])
            $0.stack.append(.results)
        }
        #expect(store.state.scene == .results)
        await store.finish()
    }

    @Test("Esc cancels the backend's request and nothing arrives afterwards")
    func cancel() async {
        let backend = ScriptedLookup()
        let log = DeliveryLog()
        let store = await makeStore(api: backend, log: log)
        store.send(.numberEdited("9994673756")) { $0.numberText = "9994673756" }
        store.exhaustive = false
        store.send(.searchPressed) { #expect($0.lookup != nil) }
        await backend.waitForCalls(1)
        store.send(.cancelPressed) { $0.lookup = nil }
        await backend.waitForCancellations(1)
        #expect(backend.cancelledCount == 1)
        backend.answer(results: ["late"])
        await store.finish()
        #expect(store.state.scene == .dialer)
        #expect(store.state.results == nil)
        #expect(log.dropped == 1)
    }

    @Test("a backend that calls back three times shows one answer")
    func misbehavingBackend() async {
        let log = DeliveryLog()
        let store = await makeStore(api: MisbehavingLookup(), log: log)
        var changes = 0
        store.store.attach { _ in changes += 1 }
        store.send(.numberEdited("9994673756")) { $0.numberText = "9994673756" }
        store.exhaustive = false
        store.send(.searchPressed) { #expect($0.lookup != nil) }
        let id = store.state.lookup?.id ?? -1
        await store.receive(.lookupAnswered(id: id, .success(["first"])))
        await store.finish()
        #expect(store.state.results?.rows == ["first"])
        #expect(log.delivered == 1)
        #expect(changes == 3)   // edited, waiting, answered
    }

    @Test("an error from the backend shows an alert with its localized description")
    func errorAlert() async {
        let backend = ScriptedLookup()
        let store = await makeStore(api: backend)
        store.send(.numberEdited("9994673756")) { $0.numberText = "9994673756" }
        store.exhaustive = false
        store.send(.searchPressed) { #expect($0.lookup != nil) }
        await backend.waitForCalls(1)
        backend.answer(error: LookupError.invalidNumber(message: "Number is not in service"))
        let error = LookupFailure(LookupError.invalidNumber(message: "Number is not in service"))
        await store.receive(.lookupAnswered(id: store.state.lookup?.id ?? -1, .failure(error)))
        #expect(store.state.alert?.error.message(in: .english) == "Number is not in service")
        #expect(store.state.alert?.retry == .never)
        #expect(store.state.scene == .dialer)
        await store.finish()
    }

    @Test("the offline engine answers through the store")
    func offlineEngine() async {
        let store = TestStore(
            LookupStore(flow: flow, countries: ControlledCountries(), api: OfflineLookup(engine: Fixtures.engine, language: .english)),
            exhaustive: false)
        store.send(.numberEdited("+77011234567"))
        store.send(.searchPressed)
        await store.finish()
        #expect(store.store.state.scene == .results)
        #expect(store.store.state.results?.countryName == "Kazakhstan")
        #expect(store.store.state.results?.rows.first == "Country: Kazakhstan (+7 is shared with Russia)")
    }

    @Test("retrying a failed country load asks the source again")
    func retry() async {
        let countries = ControlledCountries()
        let store = TestStore(LookupStore(flow: flow, countries: countries, api: ScriptedLookup()), exhaustive: false)
        store.send(.start)
        let failure = CountryUpdate.failed(CountryLoadError.unreachable(.offline(host: "example.com")), hasCopy: false)
        countries.send(failure)
        await store.receive(.countriesUpdated(failure)) { state in
            guard case .failed = state.countries else { Issue.record("the load did not fail"); return }
        }
        store.send(.countryButtonPressed)
        #expect(countries.loadCount == 2)
        countries.send(.loaded(Fixtures.catalog, .network))
        await store.receive(.countriesUpdated(.loaded(Fixtures.catalog, .network))) {
            #expect($0.scene == .picker)
        }
        await store.finish()
    }
}
