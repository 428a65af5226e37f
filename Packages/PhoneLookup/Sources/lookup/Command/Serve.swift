import ArgumentParser
import CommandOptions
import ErrorReporting
import DemoServer
import Foundation
import PhoneLookup

/// `lookup serve [--host 127.0.0.1] [--port 8090]`: the offline engine over HTTP.
struct Serve: LookupSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the lookup API (GET /v1/lookup?number=…[&country=ISO]), its OpenAPI document (GET /openapi.json) and the dataset (GET /countries.json).")

    @ParentCommand var parent: LookupCommand
    @OptionGroup var ownShared: SharedOptions
    @OptionGroup var ownLookup: LookupOptions

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port).")
    var port = 8090

    func validate() throws {
        try checkOptions()
        let language = shared.language
        try OptionCheck.value(port, of: "--port", in: 0...65_535, language: language)
    }

    func run() async throws {
        try await withServices { services in
            let language = services.language
            let server = DemoServer(host: host, port: port)
            try installLookupRoutes(on: server, endpoint: LookupEndpoint(
                engine: services.engine, language: language, otherPaths: [datasetPath, ServeMetrics.path]),
                metrics: ServeMetrics())
            let url: URL
            do {
                url = try await server.start()
            } catch {
                printError("lookup: \(Self.startFailure(error).text(in: language))")
                // sysexits' EX_UNAVAILABLE: the address the service needs is not to be had.
                throw ExitCode(69)
            }
            print(Self.banner(url.absoluteString).text(in: language))
            fflush(nil)
            // SIGTERM (a supervisor, a load balancer's rollout) or Ctrl-C: stop taking connections,
            // finish the answers already asked for, then exit 0, so that no request is cut off.
            await TerminationSignal.next()
            await server.stopFinishingRequests()
        }
    }

    /// What `serve` says once it listens, in the person's language.
    static func banner(_ base: String) -> LocalizedText {
        LocalizedText(
            en: """
                Serving the lookup API on \(base)/v1/lookup?number=%2B79994673756
                its OpenAPI document on \(base)/openapi.json
                and the country dataset on \(base)/countries.json; Ctrl-C stops.
                """,
            ru: """
                API поиска: \(base)/v1/lookup?number=%2B79994673756
                описание OpenAPI: \(base)/openapi.json
                список стран: \(base)/countries.json; Ctrl-C — остановить.
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
}

/// SIGTERM and SIGINT, waited for rather than left to end the process at once.
enum TerminationSignal {
    /// Returns when the process is next asked to stop.
    static func next() async {
        let signals = [SIGTERM, SIGINT]
        let stream = AsyncStream<Int32> { continuation in
            let sources = signals.map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { continuation.yield(number) }
                source.resume()
                return source
            }
            let held = SignalSources(sources)
            continuation.onTermination = { _ in held.cancel() }
        }
        for await _ in stream { return }
    }
}

/// The signal sources a wait holds; the sources are only resumed and cancelled, each a
/// thread-safe Dispatch call, so sharing them across the stream's threads is safe.
private final class SignalSources: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]

    init(_ sources: [any DispatchSourceSignal]) { self.sources = sources }

    func cancel() {
        for source in sources { source.cancel() }
    }
}
