import ArgumentParser
import Caching
import CommandOutput
import CommandOptions
import DemoServer
import ErrorReporting
import Foundation
import ImageGallery
import ImagePipeline
import Imaging
import Logging
import Networking
import TerminalUI

/// `gallery`: the image gallery task in a terminal. Full-screen when run in a terminal; one line per
/// picture (or JSON) when piped, or with `--plain` / `--json`.
@main
struct GalleryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "A gallery of pictures loaded on demand, with an offline cache.",
        discussion: """
            Keys: arrows or j/k move a picture, J/K (or the wheel) scroll by rows, PgUp/PgDn/Home/End, \
            Enter removes a loaded picture, r refreshes \
            (pull-to-refresh; the mouse wheel up at the top does it too), f fits the pictures to the \
            screen's height, ? help, q quits.
            Exit status in plain and JSON mode: 0 when every picture loaded, 2 when any failed, 75 when none \
            did and trying again may help, 64 for a usage error, 65 for a bad line in --urls-file.
            """
    )

    @Option(name: .customLong("url"), help: "A picture URL (repeat for more); replaces the built-in six.")
    var urls: [String] = []

    @Option(name: .customLong("urls-file"), help: "A file with one URL per line (# starts a comment).")
    var urlsFile: String?

    @OptionGroup var shared: SharedOptions
    @OptionGroup var display: DisplayOptions

    @Option(name: .customLong("demo-port"), help: "The demo server's port (0, or when it is busy: a free one, named on stderr).")
    var demoPort = 8089

    @Option(name: .customLong("demo-faults"), help: """
        Scripted failures per cell, e.g. 2=404,4=slow,5=drop,6=notimage; or all=down (no server), \
        all=offline (no network); starts from an empty cache unless --cache-dir is given.
        """)
    var demoFaults: String?

    @Option(name: .customLong("max-concurrent"), help: "How many pictures download at once.")
    var maxConcurrent = 6

    @Option(name: .customLong("memory-limit"), help: """
        Memory for decoded pictures, e.g. 64MB, 512k; a playing animation keeps its frames in at most \
        half as much again.
        """)
    var memoryLimit = "64MB"

    @Flag(name: .customLong("no-auto-retry"), help: "Do not reload failed pictures when the network returns.")
    var noAutoRetry = false

    @Flag(name: .customLong("no-animation"), help: "Show the first frame of animated pictures only.")
    var noAnimation = false

    /// Downloads at once: more than this only queues inside the client and starts as many workers.
    static let maxConcurrentRange = 1...64
    /// Memory for decoded pictures: one byte up to one terabyte.
    static let memoryLimitRange = 1...(1 << 40)

    /// `--memory-limit` in bytes (`validate()` refuses one that does not parse).
    var memoryLimitBytes: Int { ByteCount(parsing: memoryLimit)?.bytes ?? 64 << 20 }

    /// The room a playing loop keeps its frames in: they are pictures too, so `--memory-limit`
    /// bounds them (half of it), and never more than a picture on screen gets.
    static func keptFrameRoom(memoryLimit: Int) -> Int { min(FrameSource.screenKeptLimit, memoryLimit / 2) }

    var demo: Bool { shared.demo }

    /// With no cache yet, every picture comes from the network: libcurl starts loading on the core
    /// that argument parsing leaves idle (see `HTTPClient.prepareTransport`). The cache folder is
    /// read from the raw arguments ahead of the parse, as a hint: a wrong one costs time, never
    /// behaviour. The load is started from libdispatch's first worker, which this starts: a thread
    /// starting while a library loads waits for it, and libdispatch's first one is then running.
    static func main() async {
        let arguments = CommandLine.arguments
        let cache = cacheDirectory(
            override: SharedOptions.cacheDirectoryHint(in: arguments), demo: arguments.contains("--demo"),
            faults: arguments.contains { $0 == "--demo-faults" || $0.hasPrefix("--demo-faults=") },
            environment: CacheLocation.environment)
        if !DiskCache.exists(in: cache) {
            DispatchQueue.global().async { HTTPClient.prepareTransport() }
        }
        await mainThenExit(russian: russianPages)
    }

    /// Where this run keeps its offline cache. A demo keeps its own, so a real run never shows its
    /// made-up pictures; a fault demo starts from an empty one (see `emptyFaultDemoCache`), or every
    /// picture the last demo cached would hide the faults it was asked to show.
    static func cacheDirectory(override: String?, demo: Bool, faults: Bool, environment: [String: String]) -> URL {
        guard demo else { return CacheLocation.directory(tool: "gallery", override: override, environment: environment) }
        return CacheLocation.demoDirectory(tool: faults ? "gallery-faults" : "gallery", override: override, environment: environment)
    }

    /// This run's cache folder; a fault demo's own (no `--cache-dir`) is emptied first.
    func preparedCacheDirectory(environment: [String: String]) -> URL {
        let directory = Self.cacheDirectory(
            override: shared.cacheDir, demo: demo, faults: demoFaults != nil, environment: environment)
        if demo, demoFaults != nil, shared.cacheDir?.isEmpty ?? true {
            // Only the folder this command made for itself is emptied, never one the person named.
            try? FileManager.default.removeItem(at: directory)
        }
        return directory
    }

    mutating func validate() throws {
        let language = shared.language
        try display.check(language: language)
        try OptionCheck.value(maxConcurrent, of: "--max-concurrent", in: Self.maxConcurrentRange, language: language)
        guard let limit = ByteCount(parsing: memoryLimit) else {
            throw ValidationError(OptionCheck.message(
                english: "--memory-limit '\(memoryLimit)' is not a size such as 64MB or 512k",
                russian: "--memory-limit: «\(memoryLimit)» — не размер вроде 64MB или 512k",
                language: language))
        }
        try OptionCheck.value(limit.bytes, of: "--memory-limit (bytes)", in: Self.memoryLimitRange, language: language)
        try OptionCheck.value(demoPort, of: "--demo-port", in: 0...65535, language: language)
        if let demoFaults {
            guard demo else {
                throw ValidationError(OptionCheck.message(
                    english: "--demo-faults needs --demo", russian: "--demo-faults работает только с --demo",
                    language: language))
            }
            do { _ = try DemoFaultPlan(parsing: demoFaults) } catch { throw ValidationError("--demo-faults: \(error)") }
        }
        if demo && (!urls.isEmpty || urlsFile != nil) {
            throw ValidationError(OptionCheck.message(
                english: "--demo serves its own pictures; leave out --url and --urls-file",
                russian: "--demo показывает свои картинки; уберите --url и --urls-file",
                language: language))
        }
        for url in urls {
            do { _ = try PictureSources.parse(url) } catch { throw ValidationError(error.description) }
        }
        // The `--urls-file` is read once, by `run` (a pipe could not be read twice); its problems
        // are usage errors all the same.
    }

    /// The URLs of `--url` and `--urls-file`, checked; nil when neither was given.
    func listedURLs() throws -> [URL]? {
        guard !urls.isEmpty || urlsFile != nil else { return nil }
        do {
            var list = try urls.map { text throws(PictureSources.InvalidURL) in try PictureSources.parse(text) }
            if let urlsFile {
                let contents: String
                do {
                    contents = try URLsFile.read(urlsFile)
                } catch {
                    // sysexits' EX_NOINPUT, as `lookup scan` exits for the same missing file: the
                    // command line was right, the file it names is not there to read.
                    let message = TerminalSafeText.line(error.message(path: urlsFile, language: shared.language))
                    FileHandle.standardError.write(Data("gallery: \(message)\n".utf8))
                    throw ExitCode(66)
                }
                do {
                    list += try PictureSources.parseFile(contents)
                } catch {
                    // sysexits' EX_DATAERR: the command line was right, a line of the file is not.
                    FileHandle.standardError.write(Data("gallery: --urls-file '\(urlsFile)': \(error)\n".utf8))
                    throw ExitCode(65)
                }
            }
            guard !list.isEmpty else {
                throw ValidationError(OptionCheck.message(
                    english: "no URLs given: --urls-file '\(urlsFile ?? "")' is empty",
                    russian: "адресов нет: файл --urls-file «\(urlsFile ?? "")» пуст",
                    language: shared.language))
            }
            return list
        } catch let invalid as PictureSources.InvalidURL {
            throw ValidationError(invalid.description)
        }
    }

    func run() async throws {
        let language = shared.language
        let interactive = !display.printsLines && TerminalApp.isInteractive(environment: ProcessInfo.processInfo.environment)
        var demoServer: DemoServer?
        /// The demo server starting while the first frame is already on screen (full screen only).
        var demoStart: Task<(DemoServer?, URL), any Error>?
        let pictureURLs: [URL]
        let plan = try demoFaults.map { try DemoFaultPlan(parsing: $0) } ?? DemoFaultPlan()
        if demo {
            if interactive, plan.startsServer, demoPort != 0, DemoPortNotice.isFree(port: demoPort) {
                // The screen shows at once; loads wait for the server (see DemoStartingLoader).
                let start = Task { try await startDemo(plan: plan, announce: false) }
                demoStart = start
                pictureURLs = DemoGallery.urls(base: DemoGallery.baseURL(port: demoPort))
            } else {
                let (server, base) = try await startDemo(plan: plan)
                demoServer = server
                pictureURLs = DemoGallery.urls(base: base)
            }
        } else {
            pictureURLs = try listedURLs() ?? PictureSources.defaultURLs
        }
        defer { if let demoServer { Task { await demoServer.stop() } } }

        let services = GalleryServices(
            options: GalleryServices.Options(
                cacheDirectory: preparedCacheDirectory(environment: ProcessInfo.processInfo.environment),
                timeout: shared.timeoutDuration,
                maxConcurrent: maxConcurrent,
                transport: shared.transportChoice,
                memoryLimit: memoryLimitBytes,
                probeURL: pictureURLs.first,
                networkDown: plan.outage == .networkDown
            )
        )
        guard interactive else {
            let format: PlainReport.Format = display.json ? .json : .text
            let summary = await runPlain(urls: pictureURLs, services: services, report: PlainReport(format: format, language: language))
            await demoServer?.stop()
            let status = Self.exitStatus(summary)
            if status != 0 { throw ExitCode(status) }
            return
        }
        let loader: any GalleryImageLoading = demoStart.map { start in
            DemoStartingLoader(inner: services.loader, expectedBase: DemoGallery.baseURL(port: demoPort),
                               base: Task { try await start.value.1 })
        } ?? services.loader
        try await runScreen(urls: pictureURLs, services: services, loader: loader, serverReady: demoStart.map { start in
            Task { _ = try? await start.value }
        }, language: language)
        await demoServer?.stop()
        if let started = try? await demoStart?.value.0 { await started.stop() }
    }

    /// The exit status of a plain or JSON run: 0 when every picture loaded; sysexits' EX_TEMPFAIL
    /// (75) when none did and every failure may pass when run again (a timeout, a dropped or
    /// refused connection, no network, a 5xx), so a script knows to retry; else 2.
    static func exitStatus(_ summary: GallerySummary) -> Int32 {
        if summary.allLoaded { return 0 }
        return summary.loaded == 0 && summary.failedTemporarily == summary.failed ? 75 : 2
    }

    /// Starts the demo server (unless the plan has no server) and returns it with its base URL.
    private func startDemo(plan: DemoFaultPlan, announce: Bool = true) async throws -> (DemoServer?, URL) {
        guard plan.startsServer else { return (nil, DemoGallery.baseURL(port: demoPort)) }
        let server = DemoServer(port: demoPort)
        try DemoGallery.install(on: server, plan: plan, slowDelay: shared.timeoutDuration + .seconds(30))
        do {
            return (server, try await server.start())
        } catch DemoServer.StartError.portInUse {
            // A busy port is no mistake of the person's: take a free one and say which.
            let free = DemoServer(port: 0)
            try DemoGallery.install(on: free, plan: plan, slowDelay: shared.timeoutDuration + .seconds(30))
            let base = try await startOrExplain(free)
            let notice = DemoPortNotice.busy(asked: demoPort, taken: base.port ?? 0)
            if announce { FileHandle.standardError.write(Data("gallery: \(notice.text(in: shared.language))\n".utf8)) }
            return (free, base)
        } catch {
            throw DemoPortNotice.failure(error, language: shared.language)
        }
    }

    private func startOrExplain(_ server: DemoServer) async throws -> URL {
        do {
            return try await server.start()
        } catch {
            throw DemoPortNotice.failure(error, language: shared.language)
        }
    }

    private func runPlain(urls: [URL], services: GalleryServices, report: PlainReport) async -> GallerySummary {
        if let warning = services.diskCacheWarning {
            FileHandle.standardError.write(Data("gallery: \(TerminalSafeText.line(warning.line(in: report.language)))\n".utf8))
        }
        let summary = await GalleryBatch.loadAll(
            urls, loader: services.loader, targetSize: PixelSize(width: 200, height: 200),
            maxConcurrent: maxConcurrent
        ) { item in
            Self.printLine(report.line(for: item))
        }
        Self.printLine(report.summaryLine(summary))
        return summary
    }

    private static func printLine(_ line: String) {
        StandardOutput.write(line + "\n")
    }

    @MainActor
    private func runScreen(
        urls: [URL], services: GalleryServices, loader: any GalleryImageLoading, serverReady: Task<Void, Never>?,
        language: Language
    ) async throws {
        let configuration = GalleryConfiguration(
            autoRetry: !noAutoRetry, animates: !noAnimation, keptFrameBytes: Self.keptFrameRoom(memoryLimit: memoryLimitBytes))
        let state = GalleryState(urls: urls, configuration: configuration)
        let store = GalleryStore(state: state, loader: loader)
        if let warning = services.diskCacheWarning { store.send(.offlineCacheUnavailable(warning)) }
        let connectivity = services.connectivity
        let screen = GalleryScreen(store: store, language: language, connectivityUpdates: { connectivity.updates() })
        services.connectivity.startProbing(interval: .seconds(2))
        // Pictures from the offline cache need no network, so nothing would tell the screen that it
        // is down: one probe at launch shows the banner as soon as the app can know.
        Task {
            await serverReady?.value
            _ = await connectivity.probeNow()
        }
        try await TerminalApp.run(screen, configuration: display.terminalConfiguration)
        services.connectivity.stopProbing()
    }
}
