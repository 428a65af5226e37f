import ErrorReporting
import PhoneLookup

extension LookupState.Results {
    /// The results with a last row saying how the number is dialled from `region`, as
    /// `search --from` adds it: only for a valid number of another region (a short number is
    /// dialled within its own region only). Worked out from the local numbering data, so it is
    /// there whichever backend answered the rows.
    func addingDialFrom(_ region: String, plan: NumberingPlan, language: Language) -> Self {
        let engine = OfflineEngine(plan: plan, names: CountryNames())
        let facts = engine.facts(for: number)
        let region = region.uppercased()
        guard facts.region != region, facts.problem == nil, facts.shortNumber == nil,
              plan.callingCode(forRegion: region) != nil else { return self }
        var shown = self
        shown.rows.append(engine.dialFromLine(facts, from: region, language: language))
        return shown
    }
}
