import Caching
import DemoServer
import Foundation
import ImagePipeline
import Imaging
import Logging
import Networking
import TestSupport
@testable import gallery
import ImageGallery

/// A DemoServer on 127.0.0.1 with an OS-chosen port serving numbered JPEGs at `/img/<n>.jpg`, and
/// the gallery's production loader stack in front of it, over a temporary cache directory.
final class DemoBackend: Sendable {
    let server: DemoServer
    let base: URL
    let cacheDirectory: URL

    /// The size of the pictures served: small, so debug-build tests stay quick.
    static let pictureSize = PixelSize(width: 320, height: 240)

    private init(server: DemoServer, base: URL, cacheDirectory: URL) {
        self.server = server
        self.base = base
        self.cacheDirectory = cacheDirectory
    }

    /// Starts a server whose `/img/<n>.jpg` answers picture `n` (any positive number).
    static func start(latency: Duration = .zero) async throws -> DemoBackend {
        let server = DemoServer(port: 0, latency: latency)
        let pictures = try (1...DemoGallery.pictureCount).map { try DemoGallery.jpeg($0, size: pictureSize) }
        server.route("/img/*") { request in
            let name = request.path.split(separator: "/").last.map(String.init) ?? ""
            guard let number = Int(name.replacingOccurrences(of: ".jpg", with: "")), number > 0 else {
                return .status(404)
            }
            return .bytes(pictures[(number - 1) % pictures.count], contentType: "image/jpeg")
        }
        let base = try await server.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-tests-\(UUID().uuidString)")
        return DemoBackend(server: server, base: base, cacheDirectory: directory)
    }

    /// The URL of picture `number`.
    func url(_ number: Int) -> URL { base.appendingPathComponent("img/\(number).jpg") }

    func urls(_ count: Int) -> [URL] { (1...count).map(url) }

    /// A fresh loader stack (new client, new memory cache) over the same cache directory, like a new run.
    func makeLoader(
        deadline: Duration = .seconds(5), memoryLimit: Int = 64 << 20, diskCache override: (any DataCaching)? = nil
    ) throws -> (loader: PipelineGalleryLoader, pipeline: ImagePipeline, client: HTTPClient) {
        let logger = Logger(label: "gallery-tests") { _ in SwiftLogNoOpLogHandler() }
        var configuration = HTTPClient.Configuration()
        configuration.deadline = deadline
        let client = HTTPClient(configuration: configuration, logger: logger)
        let disk = try override ?? DiskCache(directory: cacheDirectory, logger: logger)
        let loader = PipelineGalleryLoader(client: client, diskCache: disk, memoryCostLimit: memoryLimit, logger: logger)
        return (loader, loader.pipeline, client)
    }

    /// Stops the server and waits until its port refuses connections, as a server that is gone does.
    func stopServer() async throws {
        await server.stop()
        let port = base.port ?? 0
        let refused = await waitUntil(timeout: .seconds(10), every: .milliseconds(20)) {
            await TCPProbe.outcome(host: "127.0.0.1", port: port, timeout: .milliseconds(200)) == .refused
        }
        guard refused else { throw CancellationError() }
    }

    /// Stops the server and removes the cache directory.
    func tearDown() async {
        await server.stop()
        try? FileManager.default.removeItem(at: cacheDirectory)
    }

    /// Runs `body`, then tears the backend down, whether `body` returned or threw.
    func whileRunning<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async rethrows -> T {
        do {
            let result = try await body()
            await tearDown()
            return result
        } catch {
            await tearDown()
            throw error
        }
    }
}

/// A disk cache that cannot write: the disk is full.
struct FullDisk: DataCaching {
    func data(forKey key: String) -> Data? { nil }
    func store(_ data: Data, forKey key: String) throws(DiskCacheError) {
        throw .diskFull(path: "/full")
    }
    func removeData(forKey key: String) {}
}
