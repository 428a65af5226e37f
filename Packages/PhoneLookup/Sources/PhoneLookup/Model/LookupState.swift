import ErrorReporting

/// Everything the three scenes show, as one value. Changed only by ``LookupFlow/reduce(into:action:)``.
public struct LookupState: Sendable, Equatable {
    /// A scene of the navigation stack.
    public enum Scene: Sendable, Equatable {
        case dialer
        case picker
        case results
    }

    /// The countries as far as they are known.
    public enum Countries: Sendable, Equatable {
        case loading
        case loaded(CountryCatalog, CountryOrigin)
        /// Nothing to show; the error says why and how to retry.
        case failed(UserFacingError)
    }

    /// The lookup in progress, if any.
    public struct PendingLookup: Sendable, Equatable {
        /// Tells an answer to this request from a late answer to an earlier one.
        public var id: Int
        public var number: PhoneNumber
        public var countryName: String
    }

    /// What the results scene shows: the number, its country, the API's strings one-to-one.
    public struct Results: Sendable, Equatable {
        public var number: PhoneNumber
        public var countryName: String
        public var rows: [String]

        package init(number: PhoneNumber, countryName: String, rows: [String]) {
            self.number = number
            self.countryName = countryName
            self.rows = rows
        }
    }

    /// The picker's filter and highlighted row.
    public struct Picker: Sendable, Equatable {
        public var filter = ""
        /// Indices into the catalog's countries, best match first.
        public var matches: [Int] = []
        /// Position in `matches`.
        public var highlighted = 0
    }

    /// The navigation stack; the dialer is always at the bottom.
    public var stack: [Scene] = [.dialer]
    public var countries: Countries = .loading
    /// A refresh failed while a saved copy is shown: worth a quiet note, not an alert.
    package var refreshProblem: UserFacingError?
    /// The country the code button shows.
    public var selectedCountry: Country
    /// The code on the country button as the numbering data writes it (`+1 345` for the Cayman
    /// Islands, whose dataset entry says `+345`); nil until the flow sets it.
    public var dialLabel: String?
    /// True once the person chose a country, so a later dataset refresh does not override it.
    public internal(set) var countryChosen = false
    var numberText = ""
    /// Why the typed number was not sent, shown under the field.
    public var inputProblem: InvalidNumber?
    /// The person asked for the picker before the countries arrived: the dialer shows a spinner.
    var waitingForPicker = false
    public var lookup: PendingLookup?
    public var results: Results?
    /// An error alert over the dialer: the error's localized description, and whether asking
    /// again may help (the command says what to do about it).
    public var alert: LookupFailure?
    public var picker = Picker()
    /// True while the keys overlay (`?`) shows, as in the gallery's and the feed's state.
    public internal(set) var isShowingHelp = false
    var nextRequestID = 1

    public init(selectedCountry: Country) {
        self.selectedCountry = selectedCountry
    }

    /// The scene on top of the stack.
    public var scene: Scene { stack.last ?? .dialer }

    /// True while the dialer shows a spinner: a lookup is running, or the picker waits for countries.
    public var isBusy: Bool { lookup != nil || (waitingForPicker && countries == .loading) }

    /// The catalog, once loaded.
    public var catalog: CountryCatalog? {
        guard case .loaded(let catalog, _) = countries else { return nil }
        return catalog
    }
}
