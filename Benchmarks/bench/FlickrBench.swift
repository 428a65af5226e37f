import DemoServer
import FlickrDemo
import FlickrFeed
import Foundation
import Logging
import Networking

/// `flickr-pages` and `flickr-launch`.
let flickrScenarios: [Scenario] = [
    Scenario(name: "flickr-pages") { try await flickrPagesRow() },
    Scenario(name: "flickr-launch") { try await flickrLaunchRow() },
]

/// The Flickr look-alike with a fixed stream of 2,000 photos (no uploads, so pages do not shift).
private func startFlickrDemo(latency: Duration) async throws -> (DemoServer, FlickrDemoStream, URL) {
    let stream = FlickrDemoStream(initialCount: 2000, uploadInterval: nil)
    let server = DemoServer(latency: latency)
    FlickrDemoRoutes.register(stream, on: server)
    let base = try await server.start()
    return (server, stream, base)
}

/// 50 pages of 40 with 50 ms latency: fetched, decoded, deduplicated and the first stored, against
/// curl fetching the same 50 URLs one after another.
private func flickrPagesRow() async throws -> [Row] {
    let (server, _, base) = try await startFlickrDemo(latency: .milliseconds(50))
    defer { Task { await server.stop() } }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "flickr-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let http = HTTPClient(
        configuration: .init(deadline: .seconds(30)),
        logger: Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() })
    defer { http.invalidate() }
    let endpoint = FlickrEndpoint(
        apiBase: base.appendingPathComponent("services/rest/"), apiKey: "demo", perPage: 40)
    let client = FlickrClient(http: http, endpoint: endpoint)
    let store = FirstPageStore(directory: directory)
    var photos = 0
    let ours = await measure {
        await FeedPager.run(pages: 50, api: client, store: store) { event in
            if case .page(let report) = event { photos += report.photos.count }
        }
    }
    guard ours.value.failures == 0, store.load() != nil else {
        return [
            Row(
                scenario: "flickr-pages", figure: "failed: \(ours.value.failures) failures", reference: "-",
                target: "within 1.2x of curl", met: false)
        ]
    }
    var arguments = ["-s", "--max-time", "60"]
    for page in 1...50 {
        arguments += ["-o", "/dev/null", endpoint.recentPhotosURL(page: page).absoluteString]
    }
    let curl = try timeExternal("curl", arguments)
    let figure = "\(format(ours.seconds)) for 50 pages (\(photos) photos)"
    guard let curl else {
        return [
            Row(
                scenario: "flickr-pages", figure: figure, reference: "curl not installed",
                target: "within 1.2x of curl", met: nil)
        ]
    }
    return [
        Row(
            scenario: "flickr-pages", figure: figure, reference: "curl \(format(curl))",
            target: "within 1.2x of curl", met: ours.seconds <= curl * 1.2)
    ]
}

/// From process start to the saved first page drawn as a frame, pictures from disk.
private func flickrLaunchRow() async throws -> [Row] {
    guard let path = siblingExecutable("flickr") else {
        return [
            Row(
                scenario: "flickr-launch", figure: "flickr not built in release",
                reference: "swift build -c release --product flickr", target: "< 150 ms",
                met: false)
        ]
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "flickr-launch-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let (server, _, base) = try await startFlickrDemo(latency: .zero)
    let apiBase = base.appendingPathComponent("services/rest/").absoluteString
    let imageBase = base.appendingPathComponent("img").absoluteString
    // Fill the cache: the first page stored, then its pictures fetched once by a render.
    _ = try output(
        of: path,
        [
            "--json", "--api-key", "demo", "--api-base", apiBase, "--image-base", imageBase,
            "--cache-dir", directory.path,
        ])
    _ = try output(
        of: path,
        [
            "--api-key", "demo", "--api-base", apiBase, "--image-base", imageBase,
            "--cache-dir", directory.path, "--render-once", "100x40",
        ])
    await server.stop()
    var times: [Double] = []
    for _ in 0..<5 {
        let start = DispatchTime.now()
        let output = try output(
            of: path,
            [
                "--api-key", "demo", "--api-base", apiBase, "--image-base", imageBase,
                "--cache-dir", directory.path, "--render-once", "100x40",
            ])
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
        guard output.contains("Saved") else {
            return [
                Row(
                    scenario: "flickr-launch", figure: "no saved page drawn", reference: "-",
                    target: "< 150 ms", met: false)
            ]
        }
    }
    let median = times.sorted()[times.count / 2]
    return [
        Row(
            scenario: "flickr-launch", figure: "\(format(median)) median of 5 (100x40)",
            reference: "first page + pictures from disk", target: "< 150 ms", met: median < 0.150)
    ]
}
