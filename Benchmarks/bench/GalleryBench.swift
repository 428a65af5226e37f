// Rows for the gallery: `gallery-cold` (six pictures through the whole pipeline against curl),
// `gallery-warm` (the same six from the disk cache against decoding the files directly) and
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
private let galleryCell = PictureSize(width: 116, height: 114)

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

/// Loads `urls` through `loader` at once, like six cells on screen; throws unless all load.
private func galleryLoadAll(_ urls: [URL], loader: PipelineGalleryLoader, from source: PictureSource) async throws {
    let summary = await GalleryBatch.loadAll(urls, loader: loader, targetSize: galleryCell, maxConcurrent: 6) { report in
        if case .success(let picture) = report.outcome, picture.source != source {
            FileHandle.standardError.write(Data("gallery bench: \(report.url) came from \(picture.source)\n".utf8))
        }
    }
    guard summary.allLoaded else { throw GalleryBenchError.notAllLoaded(summary.failed) }
}

private enum GalleryBenchError: Error { case notAllLoaded(Int) }

private func galleryMedian(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

private func galleryTemporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("gallery-bench-\(UUID().uuidString)")
}

/// Six 1200x900 pictures with 100 ms latency through memory → disk → network → decode, into cell
/// bitmaps, with empty caches; against `curl --parallel` fetching the same six.
@Sendable private func galleryColdScenario() async throws -> [Row] {
    let server = DemoServer(latency: .milliseconds(100))
    let pictures = try galleryPictures()
    for (index, data) in pictures.enumerated() { server.route("/img/\(index + 1).jpg", .bytes(data, contentType: "image/jpeg")) }
    let base = try await server.start()
    defer { Task { await server.stop() } }
    let urls = (1...6).map { base.appendingPathComponent("img/\($0).jpg") }

    var ours: [Double] = []
    var theirs: [Double] = []
    for _ in 0..<5 {
        let directory = galleryTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let loader = try galleryLoader(directory: directory)
        ours.append(try await measure { try await galleryLoadAll(urls, loader: loader, from: .network) }.seconds)
        let arguments = ["--parallel", "--parallel-immediate", "--parallel-max", "6", "-s", "--fail"] + urls.flatMap { ["-o", "/dev/null", $0.absoluteString] }
        guard let curl = try timeExternal("curl", arguments) else {
            return [Row(scenario: "gallery-cold", figure: "gallery \(format(galleryMedian(ours)))",
                        reference: "curl not installed", target: "<= 1.3x curl", met: nil)]
        }
        theirs.append(curl)
    }
    let ratio = galleryMedian(ours) / galleryMedian(theirs)
    return [Row(scenario: "gallery-cold",
                figure: "6 to cells \(format(galleryMedian(ours))) (\(String(format: "%.2f", ratio))x)",
                reference: "curl --parallel \(format(galleryMedian(theirs)))", target: "<= 1.3x curl", met: ratio <= 1.3)]
}

/// The same six from the disk cache with the server gone (a new run: empty memory cache), against
/// reading and decoding the six files directly to the same size.
@Sendable private func galleryWarmScenario() async throws -> [Row] {
    let server = DemoServer()
    let pictures = try galleryPictures()
    for (index, data) in pictures.enumerated() { server.route("/img/\(index + 1).jpg", .bytes(data, contentType: "image/jpeg")) }
    let base = try await server.start()
    let urls = (1...6).map { base.appendingPathComponent("img/\($0).jpg") }
    let directory = galleryTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await galleryLoadAll(urls, loader: try galleryLoader(directory: directory), from: .network)
    await server.stop()

    let files = galleryTemporaryDirectory()
    try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: files) }
    let paths = try pictures.enumerated().map { index, data in
        let file = files.appendingPathComponent("\(index + 1).jpg")
        try data.write(to: file)
        return file
    }
    let maxSize = PixelSize(width: galleryCell.width, height: galleryCell.height)

    var ours: [Double] = []
    var theirs: [Double] = []
    var reads: [Double] = []
    // 21 rounds, the first one thrown away: the figures are a few milliseconds, so noise matters.
    for round in 0..<22 {
        defer { if round == 0 { ours.removeAll(); theirs.removeAll(); reads.removeAll() } }
        let loader = try galleryLoader(directory: directory)
        ours.append(try await measure { try await galleryLoadAll(urls, loader: loader, from: .disk) }.seconds)
        theirs.append(try await measure {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for path in paths {
                    group.addTask { try ImageDecoder.decode(try Data(contentsOf: path), maxSize: maxSize).width }
                }
                return try await group.reduce(0, +)
            }
        }.seconds)
        // Where the difference goes: the verified reads of the disk cache alone (index + checksum).
        let disk = try DiskCache(directory: directory, logger: quietLogger)
        reads.append(await measure { urls.reduce(0) { $0 + (disk.data(forKey: $1.absoluteString)?.count ?? 0) } }.seconds)
    }
    let ratio = galleryMedian(ours) / galleryMedian(theirs)
    return [Row(scenario: "gallery-warm",
                figure: "6 from disk \(format(galleryMedian(ours))) (\(String(format: "%.2f", ratio))x)",
                reference: "decode 6 files \(format(galleryMedian(theirs))); reads \(format(galleryMedian(reads)))",
                target: "<= 1.3x decode", met: ratio <= 1.3)]
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
    let cellPixels = PictureSize(width: 198, height: 198)
    let store = GalleryStore(state: GalleryState(urls: urls), loader: try galleryLoader(directory: directory, memoryLimit: memoryLimit))
    let baseline = residentBytes()
    // A 200x60 terminal: 57 rows of list, cells 99 rows high.
    store.send(.layoutChanged(GalleryLayout(viewportHeight: 57, cellHeight: 99, gap: 1, cellPixelSize: cellPixels)))
    while true {
        await store.waitUntilIdle()
        guard let last = store.state.visibleRange.last, last < urls.count - 1 else { break }
        store.send(.page(by: 1))
    }
    let peak = residentBytes(peak: true)
    guard store.state.everLoaded.count == urls.count else { throw GalleryBenchError.notAllLoaded(urls.count - store.state.everLoaded.count) }
    return peak - baseline
}
