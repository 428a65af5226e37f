import ErrorReporting
import StateStore

/// The lookup's store: the shared `Store` over ``LookupState``, reduced by ``LookupFlow``, with
/// the country load and the lookup request run by ``LookupEffects``.
///
/// Lives on the main actor with the screens. A screen attaches once with `attach(_:)`, renders
/// `state` and sends actions; it never talks to a backend.
///
/// ```swift
/// let store = LookupStore(flow: flow, countries: source, api: backend)
/// store.attach { _ in context.requestRender() }
/// store.send(.start)
/// ```
public typealias LookupStore = Store<LookupState, LookupEffects>

extension Store where State == LookupState, Effects == LookupEffects {
    /// A store on `flow`'s initial state.
    ///
    /// - Parameters:
    ///   - countries: where the picker's countries come from.
    ///   - api: the backend; wrapped in ``ExactlyOnceLookup`` so its callback keeps the contract.
    ///   - deadline: how long a lookup may take before it fails with a timeout.
    ///   - deliveryLog: counts the backend's answers delivered and dropped (tests).
    public convenience init(flow: LookupFlow, countries: any CountryProviding, api: any PhoneLookupAPI,
                            deadline: Duration? = nil, deliveryLog: DeliveryLog? = nil) {
        self.init(state: flow.initialState(), reduce: { state, action in flow.reduce(&state, action) },
                  effects: LookupEffects(countries: countries,
                                         api: ExactlyOnceLookup(api, deadline: deadline, log: deliveryLog)))
    }
}

/// Runs the lookup's effects: loads the countries and asks the lookup API, one request at a time;
/// the results come back as actions. The one owner of the lookup request and of the country load.
@MainActor
public final class LookupEffects: EffectRunning {
    private let countries: any CountryProviding
    private let api: any PhoneLookupAPI
    private var request: (id: Int, handle: LookupRequest)?
    private var countryTask: Task<Void, Never>?

    init(countries: any CountryProviding, api: any PhoneLookupAPI) {
        self.countries = countries
        self.api = api
    }

    isolated deinit {
        request?.handle.cancel()
        countryTask?.cancel()
    }

    public func run(_ effect: LookupEffect, send: @escaping @MainActor (LookupAction) -> Void) {
        switch effect {
        case .loadCountries:
            countryTask?.cancel()
            let updates = countries.countryUpdates()
            countryTask = Task {
                for await update in updates {
                    guard !Task.isCancelled else { return }
                    send(.countriesUpdated(update))
                }
            }
        case .lookUp(let id, let number):
            request?.handle.cancel()
            let handle = api.lookUp(number) { [weak self] results, error in
                self?.answer(id: id, results: results, error: error, send: send)
            }
            request = (id, handle)
        case .cancelLookup(let id):
            guard let request, request.id == id else { return }
            request.handle.cancel()
            self.request = nil
        }
    }

    private func answer(id: Int, results: [String]?, error: (any Error)?,
                        send: @MainActor (LookupAction) -> Void) {
        if request?.id == id { request = nil }
        let answer: Result<[String], UserFacingError> = results.map { .success($0) }
            ?? .failure(UserFacingError.from(error ?? LookupError.emptyAnswer))
        send(.lookupAnswered(id: id, answer))
    }
}
