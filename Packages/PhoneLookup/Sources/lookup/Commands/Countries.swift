import ArgumentParser
import CommandOutput
import ErrorReporting
import Foundation
import PhoneLookup

/// `lookup countries [--filter TEXT] [--json]`.
struct Countries: LookupSubcommand {
    static let configuration = CommandConfiguration(abstract: "Print the country dataset.")

    @ParentCommand var parent: LookupCommand
    @OptionGroup var ownOptions: CommonOptions

    @Option(help: ArgumentHelp("Keep countries whose name, ISO code or dial code matches.", valueName: "text"))
    var filter: String?

    @Flag(help: "Print one JSON object per line: {\"name\", \"dial_code\", \"code\"}.")
    var json = false

    func run() async throws {
        try await withServices { services in
            var catalog: CountryCatalog?
            var problem: UserFacingError?
            for await update in services.countries.countryUpdates() {
                switch update {
                case .loaded(let loaded, _): catalog = loaded
                case .failed(let error, _): problem = error
                }
            }
            guard let catalog else {
                // On the command line the dialer's "press Enter on the country code" makes no sense.
                var shown = problem ?? DatasetError.empty.userFacingError
                shown.recovery = LocalizedText(
                    en: "Check the connection and run the command again, or add --demo to use the built-in copy",
                    ru: "Проверьте соединение и повторите команду или добавьте --demo, чтобы взять встроенную копию")
                if json {
                    print(JSONLine.object([("error", .string(shown.code)), ("reason", .string(shown.line(in: services.language)))]))
                } else {
                    printError("lookup: \(TerminalSafeText.line(shown.line(in: services.language)))")
                }
                throw ExitCode.failure
            }
            if let problem { printError("lookup: showing the saved copy; \(problem.line(in: services.language))") }
            let countries = catalog.filter(filter ?? "").map { catalog.countries[$0] }
            print(json ? Self.json(countries) : Self.table(countries))
        }
    }

    static func table(_ countries: [Country]) -> String {
        let width = countries.map(\.name.count).max() ?? 0
        return countries.map { country in
            TerminalSafeText.line(country.name).padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + country.dialCode.description.padding(toLength: 7, withPad: " ", startingAt: 0) + country.isoCode
        }.joined(separator: "\n")
    }

    /// JSON lines, like the other commands' `--json` (the dataset's names are escaped, never raw).
    static func json(_ countries: [Country]) -> String {
        countries.map { country in
            JSONLine.object([("name", .string(country.name)), ("dial_code", .string(country.dialCode.description)),
                             ("code", .string(country.isoCode))])
        }.joined(separator: "\n")
    }
}
