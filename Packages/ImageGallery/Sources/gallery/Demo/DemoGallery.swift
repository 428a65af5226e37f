import DemoServer
import Foundation
import Imaging

/// The pictures behind `--demo`: six generated 1200x900 pictures with detail, gradients and fine text,
/// each with its number written large and each of another kind (a WebP, an animated GIF, an AVIF, a
/// JPEG stored on its side with an Exif turn, a JPEG with a Display P3 profile, a PNG with
/// transparency: `DemoPictureKind`), and a seventh, a 4000x3000 JPEG of a labelled grid worth
/// looking closer at (`v`: `DemoPictures.largePicture`), served by the embedded DemoServer, with
/// the faults `--demo-faults` asks for.
enum DemoGallery {
    /// How many pictures the demo serves.
    static let pictureCount = 7
    /// The number of the large picture, the last.
    static let largeNumber = 7
    /// Their size: at least 800x600, as the task asks.
    static let pictureSize = PixelSize(width: 1200, height: 900)

    /// The path of picture `number` (one-based).
    static func path(_ number: Int) -> String {
        guard number != largeNumber else { return "/img/\(number).jpg" }
        return "/img/\(number).\(DemoPictureKind(number: number).fileExtension)"
    }

    /// The URLs of the pictures on a server at `base`.
    static func urls(base: URL) -> [URL] {
        (1...pictureCount).map { base.appendingPathComponent(String(path($0).dropFirst())) }
    }

    /// The base URL a demo server on `port` of 127.0.0.1 has (also when it is not started).
    static func baseURL(port: Int) -> URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Picture `number` (one-based): detail, gradients and fine text to judge a renderer by
    /// (DemoServer's `DemoPictures`), with its number large.
    static func picture(_ number: Int, size: PixelSize = pictureSize) -> Bitmap {
        DemoPictures.picture(number: number, size: size)
    }

    /// Picture `number` as JPEG bytes, encoded once and then read from the demo picture cache.
    static func jpeg(_ number: Int, size: PixelSize = pictureSize) throws -> Data {
        try DemoPictures.jpeg(number: number, size: size)
    }

    /// Picture `number` encoded as its kind, made once and then read from the demo picture cache.
    static func encoded(_ number: Int, size: PixelSize = pictureSize) throws -> (data: Data, kind: DemoPictureKind) {
        try DemoPictures.encoded(number: number, size: size)
    }

    /// Adds the picture routes to `server` with the faults of `plan`.
    /// - Parameters:
    ///   - slowDelay: how long a `slow` picture keeps its headers back: longer than the load deadline.
    static func install(on server: DemoServer, plan: DemoFaultPlan, slowDelay: Duration) throws {
        for number in 1...pictureCount {
            let data: Data, mimeType: String
            if number == largeNumber {
                (data, mimeType) = (try DemoPictures.largeJPEG(), "image/jpeg")
            } else {
                let picture = try encoded(number)
                (data, mimeType) = (picture.data, picture.kind.mimeType)
            }
            let path = path(number)
            switch plan.faults[number] {
            case .corrupt?:
                server.route(path, .bytes(data.prefix(data.count / 2), contentType: mimeType))
            default:
                server.route(path, .bytes(data, contentType: mimeType))
            }
            guard let fault = plan.faults[number] else { continue }
            switch fault {
            case .notFound: server.setFaults([.status(404)], for: path)
            case .serverError: server.setFaults([.status(500)], for: path)
            case .slow: server.setFaults([.delayHeaders(slowDelay)], for: path)
            case .drop: server.setFaults([.drop(afterBytes: data.count / 3)], for: path)
            case .notImage: server.setFaults([.wrongBody], for: path)
            case .corrupt: break
            }
        }
    }
}
