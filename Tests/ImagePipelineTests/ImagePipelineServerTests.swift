import Caching
import DemoServer
import Foundation
import Imaging
import ImagePipeline
import Networking
import Testing

@Suite("ImagePipeline against the demo server")
struct ImagePipelineServerTests {
    @Test("first run from the network, second run from disk with the server gone")
    func offlineCacheAcrossRuns() async throws {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = DemoServer()
        server.route("/img/1.jpg", .bytes(try Fixture.jpeg(width: 800, height: 600), contentType: "image/jpeg"))
        let base = try await server.start()
        let url = base.appendingPathComponent("img/1.jpg")

        let firstRun = try await loadOnce(url, cacheAt: directory, deadline: .seconds(5))
        await server.stop()
        let secondRun = try await loadOnce(url, cacheAt: directory, deadline: .milliseconds(500))

        #expect(firstRun == .network)
        #expect(secondRun == .disk)
    }

    @Test("a 404 caches nothing on disk")
    func failureCachesNothing() async throws {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = DemoServer()
        try await server.run { base in
            let url = base.appendingPathComponent("missing.jpg")

            await #expect {
                _ = try await loadOnce(url, cacheAt: directory, deadline: .seconds(2))
            } throws: { error in
                (error as? ImagePipelineError)?.code == "http"
            }
            let disk = try DiskCache(directory: directory)
            #expect(disk.data(forKey: url.absoluteString) == nil)
        }
    }

    private func loadOnce(_ url: URL, cacheAt directory: URL, deadline: Duration) async throws -> ImageSource {
        let client = HTTPClient(configuration: .init(deadline: deadline))
        defer { client.invalidate() }
        let pipeline = ImagePipeline(loader: client, diskCache: try DiskCache(directory: directory))
        return try await pipeline.image(for: ImageRequest(url: url, targetSize: PixelSize(width: 100, height: 100))).source
    }
}
