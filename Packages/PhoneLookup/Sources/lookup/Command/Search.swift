import ArgumentParser
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
    @OptionGroup var ownOptions: CommonOptions

    @Option(help: ArgumentHelp("The country the number is dialled from (ISO code, default: the locale's, else US).",
                               valueName: "ISO"))
    var country: String?

    @Flag(help: "Print {\"number\", \"country\", \"results\"} as JSON.")
    var json = false

    @Argument(help: "The phone number; a leading + makes it international.")
    var number: String

    func validate() throws {
        if let country, country.count != 2 || !country.allSatisfy(\.isLetter) {
            throw ValidationError("--country takes a two-letter ISO code such as RU, not '\(country)'")
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        try await withServices { services in
            let region = try services.region(explicit: country, environment: environment)
            let flow = LookupFlow(parser: PhoneNumberParser(plan: services.plan), preferredRegion: region)
            let answer = try await PlainLookup(services: services, flow: flow).answer(number)
            switch answer {
            case .invalid(let reason):
                report(reason.userFacingError, in: services.language)
                throw ExitCode(65)
            case .failed(let error):
                report(error, in: services.language)
                throw ExitCode.failure
            case .answered(let results):
                print(json ? results.json : results.rows.map { TerminalSafeText.line($0) }.joined(separator: "\n"))
            }
        }
    }
}

extension Search {
    /// An error on standard error, or with `--json` as `{"error":code,"reason":text}` on standard output.
    func report(_ error: UserFacingError, in language: Language) {
        if json {
            print(JSONLine.object([("error", .string(error.code)), ("reason", .string(error.line(in: language)))]))
        } else {
            printError("lookup: \(TerminalSafeText.line(error.line(in: language)))")
        }
    }
}
