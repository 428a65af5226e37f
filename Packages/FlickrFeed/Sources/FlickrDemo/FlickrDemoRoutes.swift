import DemoServer
import FlickrFeed
import Foundation

/// The routes of the Flickr look-alike on a ``DemoServer``: the REST endpoint and one JPEG per photo
/// and size suffix. Used by `flickr --demo`, the tests and the benchmark alike.
public enum FlickrDemoRoutes {
    /// Serves `stream` on `server` at `/services/rest/` and `/img/*`.
    public static func register(_ stream: FlickrDemoStream, on server: DemoServer) {
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
