// Rows for the phone-lookup scenarios: filtering the picker per keystroke, and the offline engine.
import Foundation
import PhoneLookup

let lookupScenarios: [Scenario] = [
    Scenario(name: "lookup-filter") { [try lookupFilterRow()] },
    Scenario(name: "lookup-engine") { [try lookupEngineRow()] },
]

/// The real dataset, read from the test fixtures beside this file (the bench runs from a checkout).
private func realCountries() throws -> CountryDataset {
    let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/PhoneLookupTests/Fixtures/countries.json")
    return try CountryDataset.parse(Data(contentsOf: fixture))
}

/// Typing "united" then "+44" one keystroke at a time into a picker of 24,200 rows.
private func lookupFilterRow() throws -> Row {
    let real = try realCountries()
    let big = CountryDataset(countries: (0..<100).flatMap { _ in real.countries })
    let building = ContinuousClock().measure { _ = CountryCatalog(big) }
    let catalog = CountryCatalog(big)
    let queries = ["u", "un", "uni", "unit", "unite", "united", "+", "+4", "+44", "k", "ky", "co", "cot", "côte"]
    var matched = 0
    let rounds = 20
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<rounds {
        for query in queries { matched &+= catalog.filter(query).count }
    }
    let perKeystroke = (clock.now - start) / (rounds * queries.count)
    let milliseconds = Double(perKeystroke.components.attoseconds) / 1e15 + Double(perKeystroke.components.seconds) * 1000
    precondition(matched > 0)
    return Row(scenario: "lookup-filter",
               figure: String(format: "%.3f ms per keystroke (%d rows)", milliseconds, big.countries.count),
               reference: "index built once in \(format(seconds(building)))",
               target: "< 2 ms per keystroke",
               met: milliseconds < 2)
}

/// Offline lookups per second over a mix of shipped and unshipped countries.
private func lookupEngineRow() throws -> Row {
    let plan = try NumberingPlan.bundled()
    let parser = PhoneNumberParser(plan: plan)
    let engine = OfflineEngine(plan: plan, names: CountryNames(catalog: CountryCatalog(try realCountries())))
    let numbers = try ["+79994673756", "+74951234567", "+77011234567", "+12125550123", "+14165550123",
                       "+13455551234", "+442071234567", "+447911123456", "+4915112345678", "+4930123456",
                       "+33123456789", "+50012345"].map { try parser.parse($0, country: nil) }
    let iterations = 200_000
    var lines = 0
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        for index in 0..<iterations {
            lines &+= engine.results(for: numbers[index % numbers.count], language: .english).count
        }
    }
    precondition(lines > 0)
    let perSecond = Double(iterations) / seconds(elapsed)
    let factsOnly = clock.measure {
        for index in 0..<iterations { lines &+= engine.facts(for: numbers[index % numbers.count]).owners.count }
    }
    return Row(scenario: "lookup-engine",
               figure: String(format: "%.0f lookups/s", perSecond),
               reference: String(format: "facts only: %.0f/s", Double(iterations) / seconds(factsOnly)),
               target: "> 100,000 lookups/s",
               met: perSecond > 100_000)
}

private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
