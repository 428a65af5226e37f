import ArgumentParser
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
        let region = country?.uppercased() ?? LookupFlow.region(fromEnvironment: environment)
        try await withServices { services in
            let flow = LookupFlow(parser: PhoneNumberParser(plan: services.plan), preferredRegion: region)
            let answer = try await PlainLookup(services: services, flow: flow).answer(number, region: region)
            switch answer {
            case .invalid(let reason):
                printError("lookup: \(reason.text.text(in: services.language))")
                throw ExitCode(65)
            case .failed(let error):
                printError("lookup: \(error.line(in: services.language))")
                throw ExitCode.failure
            case .answered(let results):
                print(json ? results.json : results.rows.joined(separator: "\n"))
            }
        }
    }
}

/// The non-interactive path: one number in, its answer out (used by `search` and by `lookup`
/// when its input is not a terminal).
struct PlainLookup {
    enum Answer {
        case invalid(InvalidNumber)
        case failed(UserFacingError)
        case answered(LookupState.Results)
    }

    let services: Services
    let flow: LookupFlow

    /// Validates `input` as typed with `region` selected, then asks the backend.
    func answer(_ input: String, region: String?) async throws -> Answer {
        if let region, services.plan.callingCode(forRegion: region) == nil {
            throw ValidationError("unknown country code '\(region)'")
        }
        var state = flow.initialState()
        _ = flow.reduce(&state, .numberEdited(input))
        let effects = flow.reduce(&state, .searchPressed)
        guard case .lookUp(let id, let number)? = effects.first else {
            return .invalid(state.inputProblem ?? .empty)
        }
        do {
            let rows = try await ExactlyOnceLookup(services.backend, deadline: services.timeout + .seconds(1))
                .lookUp(number)
            _ = flow.reduce(&state, .lookupAnswered(id: id, .success(rows)))
            return state.results.map(Answer.answered) ?? .failed(UserFacingError.from(LookupError.emptyAnswer))
        } catch {
            return .failed(UserFacingError.from(error))
        }
    }

    /// Reads numbers from standard input, one per line, and prints each answer.
    func run() async throws {
        while let line = readLine() {
            let input = line.trimmingCharacters(in: .whitespaces)
            guard !input.isEmpty else { continue }
            switch try await answer(input, region: flow.preferredRegion) {
            case .invalid(let reason): print("\(input): \(reason.text.text(in: services.language))")
            case .failed(let error): print("\(input): \(error.line(in: services.language))")
            case .answered(let results):
                print("\(results.number.e164) \(results.countryName)")
                for row in results.rows { print("  \(row)") }
            }
        }
    }
}

extension LookupState.Results {
    /// `{"number":"+7…","country":"Russia","results":["…"]}`.
    var json: String {
        struct Output: Encodable { let number: String; let country: String; let results: [String] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Output(number: number.e164, country: countryName, results: rows))) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
