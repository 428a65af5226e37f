import ArgumentParser
import CommandOptions
import CommandOutput
import ErrorReporting
import Foundation
import PhoneLookup

/// `lookup search [--country ISO] NUMBER [--json]`.
struct Search: LookupSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Look up one number and print the results, one per line.",
        discussion: "Exit status: 0 answered, 65 the number is not valid, 1 the lookup failed, 64 usage.")

    @ParentCommand var parent: LookupCommand
    @OptionGroup var ownShared: SharedOptions
    @OptionGroup var ownLookup: LookupOptions

    @Option(help: ArgumentHelp("The country the number is dialled from (ISO code, default: the locale's, else US).",
                               valueName: "ISO"))
    var country: String?

    @Option(help: ArgumentHelp("Also say how the number is dialled from this country (ISO code).", valueName: "ISO"))
    var from: String?

    @Flag(help: "Print {\"number\", \"country\", \"results\", \"details\"} as JSON.")
    var json = false

    @Argument(help: "The phone number; a leading + makes it international.")
    var number: String

    func validate() throws {
        try checkOptions()
        try LookupOptions.checkRegion(country, of: "--country", language: shared.language)
        try LookupOptions.checkRegion(from, of: "--from", language: shared.language)
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        try await withServices { services in
            let region = try services.region(explicit: country, environment: environment)
            let from = try self.from.map { try services.region(explicit: $0, environment: [:]) ?? $0 }
            let flow = LookupFlow(parser: PhoneNumberParser(plan: services.plan), preferredRegion: region)
            let answer = try await PlainLookup(services: services, flow: flow).answer(number)
            switch answer {
            case .invalid(let reason):
                report(reason.userFacingError, json: json, in: services.language)
                throw ExitCode(65)
            case .failed(let error):
                report(error, json: json, in: services.language)
                throw ExitCode.failure
            case .answered(var results):
                let facts = services.engine.facts(for: results.number,
                                                  placesIn: services.engine.placeLanguage(for: services.language))
                // Dialled from --from, else from the country given with --country when the number is another's.
                let dialFrom = from ?? country.map { $0.uppercased() }.flatMap { $0 == facts.region ? nil : $0 }
                if let dialFrom, facts.region != dialFrom, facts.problem == nil, facts.shortNumber == nil {
                    results.rows.append(services.engine.dialFromLine(facts, from: dialFrom, language: services.language))
                }
                if let spelled = PhoneNumberParser.keypadSpelling(number) {
                    results.rows.append((services.language == .russian ? "Буквы набраны как цифры: " : "Letters dialled as digits: ")
                                        + spelled)
                }
                print(json ? results.json(details: services.engine.details(for: facts, from: from))
                           : results.rows.map { TerminalSafeText.line($0) }.joined(separator: "\n"))
            }
        }
    }
}
