// Rows for loading over a real connection: `refresh-bytes` (the body bytes a gallery refresh of the
// six demo pictures moves against a server that revalidates, beside the full size of the six, which
// is what every refresh moved before validators were kept) and `resume` (the bytes it takes to
// finish a 5 MB picture whose first transfer broke off at 90%, beside `curl -C -` finishing the same
// file from the same server).
import Caching
import DemoServer
import Foundation
import ImageGallery
import ImagePipeline
import Imaging
import Logging
import Networking

let networkScenarios: [Scenario] = [
    Scenario(name: "refresh-bytes", run: refreshBytesScenario),
    Scenario(name: "resume", run: resumeScenario),
]

private let networkLogger = Logger(label: "bench.network") { _ in SwiftLogNoOpLogHandler() }

private enum NetworkBenchError: Error, CustomStringConvertible {
    case curlMissing
    case curlFailed(Int32)
    case notResumed(Int)

    var description: String {
        switch self {
        case .curlMissing: "curl is not installed"
        case .curlFailed(let status): "curl -C - exited with \(status)"
        case .notResumed(let size): "curl kept \(size) bytes of the broken transfer"
        }
    }
}

private func networkScratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("network-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@Sendable private func refreshBytesScenario() async throws -> [Row] {
    let scratch = try networkScratch()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let server = DemoServer()
    var fullSize = 0
    for number in 1...6 {
        let jpeg = try DemoPictures.jpeg(number: number, size: PixelSize(width: 1200, height: 900))
        fullSize += jpeg.count
        server.route("/img/\(number).jpg", .bytes(jpeg, contentType: "image/jpeg"))
    }
    let base = try await server.start()
    defer { Task { await server.stop() } }
    let client = HTTPClient(logger: networkLogger)
    defer { client.invalidate() }
    let loader = PipelineGalleryLoader(
        client: client, diskCache: try DiskCache(directory: scratch, logger: networkLogger),
        memoryCostLimit: 64 << 20, logger: networkLogger)
    let cell = PixelSize(width: 116, height: 114)
    let urls = (1...6).map { base.appendingPathComponent("img/\($0).jpg") }
    for url in urls { _ = try await loader.load(url, targetSize: cell) }

    server.resetStats()
    for url in urls { _ = try await loader.load(url, targetSize: cell, policy: .refresh) }
    let stats = server.stats
    let share = Double(stats.bytesSent) / Double(fullSize)
    return [Row(
        scenario: "refresh-bytes",
        figure: "\(stats.bytesSent) B body, \(stats.notModifiedResponses)/\(stats.requestsServed) answered 304",
        reference: "\(fullSize) B (the six in full)",
        target: "<= 1% of the six",
        met: share <= 0.01 && stats.requestsServed == 6)]
}

/// A JPEG of noise, `side` pixels square: large for its pixels (some 5 MB at 2300), as a camera's photo is.
private func largeNoiseJPEG(side: Int) throws -> Data {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var pixels = [UInt8](repeating: 255, count: side * side * 4)
    for index in stride(from: 0, to: pixels.count, by: 4) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        pixels[index] = UInt8(truncatingIfNeeded: state >> 24)
        pixels[index + 1] = UInt8(truncatingIfNeeded: state >> 32)
        pixels[index + 2] = UInt8(truncatingIfNeeded: state >> 40)
    }
    return try ImageEncoder.jpeg(Bitmap(width: side, height: side, pixels: pixels), quality: 92)
}

@Sendable private func resumeScenario() async throws -> [Row] {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") else { throw NetworkBenchError.curlMissing }
    let scratch = try networkScratch()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let jpeg = try largeNoiseJPEG(side: 2300)
    let path = "/img/large.jpg"
    let server = DemoServer()
    server.route(path, .bytes(jpeg, contentType: "image/jpeg"))
    let base = try await server.start()
    defer { Task { await server.stop() } }
    let url = base.appendingPathComponent("img/large.jpg")
    let cut = jpeg.count * 9 / 10

    // The yardstick: curl's transfer breaks off at 90%, then `curl -C -` finishes the file.
    let file = scratch.appendingPathComponent("curl.jpg")
    server.setFaults([.drop(afterBytes: cut)], for: path, times: 1)
    _ = try runCurl(["-s", "-o", file.path, url.absoluteString])
    let kept = (try? Data(contentsOf: file).count) ?? 0
    guard kept > 0 else { throw NetworkBenchError.notResumed(kept) }
    server.resetStats()
    let status = try runCurl(["-s", "-C", "-", "-o", file.path, url.absoluteString])
    guard status == 0 else { throw NetworkBenchError.curlFailed(status) }
    let curlBytes = server.stats.bytesSent
    let curlWhole = (try? Data(contentsOf: file)) == jpeg

    // Ours: the pipeline keeps the 90% beside the cache entry and asks for the rest.
    let client = HTTPClient(configuration: .init(deadline: .seconds(60)), logger: networkLogger)
    defer { client.invalidate() }
    let pipeline = ImagePipeline(
        loader: client, diskCache: try DiskCache(directory: scratch.appendingPathComponent("cache"), logger: networkLogger),
        logger: networkLogger)
    let request = ImageRequest(url: url, targetSize: PixelSize(width: 160, height: 160))
    server.setFaults([.drop(afterBytes: cut)], for: path, times: 1)
    _ = try? await pipeline.image(for: request)
    server.resetStats()
    _ = try await pipeline.image(for: request)
    let ours = server.stats.bytesSent
    let ranges = server.stats.partialResponses
    return [Row(
        scenario: "resume",
        figure: "\(ours) B to finish (\(ranges) range)",
        reference: "curl -C -: \(curlBytes) B\(curlWhole ? "" : " (file differs)")",
        target: "<= 1.05x curl, of \(jpeg.count) B",
        met: Double(ours) <= 1.05 * Double(max(1, curlBytes)) && ranges == 1)]
}

/// Runs `/usr/bin/curl` with `arguments` and returns its exit status.
private func runCurl(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}
