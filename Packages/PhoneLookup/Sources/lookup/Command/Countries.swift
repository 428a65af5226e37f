import ArgumentParser
import CommandOptions
import CommandOutput
import ErrorReporting
import Foundation
import PhoneLookup

/// `lookup countries [--filter TEXT] [--json]`.
struct Countries: LookupSubcommand {
    static let configuration = CommandConfiguration(abstract: "Print the country dataset.")

    @ParentCommand var parent: LookupCommand
    @OptionGroup var ownShared: SharedOptions
    @OptionGroup var ownLookup: LookupOptions

    @Option(help: ArgumentHelp("Keep countries whose name, ISO code or dial code matches.", valueName: "text"))
    var filter: String?

    @Flag(help: "Print one JSON object per line: {\"name\", \"dial_code\", \"code\", \"dataset_dial_code\"}.")
    var json = false

    func run() async throws {
        try await withServices { services in
            var catalog: CountryCatalog?
            var problem: CountryLoadError?
            for await update in services.countries.countryUpdates() {
                switch update {
                case .loaded(let loaded, _): catalog = loaded
                case .failed(let error, _): problem = error
                }
            }
            guard let catalog else {
                let failure = problem ?? .unusable(.empty)
                report(Self.advised(failure), json: json, in: services.language)
                throw ExitCode(Self.exitStatus(failure))
            }
            if let problem {
                let note = LocalizedText(en: "showing the saved copy", ru: "показана сохранённая копия")
                printError("lookup: \(note.text(in: services.language)); \(problem.userFacingError.line(in: services.language))")
            }
            // The codes as the numbering data tells them (`+1 345`), as the dialer and results do.
            let labelled = catalog.labelled(by: services.plan)
            let matches = labelled.filter(filter ?? "")
            if matches.isEmpty, let filter {
                // An empty line on stdout and status 0 read as "done"; a script and a person both
                // need to know that nothing matched.
                let none = UserFacingError(code: "noMatch", message: LocalizedText(
                    en: "No country matches '\(filter)'", ru: "Ни одна страна не подходит под «\(filter)»"))
                report(none, json: json, in: services.language)
                throw ExitCode.failure
            }
            let rows = matches.map { (country: labelled.countries[$0], dialCode: labelled.dialLabel(at: $0)) }
            // The table is for people: names in their language (Foundation's locale data in
            // Russian); JSON keeps the dataset's names for scripts.
            let named = zip(matches, rows).map { index, row -> Row in
                var country = row.country
                country.name = labelled.name(at: index, in: services.language)
                return (country, row.dialCode)
            }
            print(json ? Self.json(rows) : Self.table(named))
        }
    }

    /// The README's exit-status table for a dataset that could not be had: 75 when fetching
    /// again may help (``CountryLoadError/mayPassOnRetry``), 65 for bytes that are no usable
    /// dataset (as for `serve --data-dir`), 1 for a fetch that failed for good (a 404).
    static func exitStatus(_ failure: CountryLoadError) -> Int32 {
        switch failure {
        case .unusable: 65
        case .unreachable where failure.mayPassOnRetry: 75
        case .unreachable: 1
        }
    }

    /// `failure` with what to do on the command line, where the dialer's "press Enter on the
    /// country code" makes no sense.
    static func advised(_ failure: CountryLoadError) -> UserFacingError {
        var shown = failure.userFacingError
        shown.recovery = switch failure {
        case .unreachable where failure.mayPassOnRetry:
            LocalizedText(en: "Check the connection and run the command again, or add --demo to use the built-in copy",
                          ru: "Проверьте соединение и повторите команду или добавьте --demo, чтобы взять встроенную копию")
        case .unreachable, .unusable:
            LocalizedText(en: "Check --countries-url, or add --demo to use the built-in copy",
                          ru: "Проверьте --countries-url или добавьте --demo, чтобы взять встроенную копию")
        }
        return shown
    }

    /// One row per country: a shown dial code beside the dataset's country.
    typealias Row = (country: Country, dialCode: String)

    static func table(_ rows: [Row]) -> String {
        let width = rows.map(\.country.name.count).max() ?? 0
        return rows.map { row in
            TerminalSafeText.line(row.country.name).padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + row.dialCode.padding(toLength: 7, withPad: " ", startingAt: 0) + row.country.isoCode
        }.joined(separator: "\n")
    }

    /// JSON lines, like the other commands' `--json` (the dataset's names are escaped, never raw):
    /// `dial_code` as shown everywhere else, `dataset_dial_code` as the dataset wrote it.
    static func json(_ rows: [Row]) -> String {
        rows.map { row in
            JSONLine.object([("name", .string(row.country.name)), ("dial_code", .string(row.dialCode)),
                             ("code", .string(row.country.isoCode)),
                             ("dataset_dial_code", .string(row.country.dialCode.description))])
        }.joined(separator: "\n")
    }
}
