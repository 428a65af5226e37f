import DemoServer
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

/// The routes of the Flickr look-alike: the REST endpoint and one JPEG per photo and size.
enum FlickrDemoRoutes {
    static func register(_ stream: FlickrDemoStream, on server: DemoServer) {
        server.route("/services/rest/") { request in
            let answer = stream.restAnswer(query: request.query)
            return DemoResponse(
                status: answer.status, headers: ["Content-Type": answer.contentType], body: answer.body)
        }
        server.route("/img/*") { request in
            guard let (number, size) = stream.imageRequest(path: request.path),
                let jpeg = try? FlickrDemoImages.jpeg(number: number, size: size)
            else { return .status(404, body: "no such photo") }
            return .bytes(jpeg, contentType: "image/jpeg")
        }
    }
}
