import ErrorReporting
import StateStore

/// The lookup's store: the shared `Store` over ``LookupState``, reduced by ``LookupFlow``, with
/// the country load and the lookup request interpreted by ``LookupEffects``.
///
/// Lives on the main actor with the screens. A screen attaches once with `attach(_:)`, renders
/// `state` and sends actions; it never talks to a backend.
///
/// ```swift
/// let store = LookupStore(flow: flow, countries: source, api: backend)
/// store.attach { _ in context.requestRender() }
/// store.send(.start)
/// ```
public typealias LookupStore = Store<LookupFlow, LookupEffects>

extension Store where R == LookupFlow, Interpreter == LookupEffects {
    /// A store on `flow`'s initial state.
    ///
    /// - Parameters:
    ///   - countries: where the picker's countries come from.
    ///   - api: the backend; wrapped in ``ExactlyOnceLookup`` so its callback keeps the contract.
    ///   - deadline: how long a lookup may take before it fails with a timeout.
    ///   - deliveryLog: counts the backend's answers delivered and dropped (tests).
    public convenience init(flow: LookupFlow, countries: any CountryProviding, api: any PhoneLookupAPI,
                            deadline: Duration? = nil, deliveryLog: DeliveryLog? = nil) {
        self.init(state: flow.initialState(), reducer: flow,
                  interpreter: LookupEffects(countries: countries,
                                             api: ExactlyOnceLookup(api, deadline: deadline, log: deliveryLog)))
    }
}

/// What the lookup's effects do: load the countries and ask the lookup API, one request at a
/// time (a new one replaces the one in flight); the results come back as actions. The store owns
/// the tasks: cancelling a lookup cancels the backend's request.
@MainActor
public struct LookupEffects: EffectInterpreting {
    private let countries: any CountryProviding
    private let api: any PhoneLookupAPI

    /// The lookup's runs: at most one of each.
    private enum RunID: Hashable, Sendable {
        case countries
        case lookup
    }

    init(countries: any CountryProviding, api: any PhoneLookupAPI) {
        self.countries = countries
        self.api = api
    }

    public func work(for effect: LookupEffect) -> Work<LookupAction> {
        switch effect {
        case .loadCountries:
            let updates = countries.countryUpdates()
            return .run(id: RunID.countries) { send in
                for await update in updates {
                    await send(.countriesUpdated(update))
                }
            }
        case .lookUp(let id, let number):
            return .run(id: RunID.lookup) { [api] send in
                let answer: Result<[String], LookupFailure>
                do {
                    answer = .success(try await api.lookUp(number))
                } catch {
                    // A cancelled request's error is dropped by `send`: whoever cancelled knows.
                    answer = .failure(LookupFailure(error))
                }
                await send(.lookupAnswered(id: id, answer))
            }
        case .cancelLookup:
            // The flow only cancels the lookup it is waiting for, which is the one in flight.
            return .cancel(id: RunID.lookup)
        }
    }
}
