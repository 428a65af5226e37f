import DemoServer
import FlickrFeed
import Foundation

/// The routes of the Flickr look-alike on a ``DemoServer``: the REST endpoint and one JPEG per photo
/// and size suffix. Used by `flickr --demo`, the tests and the benchmark alike.
public enum FlickrDemoRoutes {
    /// Serves `stream` on `server` at `/services/rest/` and `/img/*`.
    public static func register(_ stream: FlickrDemoStream, on server: DemoServer) {
        server.route("/services/rest/") { [weak server] request in
            // The largest sizes' URLs are absolute, as Flickr's are: at the address the server took.
            let imageBase = server?.baseURL.map { $0.appendingPathComponent("img").absoluteString }
            let answer = stream.restAnswer(query: request.query, imageBase: imageBase)
            return DemoResponse(
                status: answer.status, headers: ["Content-Type": answer.contentType], body: answer.body)
        }
        server.route("/img/*") { request in
            if stream.originalRequest(path: request.path) != nil {
                guard let jpeg = try? DemoPictures.largeJPEG() else { return .status(500, body: "no picture") }
                return .bytes(jpeg, contentType: "image/jpeg")
            }
            guard let (number, size) = stream.imageRequest(path: request.path),
                let jpeg = try? FlickrDemoImages.jpeg(number: number, size: size)
            else { return .status(404, body: "no such photo") }
            return .bytes(jpeg, contentType: "image/jpeg")
        }
    }
}
