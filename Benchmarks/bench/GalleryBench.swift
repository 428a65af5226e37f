// Rows for the gallery: `gallery-cold` and `gallery-warm` (whole `gallery --urls-file --json`
// processes, empty cache and full cache, against `curl --parallel` + `djpeg` on the same six) and
// `gallery-memory` (500 distinct pictures scrolled through with a 32 MB memory limit).
import Caching
import DemoServer
import Foundation
import ImageGallery
import ImagePipeline
import Imaging
import Logging
import Networking

let galleryScenarios: [Scenario] = [
    Scenario(name: "gallery-cold", run: galleryColdScenario),
    Scenario(name: "gallery-warm", run: galleryWarmScenario),
    Scenario(name: "gallery-memory", run: galleryMemoryScenario),
]

/// The cell of a 120-column terminal: 118 columns, 59 rows of two pixels, minus the border.
private let galleryCell = PixelSize(width: 116, height: 114)

/// Six 1200x900 JPEGs like `gallery --demo` serves: a colour each, bands and a big number.
private func galleryPictures() throws -> [Data] {
    let colours = [RGBA(r: 200, g: 60, b: 50), RGBA(r: 230, g: 150, b: 40), RGBA(r: 70, g: 160, b: 70),
                   RGBA(r: 50, g: 120, b: 200), RGBA(r: 130, g: 70, b: 180), RGBA(r: 40, g: 160, b: 160)]
    return try colours.enumerated().map { index, colour in
        var bitmap = Bitmap(width: 1200, height: 900, filledWith: colour)
        for band in 0...index { bitmap.fill(x: band * 160, y: 0, width: 80, height: 150, color: RGBA(r: 20, g: 20, b: 20)) }
        bitmap.drawText("\(index + 1)", x: 500, y: 300, scale: 40, color: RGBA(r: 255, g: 255, b: 255))
        return try ImageEncoder.jpeg(bitmap, quality: 85)
    }
}

private let quietLogger = Logger(label: "bench.gallery") { _ in SwiftLogNoOpLogHandler() }

/// A run's loader stack over `directory`: a new client, disk cache and memory cache.
private func galleryLoader(directory: URL, memoryLimit: Int = 64 << 20) throws -> PipelineGalleryLoader {
    let client = HTTPClient(logger: quietLogger)
    let disk = try DiskCache(directory: directory, logger: quietLogger)
    return PipelineGalleryLoader(client: client, diskCache: disk, memoryCostLimit: memoryLimit, logger: quietLogger)
}

private enum GalleryBenchError: Error { case notAllLoaded(Int) }

private func galleryMedian(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

private func galleryTemporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("gallery-bench-\(UUID().uuidString)")
}

/// The six pictures served by a DemoServer in this process, listed in a URLs file; the server,
/// the file and a scratch directory live until `stop()`.
private struct GalleryProcessSetup {
    let server: DemoServer
    let urls: [URL]
    let urlsFile: URL
    let scratch: URL

    static func start() async throws -> GalleryProcessSetup {
        let server = DemoServer()
        let pictures = try galleryPictures()
        for (index, data) in pictures.enumerated() {
            server.route("/img/\(index + 1).jpg", .bytes(data, contentType: "image/jpeg"))
        }
        let base = try await server.start()
        let urls = (1...6).map { base.appendingPathComponent("img/\($0).jpg") }
        let scratch = galleryTemporaryDirectory()
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let urlsFile = scratch.appendingPathComponent("urls.txt")
        try Data(urls.map { $0.absoluteString + "\n" }.joined().utf8).write(to: urlsFile)
        return GalleryProcessSetup(server: server, urls: urls, urlsFile: urlsFile, scratch: scratch)
    }

    func stop() async {
        await server.stop()
        try? FileManager.default.removeItem(at: scratch)
    }

    /// One `gallery --urls-file F --json --cache-dir D` run: its wall time, and how many of the
    /// six it reports loaded from `source`.
    func gallery(_ path: String, cache: URL) throws -> (seconds: Double, fromSource: [String: Int]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--urls-file", urlsFile.path, "--json", "--cache-dir", cache.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let start = DispatchTime.now()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        var sources: [String: Int] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.contains("\"loaded\"") {
            for source in ["network", "disk", "memory"] where line.contains("\"source\":\"\(source)\"") {
                sources[source, default: 0] += 1
            }
        }
        guard process.terminationStatus == 0 else { throw GalleryBenchError.notAllLoaded(6 - sources.values.reduce(0, +)) }
        return (seconds, sources)
    }

    /// What a person would run by hand: `curl --parallel` fetching the six to files, then
    /// `djpeg -scale 1/4` (the libjpeg scale the gallery decodes 1200x900 at for a 200-pixel
    /// cell) on each file, all six at once. nil when curl or djpeg is not installed.
    func reference() throws -> Double? {
        let downloads = scratch.appendingPathComponent("curl")
        try? FileManager.default.removeItem(at: downloads)
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        let files = urls.indices.map { downloads.appendingPathComponent("\($0 + 1).jpg").path }
        let fetch = "curl -s --fail --parallel --parallel-immediate --parallel-max 6 "
            + zip(files, urls).map { "-o \($0) \($1.absoluteString)" }.joined(separator: " ")
        let decode = files.map { "djpeg -scale 1/4 -outfile /dev/null \($0) &" }.joined(separator: " ")
        guard ["curl", "djpeg"].allSatisfy({ FileManager.default.isExecutableFile(atPath: "/usr/bin/" + $0) }) else { return nil }
        return try timeExternal("sh", ["-c", "\(fetch) && { \(decode) wait; }"])
    }
}

/// The release `gallery` beside this bench binary, or nil when it was not built.
private func galleryBinaryPath() -> String? {
    let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    let path = here.appendingPathComponent("gallery").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
}

/// How many times curl+djpeg's time a whole gallery run may take: cold (downloads), warm (disk).
private func galleryProcessTarget(warm: Bool) -> Double { warm ? 1.1 : 1.3 }
private let galleryProcessRounds = 9

/// `gallery-cold` or `gallery-warm`: whole `gallery --urls-file F --json` processes against a
/// running server, with an empty cache each run (cold) or the six already on disk (warm), beside
/// `curl --parallel` + `djpeg` on the same files, taken in turn so drift hits both alike.
private func galleryProcessRow(warm: Bool) async throws -> [Row] {
    let name = warm ? "gallery-warm" : "gallery-cold"
    let target = "<= \(galleryProcessTarget(warm: warm))x curl+djpeg"
    guard let path = galleryBinaryPath() else {
        return [Row(scenario: name, figure: "gallery not built in release",
                    reference: "swift build -c release --product gallery", target: target, met: false)]
    }
    let setup = try await GalleryProcessSetup.start()
    var ours: [Double] = []
    var theirs: [Double] = []
    do {
        let warmCache = setup.scratch.appendingPathComponent("warm-cache")
        if warm { _ = try setup.gallery(path, cache: warmCache) }
        // The first round is thrown away: it pays for page-cache misses of the binaries.
        for round in 0...galleryProcessRounds {
            let cache = warm ? warmCache : setup.scratch.appendingPathComponent("cold-cache-\(round)")
            let run = try setup.gallery(path, cache: cache)
            let expected = warm ? "disk" : "network"
            guard run.fromSource[expected] == 6 else {
                await setup.stop()
                return [Row(scenario: name, figure: "sources \(run.fromSource), not 6 from \(expected)",
                            reference: "-", target: target, met: false)]
            }
            guard let reference = try setup.reference() else {
                await setup.stop()
                return [Row(scenario: name, figure: "gallery \(format(run.seconds))",
                            reference: "curl or djpeg not installed", target: target, met: nil)]
            }
            if round > 0 {
                ours.append(run.seconds)
                theirs.append(reference)
            }
        }
    } catch {
        await setup.stop()
        throw error
    }
    await setup.stop()
    let ratio = galleryMedian(ours) / galleryMedian(theirs)
    return [Row(scenario: name,
                figure: "gallery \(format(galleryMedian(ours))) (\(String(format: "%.2f", ratio))x)",
                reference: "curl+djpeg \(format(galleryMedian(theirs)))", target: target,
                met: ratio <= galleryProcessTarget(warm: warm))]
}

@Sendable private func galleryColdScenario() async throws -> [Row] {
    try await galleryProcessRow(warm: false)
}

@Sendable private func galleryWarmScenario() async throws -> [Row] {
    try await galleryProcessRow(warm: true)
}

/// Resident memory of this process now (`VmRSS`) or at its peak so far (`VmHWM`), in bytes.
private func residentBytes(peak: Bool = false) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    let field = peak ? "VmHWM:" : "VmRSS:"
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
          let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    else { return 0 }
    return kilobytes * 1024
}

/// Set in the child process that measures one run of the memory scenario.
private let galleryMemoryChildVariable = "GALLERY_BENCH_MEMORY_LIMIT"

/// 500 distinct pictures scrolled through a gallery of 198x198-pixel cells, page by page, with a
/// 32 MB memory limit; the peak growth of resident memory, beside the same run with no limit.
/// Each run is its own process (this bench run again), so one run's freed memory cannot hide the other's.
@Sendable private func galleryMemoryScenario() async throws -> [Row] {
    if let limit = ProcessInfo.processInfo.environment[galleryMemoryChildVariable].flatMap(Int.init) {
        let growth = try await galleryMemoryRun(memoryLimit: limit)
        print("gallery-memory-growth=\(growth)")
        exit(0)
    }
    let limited = try galleryMemoryChild(memoryLimit: 32 << 20)
    let unlimited = try galleryMemoryChild(memoryLimit: Int.max / 2)
    let target = (32 + 24) << 20
    return [Row(scenario: "gallery-memory",
                figure: "peak RSS +\(limited >> 20) MB at 32MB limit",
                reference: "+\(unlimited >> 20) MB with no limit", target: "< 56 MB growth", met: limited < target)]
}

/// Runs `bench gallery-memory` as a child measuring one run with `memoryLimit`; returns its growth.
private func galleryMemoryChild(memoryLimit: Int) throws -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["gallery-memory"]
    var environment = ProcessInfo.processInfo.environment
    environment[galleryMemoryChildVariable] = String(memoryLimit)
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("gallery-memory-growth=") }),
          let growth = Int(line.dropFirst("gallery-memory-growth=".count))
    else { throw GalleryBenchError.notAllLoaded(-1) }
    return growth
}

/// One measured run: a server with 500 distinct picture URLs, scrolled through once.
private func galleryMemoryRun(memoryLimit: Int) async throws -> Int {
    let server = DemoServer()
    let pictures = try galleryPictures()
    server.route("/img/*") { request in
        let number = Int(request.path.split(separator: "/").last?.split(separator: ".").first ?? "") ?? 1
        return .bytes(pictures[(number - 1) % pictures.count], contentType: "image/jpeg")
    }
    let base = try await server.start()
    defer { Task { await server.stop() } }
    let urls = (1...500).map { base.appendingPathComponent("img/\($0).jpg") }
    return try await galleryScroll(urls, memoryLimit: memoryLimit)
}

/// Scrolls a gallery of `urls` from top to bottom a page at a time, waiting for every visible
/// picture; returns the peak growth of resident memory.
@MainActor private func galleryScroll(_ urls: [URL], memoryLimit: Int) async throws -> Int {
    let directory = galleryTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let cellPixels = PixelSize(width: 198, height: 198)
    let store = GalleryStore(state: GalleryState(urls: urls), loader: try galleryLoader(directory: directory, memoryLimit: memoryLimit))
    let baseline = residentBytes()
    // A 200x60 terminal: 57 rows of list, cells 99 rows high.
    store.send(.layoutChanged(GalleryLayout(viewportHeight: 57, cellHeight: 99, gap: 1, cellPixelSize: cellPixels)))
    while true {
        await store.settle()
        guard let last = store.state.visibleRange.last, last < urls.count - 1 else { break }
        store.send(.page(by: 1))
    }
    let peak = residentBytes(peak: true)
    guard store.state.everLoaded.count == urls.count else { throw GalleryBenchError.notAllLoaded(urls.count - store.state.everLoaded.count) }
    return peak - baseline
}
