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
            let server = DemoServer(host: host, port: port)
            try installLookupRoutes(on: server, endpoint: LookupEndpoint(engine: services.engine, language: services.language))
            let url = try await server.start()
            print("Serving the lookup API on \(url.absoluteString)/v1/lookup?number=%2B79994673756")
            print("its OpenAPI document on \(url.absoluteString)/openapi.json")
            print("and the country dataset on \(url.absoluteString)/countries.json; Ctrl-C stops.")
            fflush(nil)
            while !Task.isCancelled { try await Task.sleep(for: .seconds(3600)) }
            await server.stop()
        }
    }
}
