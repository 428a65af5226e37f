import ArgumentParser
import CommandOptions
import ErrorReporting
import Foundation
import Networking

/// The options every command takes, before or after its name (`lookup --demo search …` and
/// `lookup search --demo …` mean the same).
struct CommonOptions: ParsableArguments {
    @Flag(help: "Start an embedded server on 127.0.0.1 with the dataset and the lookup API, and use it.")
    var demo = false

    @Option(help: ArgumentHelp("Base URL of a lookup service (see the README's contract); without it the offline engine answers.",
                               valueName: "url"))
    var api: String?

    @Option(name: .customLong("countries-url"), help: ArgumentHelp("Where the country dataset is fetched from.", valueName: "url"))
    var countriesURL: String?

    @Option(name: .customLong("cache-dir"), help: ArgumentHelp("Where the dataset is kept for offline use.", valueName: "dir"))
    var cacheDir: String?

    @Option(help: ArgumentHelp("Seconds a network request may take.", valueName: "seconds"))
    var timeout: Double?

    @Option(help: ArgumentHelp("Language of messages: en or ru (default: from the locale).", valueName: "en|ru"))
    var lang: String?

    @Option(help: ArgumentHelp("The network engine: curl or urlsession (default: $WORKBENCH_TRANSPORT, else curl on Linux).",
                               valueName: "curl|urlsession"))
    var transport: String?

    @Option(name: .customLong("prefix-data"),
            help: ArgumentHelp("A directory of prefix|description tables laid out like the shipped ones.", valueName: "dir"))
    var prefixData: String?

    /// The task's dataset, on the task's repository.
    static let defaultCountriesURL =
        "https://raw.githubusercontent.com/isaac-weisberg/idsi-ios-development-test-task/master/com.idsiapps.whodatboi.dataset.countries.json"

    mutating func validate() throws {
        if let lang, Language(code: lang) == nil { throw ValidationError("--lang must be en or ru, not '\(lang)'") }
        let language = Language.resolve(flag: lang, environment: ProcessInfo.processInfo.environment)
        if let timeout { try OptionCheck.value(timeout, of: "--timeout", in: SharedOptions.timeoutRange, language: language) }
        for (name, value) in [("--api", api), ("--countries-url", countriesURL)] {
            guard let value else { continue }
            _ = try OptionCheck.webURL(value, of: name, language: language)
        }
        if let transport, HTTPClient.Transport(name: transport)?.isAvailable != true {
            throw ValidationError("--transport must be curl or urlsession, not '\(transport)'")
        }
        if demo, api != nil { throw ValidationError("--demo and --api cannot be used together") }
    }

    /// Options given before the subcommand name fill in what was not given after it.
    func merged(over parent: CommonOptions) -> CommonOptions {
        var merged = self
        merged.demo = demo || parent.demo
        merged.api = api ?? parent.api
        merged.countriesURL = countriesURL ?? parent.countriesURL
        merged.cacheDir = cacheDir ?? parent.cacheDir
        merged.timeout = timeout ?? parent.timeout
        merged.lang = lang ?? parent.lang
        merged.prefixData = prefixData ?? parent.prefixData
        merged.transport = transport ?? parent.transport
        return merged
    }
}
