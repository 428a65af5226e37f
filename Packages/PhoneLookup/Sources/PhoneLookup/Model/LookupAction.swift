import ErrorReporting

/// Something that happened: a person's intent, or the result of an effect.
public enum LookupAction: Sendable, Equatable {
    /// The app appeared: start loading the countries.
    case start
    /// The country-code button: opens the picker (after the countries arrive), or retries a failed load.
    case countryButtonPressed
    case pickerFilterChanged(String)
    /// Moves the highlight by `by` rows (negative is up), clamped to the list.
    case pickerMoved(by: Int)
    /// Chooses the highlighted country and returns to the dialer.
    case pickerConfirmed
    /// Chooses the country in row `row` of the filtered list (a mouse click) and returns.
    case pickerChoseRow(Int)
    /// Returns to the dialer without changing the country.
    case pickerDismissed
    case numberEdited(String)
    case searchPressed
    /// Esc on the dialer: stops the lookup or the wait for the picker.
    case cancelPressed
    case alertDismissed
    /// `?` opens the keys overlay; while it shows, any key or click closes it.
    case helpToggled
    /// The results scene's Continue button.
    case continuePressed
    /// Effect result: a step of loading the countries.
    case countriesUpdated(CountryUpdate)
    /// Effect result: the lookup API called back.
    case lookupAnswered(id: Int, Result<[String], LookupFailure>)
}

/// Work the flow asks for; its result comes back as an action.
public enum LookupEffect: Sendable, Equatable {
    case loadCountries
    case lookUp(id: Int, number: PhoneNumber)
    case cancelLookup(id: Int)
}
