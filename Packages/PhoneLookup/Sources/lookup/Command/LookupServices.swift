import ArgumentParser
import Caching
import CommandOptions
import DemoServer
import ErrorReporting
import Foundation
import Logging
import Networking
import PhoneLookup

/// The composition root: builds, from the options, the one HTTP client, the country source, the
/// lookup backend and (with `--demo`) the embedded server, and tears them down at the end.
///
/// Nothing below this point creates a backend: the flow gets one from here and owns its requests.
struct LookupServices {
    let language: Language
    let plan: NumberingPlan
    let engine: OfflineEngine
    let client: HTTPClient
    let backend: any PhoneLookupAPI
    let countries: any CountryProviding
    let timeout: Duration
    let demoServer: DemoServer?
    let logger: Logger

    static func make(shared: SharedOptions, lookup options: LookupOptions, environment: [String: String])
        async throws -> LookupServices
    {
        let language = Language.resolve(flag: shared.lang, environment: environment)
        var logger = Logger(label: "lookup")
        logger.logLevel = environment["LOOKUP_LOG"] == "debug" ? .debug : .critical
        var plan = try NumberingPlan.bundled()
        if let directory = options.prefixData {
            plan = try NumberingPlan.load(from: URL(fileURLWithPath: directory, isDirectory: true), over: plan)
        }
        let engine = OfflineEngine(plan: plan, names: CountryNames(),
                                   placeLanguage: shared.lang == nil ? placeLanguage(environment) : nil)
        let timeout = shared.timeoutDuration
        let transport = shared.transportChoice
        let client = HTTPClient(configuration: .init(deadline: timeout, transport: transport), logger: logger)

        var demoServer: DemoServer?
        var apiURL = options.api.flatMap(URL.init(string:))
        var countriesURL = URL(string: options.countriesURL ?? LookupOptions.defaultCountriesURL)!
        if shared.demo {
            let server = DemoServer()
            try installLookupRoutes(on: server, endpoint: LookupEndpoint(engine: engine, language: language, otherPaths: [datasetPath]))
            let base = try await server.start()
            demoServer = server
            apiURL = base
            if options.countriesURL == nil { countriesURL = base.appendingPathComponent("countries.json") }
        }
        let backend: any PhoneLookupAPI = apiURL.map { RemoteLookup(baseURL: $0, client: client) }
            ?? OfflineLookup(engine: engine, language: language)
        // The demo's dataset is kept apart from the real one: a real run never shows what a demo wrote.
        let cacheDirectory = shared.demo
            ? CacheLocation.demoDirectory(tool: "lookup", override: shared.cacheDir, environment: environment)
            : CacheLocation.directory(tool: "lookup", override: shared.cacheDir, environment: environment)
        let cache = try? DiskCache(directory: cacheDirectory, sizeLimit: 8 << 20, logger: logger)
        let countries = CachedCountrySource(url: countriesURL, fetcher: client, cache: cache, logger: logger)
        return LookupServices(language: language, plan: plan, engine: engine, client: client, backend: backend,
                        countries: countries, timeout: timeout, demoServer: demoServer, logger: logger)
    }

    /// The region numbers are read in: `--country` if given (it must be one the numbering data
    /// knows), else the locale's if the data knows it, else none (the flow then starts on the US).
    func region(explicit: String?, environment: [String: String]) throws -> String? {
        if let explicit {
            guard plan.callingCode(forRegion: explicit) != nil else {
                throw ValidationError(language == .russian ? "неизвестный код страны '\(explicit)'"
                                                           : "unknown country code '\(explicit)'")
            }
            return explicit.uppercased()
        }
        return LookupFlow.region(fromEnvironment: environment).flatMap { plan.callingCode(forRegion: $0) != nil ? $0 : nil }
    }

    /// The locale's language for places and carriers when messages cannot be in it (`de` for
    /// `LANG=de_DE.UTF-8`; `zh_Hant` for Taiwan and Hong Kong, as libphonenumber names it); nil
    /// for English and Russian, which the messages speak, and for no locale.
    static func placeLanguage(_ environment: [String: String]) -> String? {
        guard let value = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty })
        else { return nil }
        let locale = value.split(separator: ".").first.map(String.init) ?? value
        let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let language = parts.first?.lowercased(), language.count == 2 || language.count == 3,
              language.allSatisfy(\.isLetter), !["en", "ru", "c", "posix"].contains(language) else { return nil }
        if language == "zh", parts.count > 1, ["TW", "HK", "MO"].contains(parts[1].uppercased()) { return "zh_Hant" }
        // libphonenumber names Hebrew by its old code.
        return language == "he" ? "iw" : language
    }

    /// Stops the embedded server and closes the client's session.
    func shutdown() async {
        await demoServer?.stop()
        client.invalidate()
    }
}
