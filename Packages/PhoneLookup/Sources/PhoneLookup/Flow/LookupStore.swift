import ErrorReporting

/// Runs the flow: holds the state, applies actions, runs effects, and feeds their results back
/// as actions. The one owner of the lookup request and of the country load.
///
/// Lives on the main actor with the screens. A screen renders ``state`` and sends actions; it
/// never talks to a backend.
///
/// ```swift
/// let store = LookupStore(flow: flow, countries: source, api: backend)
/// store.onChange = { _ in context.requestRender() }
/// store.send(.start)
/// ```
@MainActor
public final class LookupStore {
    public private(set) var state: LookupState
    /// Called after every action that changed the state.
    public var onChange: ((LookupState) -> Void)?

    private let flow: LookupFlow

    /// The numbering data the flow reads numbers with (the dialer formats as typed with it).
    public var numbering: NumberingPlan { flow.parser.plan }
    private let countries: any CountryProviding
    private let api: any PhoneLookupAPI
    private var request: (id: Int, handle: LookupRequest)?
    private var countryTask: Task<Void, Never>?

    /// - Parameters:
    ///   - api: the backend; wrapped in ``ExactlyOnceLookup`` so its callback keeps the contract.
    ///   - deadline: how long a lookup may take before it fails with a timeout.
    public init(flow: LookupFlow, countries: any CountryProviding, api: any PhoneLookupAPI,
                deadline: Duration? = nil, deliveryLog: DeliveryLog? = nil) {
        self.flow = flow
        self.countries = countries
        self.api = ExactlyOnceLookup(api, deadline: deadline, log: deliveryLog)
        state = flow.initialState()
    }

    isolated deinit {
        request?.handle.cancel()
        countryTask?.cancel()
    }

    /// Applies `action`, then starts the effects it asks for.
    public func send(_ action: LookupAction) {
        let before = state
        let effects = flow.reduce(&state, action)
        if state != before { onChange?(state) }
        for effect in effects { run(effect) }
    }

    private func run(_ effect: LookupEffect) {
        switch effect {
        case .loadCountries:
            countryTask?.cancel()
            let updates = countries.countryUpdates()
            countryTask = Task { [weak self] in
                for await update in updates {
                    guard !Task.isCancelled else { return }
                    self?.send(.countriesUpdated(update))
                }
            }
        case .lookUp(let id, let number):
            request?.handle.cancel()
            let handle = api.lookUp(number) { [weak self] results, error in
                self?.answer(id: id, results: results, error: error)
            }
            request = (id, handle)
        case .cancelLookup(let id):
            guard let request, request.id == id else { return }
            request.handle.cancel()
            self.request = nil
        }
    }

    private func answer(id: Int, results: [String]?, error: (any Error)?) {
        if request?.id == id { request = nil }
        let answer: Result<[String], UserFacingError> = results.map { .success($0) }
            ?? .failure(UserFacingError.from(error ?? LookupError.emptyAnswer))
        send(.lookupAnswered(id: id, answer))
    }
}
