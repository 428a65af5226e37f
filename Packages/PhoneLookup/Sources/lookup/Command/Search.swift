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
        discussion: "Exit status: 0 answered, 65 the number is not valid, 1 the lookup failed, 75 it failed "
            + "but trying again may help, 64 usage "
            + "(a number without + when neither --country nor the locale names a country).")

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

    /// True when the number carries its own country code.
    static func isInternational(_ number: String) -> Bool {
        number.trimmingCharacters(in: .whitespaces).hasPrefix("+")
    }

    /// The note for a number read in the locale's country: which country, and from which variable.
    static func assumed(_ region: String, for number: String, plan: NumberingPlan,
                        environment: [String: String]) -> LocalizedText {
        let code = plan.callingCode(forRegion: region).map { " (+\($0))" } ?? ""
        let variable = ["LC_ALL", "LC_TELEPHONE", "LANG"].first { !(environment[$0] ?? "").isEmpty } ?? "LANG"
        let setting = "\(variable)=\(environment[variable] ?? "")"
        let english = Locale(identifier: "en").localizedString(forRegionCode: region) ?? region
        let russian = Locale(identifier: "ru").localizedString(forRegionCode: region) ?? region
        return LocalizedText(
            en: "\(number) has no +: read as a number in \(english)\(code), the country of the locale (\(setting)); "
                + "give --country or a leading + to choose another",
            ru: "у \(number) нет +: прочитан как номер в стране \(russian)\(code), стране локали (\(setting)); "
                + "укажите --country или + в начале, чтобы выбрать другую")
    }

    /// A number without + when neither --country nor the locale names a country.
    static func needsCountry(_ number: String) -> UserFacingError {
        UserFacingError(code: "needsCountry", message: LocalizedText(
            en: "\(number) has no +, and neither --country nor the locale names a country",
            ru: "у \(number) нет +, а страну не называют ни --country, ни локаль"),
            recovery: LocalizedText(en: "Give the number with + and its country code, or --country ISO",
                                    ru: "Укажите номер с + и кодом страны или --country ISO"))
    }

    func validate() throws {
        try checkOptions()
        try LookupOptions.checkRegion(country, of: "--country", language: shared.language)
        try LookupOptions.checkRegion(from, of: "--from", language: shared.language)
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        try await withServices { services in
            let region = try services.region(explicit: country, environment: environment)
            if country == nil, !Self.isInternational(number) {
                // A number without + is read in some country: say which and why, or ask, as the
                // API's 400 does, rather than answer for a country nobody chose.
                guard let region else {
                    report(Self.needsCountry(number), json: json, in: services.language)
                    throw ExitCode(64)
                }
                printError("lookup: \(TerminalSafeText.line(Self.assumed(region, for: number, plan: services.plan, environment: environment).text(in: services.language)))")
            }
            let from = try self.from.map { try services.region(explicit: $0, environment: [:]) ?? $0 }
            let flow = LookupFlow(parser: PhoneNumberParser(plan: services.plan), preferredRegion: region)
            let answer = try await PlainLookup(services: services, flow: flow).answer(number)
            switch answer {
            case .invalid(let reason):
                report(reason.userFacingError, json: json, in: services.language)
                throw ExitCode(65)
            case .failed(let failure):
                report(LookupAdvice.shown(failure), json: json, in: services.language)
                // sysexits' EX_TEMPFAIL when asking again may help, as the gallery and flickr exit.
                throw failure.retry == .never ? ExitCode.failure : ExitCode(75)
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
