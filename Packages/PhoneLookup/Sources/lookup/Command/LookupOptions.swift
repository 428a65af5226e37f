import ArgumentParser
import CommandOptions
import ErrorReporting
import Foundation

/// The options only `lookup` takes, beside the `SharedOptions` of every command; like those, they
/// may come before or after a subcommand's name (`lookup --demo search …` and `lookup search
/// --demo …` mean the same).
struct LookupOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Base URL of a lookup service (see the README's contract); without it the offline engine answers.",
                               valueName: "url"))
    var api: String?

    @Option(name: .customLong("countries-url"), help: ArgumentHelp("Where the country dataset is fetched from.", valueName: "url"))
    var countriesURL: String?

    @Option(name: .customLong("prefix-data"),
            help: ArgumentHelp("A directory of prefix|description tables laid out like the shipped ones.", valueName: "dir"))
    var prefixData: String?

    /// The task's dataset, on the task's repository.
    static let defaultCountriesURL =
        "https://raw.githubusercontent.com/isaac-weisberg/idsi-ios-development-test-task/master/com.idsiapps.whodatboi.dataset.countries.json"

    /// Throws a usage error in `language` for a URL that is not http(s), or `--api` with `--demo`
    /// (the demo serves its own API). Called with the merged options, which know the language.
    func check(demo: Bool, language: Language) throws {
        for (name, value) in [("--api", api), ("--countries-url", countriesURL)] {
            guard let value else { continue }
            _ = try OptionCheck.webURL(value, of: name, language: language)
        }
        if demo, api != nil {
            throw ValidationError(OptionCheck.message(
                english: "--demo and --api cannot be used together",
                russian: "--demo и --api вместе не работают: демо отвечает само",
                language: language))
        }
    }

    /// Throws a usage error in `language` unless `value` (of the option `name`) looks like a
    /// two-letter ISO region code; whether the numbering data knows it is checked once it is loaded.
    static func checkRegion(_ value: String?, of name: String, language: Language) throws {
        guard let value, value.count != 2 || !value.allSatisfy(\.isLetter) else { return }
        throw ValidationError(OptionCheck.message(
            english: "\(name) takes a two-letter ISO code such as RU, not '\(value)'",
            russian: "\(name): нужен двухбуквенный код страны, например RU, а не «\(value)»",
            language: language))
    }

    /// Options given before the subcommand name fill in what was not given after it.
    func merged(over parent: LookupOptions) -> LookupOptions {
        var merged = self
        merged.api = api ?? parent.api
        merged.countriesURL = countriesURL ?? parent.countriesURL
        merged.prefixData = prefixData ?? parent.prefixData
        return merged
    }
}
