import ArgumentParser
import Caching
import CommandOutput
import CommandOptions
import DemoServer
import ErrorReporting
import FlickrFeed
import Foundation
import ImagePipeline
import Logging
import Networking
import TerminalUI

/// `flickr`: Flickr's recent photos, paged, refreshed, and there on the next launch.
@main
struct FlickrCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flickr",
        abstract:
            "Flickr's recent photos in three columns: infinite scroll, pull-to-refresh, saved for the next launch.",
        discussion: """
            Full-screen in a terminal; plain text (or JSON lines with --json) when stdout is not a terminal \
            or with --plain. Keys: arrows move, Enter opens a photo, Esc returns, r (or the wheel up at \
            the top) refreshes, ? help, q or Ctrl-D quits.
            Exit status in plain and JSON mode: 0 every fetch succeeded, 2 some failed but something was \
            shown, 1 nothing could be shown, 75 nothing could be shown but trying again may help, 64 usage \
            error.
            """
    )

    /// Exits from where the work ended (see `mainThenExit`).
    static func main() async { await mainThenExit(russian: russianPages) }

    @Option(name: .customLong("api-key"), help: "Your Flickr API key (or set FLICKR_API_KEY).")
    var apiKey: String?

    @Option(
        name: .customLong("api-base"),
        help: "The REST endpoint (default https://api.flickr.com/services/rest/).")
    var apiBase: String?

    @Option(name: .customLong("image-base"), help: "The image host (default https://live.staticflickr.com).")
    var imageBase: String?

    @Option(name: .customLong("per-page"), help: "Photos per page, 1...500.")
    var perPage = 40

    @Flag(name: .customLong("no-animation"), help: "Show the first frame of an animated photo only.")
    var noAnimation = false

    @OptionGroup var shared: SharedOptions
    @OptionGroup var display: DisplayOptions

    @Option(help: "Pages to print in plain and JSON mode.")
    var pages = 1

    @Option(name: .customLong("demo-upload-interval"), help: .hidden)
    var demoUploadInterval: Double = 4

    @Option(name: .customLong("render-once"), help: .hidden)
    var renderOnce: String?

    /// Pages printed in plain and JSON mode: a thousand pages of 500 is more than Flickr keeps.
    static let pagesRange = 1...1000
    /// Seconds between the demo's uploads (0: none); a day at most.
    static let uploadIntervalRange = 0.0...86_400

    func validate() throws {
        let language = shared.language
        try display.check(language: language)
        try OptionCheck.value(perPage, of: "--per-page", in: 1...500, language: language)
        try OptionCheck.value(pages, of: "--pages", in: Self.pagesRange, language: language)
        try OptionCheck.value(
            demoUploadInterval, of: "--demo-upload-interval", in: Self.uploadIntervalRange, language: language)
        for (name, value) in [("--api-base", apiBase), ("--image-base", imageBase)] {
            guard let value else { continue }
            _ = try OptionCheck.webURL(value, of: name, language: language)
        }
    }

    func run() async throws {
        let demoSetup = shared.demo ? try await DemoSetup.start(uploadInterval: demoUploadInterval) : nil
        let outcome: Result<Void, any Error>
        do {
            try await run(demo: demoSetup)
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        await demoSetup?.server.stop()
        try outcome.get()
    }

    private func run(demo demoSetup: DemoSetup?) async throws {
        let environment = ProcessInfo.processInfo.environment
        let language = shared.language
        let key =
            apiKey ?? environment["FLICKR_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
            ?? demoSetup?.stream.apiKey
        guard let key else {
            let error = FlickrAdvice.missingKey
            if display.json {
                // Scripts read errors where they read the rest, in the shape lookup's --json has.
                print(PagerFormatter(style: .json, imageURLs: FlickrImageURLs(), language: language).failureLine(error))
            } else {
                FileHandle.standardError.write(Data("flickr: \(error.line(in: language))\n".utf8))
            }
            throw ExitCode(64)
        }
        // A server may echo the key inside its error text: mask it wherever it would be printed.
        Redactor.register(secret: key)
        // The demo's made-up photos are kept apart: a real run offline never shows them as saved.
        let cacheDirectory = demoSetup == nil
            ? CacheLocation.directory(tool: "flickr", override: shared.cacheDir, environment: environment)
            : CacheLocation.demoDirectory(tool: "flickr", override: shared.cacheDir, environment: environment)
        let services = FlickrServices(options: FlickrServices.Options(
            endpoint: FlickrEndpoint(
                apiBase: apiBase.flatMap(URL.init(string:)) ?? demoSetup?.apiBase ?? FlickrEndpoint.defaultAPIBase,
                apiKey: key, perPage: perPage),
            imageURLs: FlickrImageURLs(
                imageBase: imageBase.flatMap(URL.init(string:)) ?? demoSetup?.imageBase
                    ?? FlickrImageURLs.defaultImageBase),
            cacheDirectory: cacheDirectory,
            timeout: shared.timeoutDuration,
            transport: shared.transportChoice))
        defer { services.shutdown() }
        let (store, imageURLs, client) = (services.store, services.imageURLs, services.client)
        let configuration = FeedConfiguration(perPage: perPage, animates: !noAnimation)

        if let renderOnce {
            let (pipeline, _) = services.makePipeline()
            let frame = await LaunchFrame.render(
                size: renderOnce, store: store, pipeline: pipeline, imageURLs: imageURLs,
                configuration: configuration, language: language, now: Date())
            print(frame)
            return
        }
        if display.printsLines || !TerminalApp.isInteractive(environment: environment) {
            let formatter = PagerFormatter(
                style: display.json ? .json : .plain, imageURLs: imageURLs, language: language)
            var shown = (pages: 0, photos: 0)
            let outcome = await FeedPager.run(
                pages: pages, api: client, store: store, configuration: configuration
            ) { event in
                for line in formatter.lines(for: event) { print(line) }
                switch event {
                case .error(let error):
                    guard !display.json else { break }
                    FileHandle.standardError.write(Data("flickr: \(formatter.failureLine(error))\n".utf8))
                case .notSaved(let failure):
                    guard !display.json else { break }
                    FileHandle.standardError.write(Data("flickr: \(formatter.failureLine(FlickrAdvice.shown(failure)))\n".utf8))
                case .page(let report):
                    shown.pages += 1
                    shown.photos += report.photos.count
                }
            }
            for line in formatter.summaryLines(pages: shown.pages, photos: shown.photos, failed: outcome.failures) {
                print(line)
            }
            fflush(nil)
            if outcome.exitStatus != 0 { throw ExitCode(outcome.exitStatus) }
            return
        }
        services.connectivity.startProbing(interval: .seconds(5))
        try await runScreen(
            client: client, store: store, pictures: services.makePipeline(), imageURLs: imageURLs,
            connectivity: services.connectivity, configuration: configuration, language: language)
    }

    @MainActor
    private func runScreen(
        client: FlickrClient, store: FirstPageStore,
        pictures: (pipeline: ImagePipeline, unavailable: FeedStorageFailure?), imageURLs: FlickrImageURLs,
        connectivity: Connectivity, configuration: FeedConfiguration, language: Language
    ) async throws {
        let feed = FeedStore(
            api: client, store: store, configuration: configuration,
            pictures: FeedPictureLoader(pipeline: pictures.pipeline, imageURLs: imageURLs))
        if let unavailable = pictures.unavailable { feed.send(.notSaved(unavailable)) }
        let screen = FeedScreen(store: feed, connectivity: connectivity, language: language)
        defer { feed.cancelAll() }
        do {
            try await TerminalApp.run(screen, configuration: display.terminalConfiguration)
        } catch {
            FileHandle.standardError.write(
                Data("flickr: \(UserFacingError.from(error).line(in: language))\n".utf8))
            throw ExitCode(1)
        }
    }
}
