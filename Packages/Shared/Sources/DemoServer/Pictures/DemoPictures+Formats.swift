import Foundation
import Imaging

extension DemoPictures {
    /// Bumped whenever the captions or the kinds' encodings change, like `version` for the drawing.
    static let captionVersion = 2

    /// Picture `number` at `size` (its upright size) encoded as its kind (`DemoPictureKind`), made
    /// once and then read from `directory` like `jpeg(number:size:)`.
    public static func encoded(
        number: Int, size: PixelSize, directory: URL? = nil
    ) throws(ImagingError) -> (data: Data, kind: DemoPictureKind) {
        let kind = DemoPictureKind(number: number)
        let folder = directory ?? defaultDirectory(ProcessInfo.processInfo.environment)
        let file = folder.appendingPathComponent(
            "v\(version).\(captionVersion)-\(number)-\(size.width)x\(size.height)-\(kind.rawValue).\(kind.fileExtension)"
        )
        if let cached = try? Data(contentsOf: file), (try? ImageDecoder.probe(cached))?.size == size {
            return (cached, kind)
        }
        let data = try encode(captioned(number: number, size: size, kind: kind), as: kind)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
        return (data, kind)
    }

    private static func captioned(number: Int, size: PixelSize, kind: DemoPictureKind) -> Bitmap {
        var bitmap = picture(number: number, size: size)
        let scale = max(1, size.height / 200)
        // Above the number, clear of the zone plate and the wheel.
        let x = size.width / 20, y = size.height / 40
        bitmap.drawText(kind.caption, x: x + 1, y: y + 1, scale: scale, color: RGBA(r: 0, g: 0, b: 0))
        bitmap.drawText(kind.caption, x: x, y: y, scale: scale, color: RGBA(r: 255, g: 255, b: 120))
        return bitmap
    }

    private static func encode(_ bitmap: Bitmap, as kind: DemoPictureKind) throws(ImagingError) -> Data {
        switch kind {
        case .webp:
            return try ImageEncoder.webp(bitmap, quality: 85)
        case .avif:
            return try ImageEncoder.avif(bitmap)
        case .animatedGIF:
            return try DemoAnimation.gif(of: bitmap)
        case .rotatedJPEG:
            // Stored a quarter turn anticlockwise: Orientation 6 asks for the clockwise turn back.
            let stored = bitmap.oriented(.left)
            return withExifOrientation(try ImageEncoder.jpeg(stored, quality: 85), 6)
        case .wideGamutJPEG:
            let jpeg = try ImageEncoder.jpeg(bitmap, quality: 85)
            return Data(ColorManagement.embedding(ColorManagement.displayP3Profile(), in: Array(jpeg)))
        case .transparentPNG:
            return try ImageEncoder.png(fadedCorners(bitmap))
        }
    }

    /// The picture with alpha falling to zero towards its corners.
    private static func fadedCorners(_ bitmap: Bitmap) -> Bitmap {
        var out = bitmap
        let cx = Double(bitmap.width) / 2, cy = Double(bitmap.height) / 2
        let reach = (cx * cx + cy * cy).squareRoot()
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let dx = Double(x) - cx, dy = Double(y) - cy
                let distance = (dx * dx + dy * dy).squareRoot() / reach
                let alpha = max(0, min(1, (1 - distance) / 0.35))
                out.pixels[(y * bitmap.width + x) * 4 + 3] = UInt8((alpha * 255).rounded())
            }
        }
        return out
    }

    /// `jpeg` with an Exif APP1 segment after SOI whose IFD0 holds only Orientation.
    static func withExifOrientation(_ jpeg: Data, _ value: UInt8) -> Data {
        let tiff: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 1] + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, value, 0, 0]
            + [0, 0, 0, 0]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        var out = Data(jpeg.prefix(2))
        out.append(contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload)
        out.append(jpeg.dropFirst(2))
        return out
    }
}
