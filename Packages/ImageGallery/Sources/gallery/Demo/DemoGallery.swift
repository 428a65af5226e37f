import DemoServer
import Foundation
import Imaging

/// The pictures behind `--demo`: six generated 1200x900 JPEGs, each a different colour with its
/// number written large, served by the embedded DemoServer, with the faults `--demo-faults` asks for.
enum DemoGallery {
    /// How many pictures the demo serves.
    static let pictureCount = 6
    /// Their size: at least 800x600, as the task asks.
    static let pictureSize = PixelSize(width: 1200, height: 900)

    /// The path of picture `number` (one-based).
    static func path(_ number: Int) -> String { "/img/\(number).jpg" }

    /// The URLs of the six pictures on a server at `base`.
    static func urls(base: URL) -> [URL] {
        (1...pictureCount).map { base.appendingPathComponent(String(path($0).dropFirst())) }
    }

    /// The base URL a demo server on `port` of 127.0.0.1 has (also when it is not started).
    static func baseURL(port: Int) -> URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Background colours, one per picture, far apart so each is easy to tell.
    private static let palette: [RGBA] = [
        RGBA(r: 200, g: 60, b: 50), RGBA(r: 230, g: 150, b: 40), RGBA(r: 70, g: 160, b: 70),
        RGBA(r: 50, g: 120, b: 200), RGBA(r: 130, g: 70, b: 180), RGBA(r: 40, g: 160, b: 160),
    ]

    /// Picture `number` (one-based): its colour, darker bands, a big number and a caption.
    static func picture(_ number: Int, size: PixelSize = pictureSize) -> Bitmap {
        let base = palette[(number - 1) % palette.count]
        var bitmap = Bitmap(width: size.width, height: size.height, filledWith: base)
        let dark = RGBA(r: base.r / 2, g: base.g / 2, b: base.b / 2)
        // Bands whose count is the picture's number, so even a tiny render tells them apart.
        let bandWidth = size.width / (2 * number + 1)
        for band in 0..<number {
            bitmap.fill(x: (2 * band + 1) * bandWidth, y: 0, width: bandWidth, height: size.height / 6, color: dark)
        }
        let label = "\(number)"
        let scale = size.height / 12
        let labelSize = Bitmap.textSize(label, scale: scale)
        let white = RGBA(r: 255, g: 255, b: 255)
        bitmap.drawText(label, x: (size.width - labelSize.width) / 2, y: (size.height - labelSize.height) / 2,
                        scale: scale, color: white)
        let caption = "PICTURE \(number) OF \(pictureCount)"
        let captionScale = max(1, size.height / 90)
        let captionSize = Bitmap.textSize(caption, scale: captionScale)
        bitmap.drawText(caption, x: (size.width - captionSize.width) / 2, y: size.height - captionSize.height * 2,
                        scale: captionScale, color: white)
        return bitmap
    }

    /// Picture `number` as JPEG bytes.
    static func jpeg(_ number: Int, size: PixelSize = pictureSize) throws -> Data {
        try ImageEncoder.jpeg(picture(number, size: size), quality: 85)
    }

    /// Adds the six picture routes to `server` with the faults of `plan`.
    /// - Parameters:
    ///   - slowDelay: how long a `slow` picture keeps its headers back: longer than the load deadline.
    static func install(on server: DemoServer, plan: DemoFaultPlan, slowDelay: Duration) throws {
        for number in 1...pictureCount {
            let data = try jpeg(number)
            let path = path(number)
            switch plan.faults[number] {
            case .corrupt?:
                server.route(path, .bytes(data.prefix(data.count / 2), contentType: "image/jpeg"))
            default:
                server.route(path, .bytes(data, contentType: "image/jpeg"))
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
