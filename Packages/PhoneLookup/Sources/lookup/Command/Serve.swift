import ArgumentParser
import CommandOptions
import ErrorReporting
import DemoServer
import Foundation
import PhoneLookup

/// `lookup serve [--host 127.0.0.1] [--port 8090] [--data-dir DIR]`: the offline engine over HTTP.
struct Serve: LookupSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the lookup API (GET and POST /v1/lookup), its OpenAPI document (GET /openapi.json), "
            + "/healthz, /metrics and the dataset (GET /countries.json).",
        discussion: """
            SIGHUP loads the numbering data again (from --data-dir, or the shipped data) without \
            failing a request; a data set that does not check out is refused and the old one kept. \
            SIGTERM and Ctrl-C let the answers in flight finish, then exit 0. Exit status: 69 when \
            the address is taken, 65 when the numbering data cannot be loaded.
            """)

    @ParentCommand var parent: LookupCommand
    @OptionGroup var ownShared: SharedOptions
    @OptionGroup var ownLookup: LookupOptions

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port).")
    var port = 8090

    @Option(name: .customLong("data-dir"),
            help: ArgumentHelp("A numbering data set laid out as the shipped one (VERSION, MANIFEST, metadata.tsv…); "
                               + "default: the shipped data.", valueName: "dir"))
    var dataDirectory: String?

    func validate() throws {
        try checkOptions()
        let language = shared.language
        try OptionCheck.value(port, of: "--port", in: 0...65_535, language: language)
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let language = Language.resolve(flag: shared.lang, environment: environment)
        let loader = ServedDataLoader(
            dataDirectory: dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) },
            prefixData: lookupOptions.prefixData.map { URL(fileURLWithPath: $0, isDirectory: true) },
            language: language,
            placeLanguage: shared.lang == nil ? LookupServices.placeLanguage(environment) : nil)
        // Signals are taken from here on: a SIGHUP that came before the first data is in would
        // otherwise end the process, its default.
        let signals = ServeSignal.stream()
        let service = LookupService(language: language)
        let metrics = ServeMetrics()
        let server = DemoServer(host: host, port: port)
        try installLookupRoutes(on: server, service: service, metrics: metrics)
        let url: URL
        do {
            url = try await server.start()
        } catch {
            printError("lookup: \(Self.startFailure(error).text(in: language))")
            // sysexits' EX_UNAVAILABLE: the address the service needs is not to be had.
            throw ExitCode(69)
        }
        // Listening already, so that /healthz answers 503 while the data loads rather than refusing.
        do {
            let endpoint = try await loader.load()
            service.install(endpoint)
            metrics.answering(with: endpoint.version)
        } catch {
            printError("lookup: \(Self.loadFailure(error, from: loader.source(in: language)).text(in: language))")
            await server.stop()
            // sysexits' EX_DATAERR.
            throw ExitCode(65)
        }
        print(Self.banner(url.absoluteString, version: service.endpoint?.version ?? "").text(in: language))
        fflush(nil)
        for await signal in signals {
            switch signal {
            case .reload:
                await reload(service: service, metrics: metrics, loader: loader, language: language)
            case .stop:
                // SIGTERM (a supervisor, a load balancer's rollout) or Ctrl-C: stop taking connections,
                // finish the answers already asked for, then exit 0, so that no request is cut off.
                await server.stopFinishingRequests()
                return
            }
        }
    }

    /// Loads the data again; the old data answers until the new is in, and stays if it is refused.
    private func reload(service: LookupService, metrics: ServeMetrics, loader: ServedDataLoader,
                        language: Language) async {
        let old = service.endpoint?.version ?? ""
        do {
            let endpoint = try await loader.load()
            service.install(endpoint)
            metrics.answering(with: endpoint.version)
            metrics.reloaded(true)
            printError("lookup: \(Self.reloaded(endpoint.version, from: loader.source(in: language)).text(in: language))")
        } catch {
            metrics.reloaded(false)
            printError("lookup: \(Self.refused(error, from: loader.source(in: language), keeping: old).text(in: language))")
        }
    }

    /// What `serve` says once it listens and its data is in, in the person's language; each line
    /// fits 80 columns with any port.
    static func banner(_ base: String, version: String) -> LocalizedText {
        LocalizedText(
            en: """
                Serving the lookup API on \(base) (Ctrl-C stops):
                  GET  /v1/lookup?number=%2B79994673756    one number
                  POST /v1/lookup                          many numbers, as JSON
                  GET  /openapi.json /healthz /metrics /countries.json
                Numbering data: \(version); SIGHUP reloads it.
                """,
            ru: """
                API поиска: \(base) (Ctrl-C — остановить):
                  GET  /v1/lookup?number=%2B79994673756    один номер
                  POST /v1/lookup                          много номеров, в JSON
                  GET  /openapi.json /healthz /metrics /countries.json
                Данные нумерации: \(version); SIGHUP — перечитать.
                """)
    }

    /// Why the server did not start, in the person's language.
    static func startFailure(_ error: any Error) -> LocalizedText {
        switch error as? DemoServer.StartError {
        case .portInUse(let host, let port):
            LocalizedText(en: "\(host):\(port) is already in use", ru: "адрес \(host):\(port) уже занят")
        case .failed(let reason):
            LocalizedText(en: "the server did not start: \(reason)", ru: "сервер не запустился: \(reason)")
        case nil:
            LocalizedText(en: "the server did not start: \(error)", ru: "сервер не запустился: \(error)")
        }
    }

    /// Why the first data could not be loaded.
    static func loadFailure(_ error: any Error, from source: String) -> LocalizedText {
        let reason = Self.reason(error)
        return LocalizedText(en: "cannot load the numbering data from \(source): \(reason.english)",
                             ru: "не удалось загрузить данные нумерации из \(source): \(reason.russian)")
    }

    /// What is wrong with a data set, in the person's language.
    static func reason(_ error: any Error) -> LocalizedText {
        switch error as? NumberingDataError {
        case .missing(let what):
            LocalizedText(en: "\(what) is missing", ru: "нет \(what)")
        case .malformed(let near):
            LocalizedText(en: "malformed near \"\(near)\"", ru: "ошибка в данных около «\(near)»")
        case .corrupt(let path):
            LocalizedText(en: "\(path) differs from its MANIFEST entry (size or CRC-32)",
                          ru: "\(path) не совпадает с записью в MANIFEST (размер или CRC-32)")
        case .notListed(let name):
            LocalizedText(en: "\(name) is not in MANIFEST", ru: "\(name) нет в MANIFEST")
        case nil:
            LocalizedText(en: "\(error)", ru: "\(error)")
        }
    }

    /// The log line of a reload that took.
    static func reloaded(_ version: String, from source: String) -> LocalizedText {
        LocalizedText(en: "reloaded the numbering data from \(source): now answering with \(version)",
                      ru: "данные нумерации загружены заново из \(source): ответы теперь по \(version)")
    }

    /// The log line of a reload refused.
    static func refused(_ error: any Error, from source: String, keeping version: String) -> LocalizedText {
        let reason = Self.reason(error)
        return LocalizedText(
            en: "refused the numbering data in \(source): \(reason.english); still answering with \(version)",
            ru: "данные нумерации из \(source) отвергнуты: \(reason.russian); ответы по-прежнему по \(version)")
    }
}
