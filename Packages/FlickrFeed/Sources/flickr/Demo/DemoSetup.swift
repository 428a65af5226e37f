import DemoServer
import FlickrDemo
import FlickrFeed
import Foundation

/// `--demo`: the DemoServer playing Flickr on 127.0.0.1 with a generated, growing stream.
struct DemoSetup: Sendable {
    let server: DemoServer
    let stream: FlickrDemoStream
    let apiBase: URL
    let imageBase: URL

    static func start(uploadInterval: Double, latency: Duration = .zero) async throws -> DemoSetup {
        let stream = FlickrDemoStream(
            initialCount: 1000,
            uploadInterval: uploadInterval > 0 ? .milliseconds(Int(uploadInterval * 1000)) : nil)
        let server = DemoServer(latency: latency)
        FlickrDemoRoutes.register(stream, on: server)
        let base = try await server.start()
        return DemoSetup(
            server: server, stream: stream,
            apiBase: base.appendingPathComponent("services/rest/"),
            imageBase: base.appendingPathComponent("img")
        )
    }
}
