// Rows for the phone-lookup scenarios: filtering the picker per keystroke, and the offline engine.
import Foundation
import PhoneLookup

let lookupScenarios: [Scenario] = [
    Scenario(name: "lookup-filter") { [try lookupFilterRow()] },
    Scenario(name: "lookup-engine") { [try lookupEngineRow()] },
    Scenario(name: "lookup-batch") { [try lookupBatchRow()] },
]

/// The inputs of the agreement fixture (libphonenumber's examples of every region and type, and
/// their variants), as E.164 text: a mix of valid and invalid numbers from everywhere.
private func fixtureNumbers() throws -> [String] {
    let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/PhoneLookupTests/Fixtures/agreement.tsv")
    return try String(contentsOf: fixture, encoding: .utf8).split(separator: "\n")
        .compactMap { line in line.hasPrefix("+") ? line.split(separator: "\t").first.map(String.init) : nil }
}

/// 300,000 numbers piped through the release `lookup` in plain mode (process start to exit),
/// beside the same numbers parsed and answered by the engine alone in this process.
private func lookupBatchRow() throws -> Row {
    let base = try fixtureNumbers()
    let count = 300_000
    let numbers = (0..<count).map { base[$0 % base.count] }
    let plan = try NumberingPlan.bundled()
    let parser = PhoneNumberParser(plan: plan)
    let engine = OfflineEngine(plan: plan, names: CountryNames())
    var lines = 0
    let engineTime = ContinuousClock().measure {
        for text in numbers {
            guard let number = try? parser.parse(text, country: nil) else { lines &+= 1; continue }
            lines &+= engine.results(for: number, language: .english).count
        }
    }
    precondition(lines > 0)
    let engineRate = String(format: "engine alone %.0f/s", Double(count) / seconds(engineTime))
    let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    let binary = here.appendingPathComponent("lookup").path
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        return Row(scenario: "lookup-batch", figure: "lookup not built in release",
                   reference: engineRate + "; swift build -c release --product lookup", target: "> 100,000 numbers/s",
                   met: false)
    }
    let input = FileManager.default.temporaryDirectory.appendingPathComponent("lookup-batch-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: input) }
    try Data((numbers.joined(separator: "\n") + "\n").utf8).write(to: input)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["--lang", "en"]
    process.environment = ["LANG": "C", "PATH": "/usr/bin:/bin"]
    process.standardInput = try FileHandle(forReadingFrom: input)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let elapsed = try ContinuousClock().measure {
        try process.run()
        process.waitUntilExit()
    }
    let rate = Double(count) / seconds(elapsed)
    return Row(scenario: "lookup-batch", figure: String(format: "%.0f numbers/s through lookup", rate),
               reference: engineRate, target: "> 100,000 numbers/s", met: process.terminationStatus == 0 && rate > 100_000)
}

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
                       "+13459161234", "+442071234567", "+447911123456", "+4915112345678", "+4930123456",
                       "+33123456789", "+50031234"].map { try parser.parse($0, country: nil) }
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
