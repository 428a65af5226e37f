import Foundation
import Testing
@testable import Imaging

/// The committed conformance set (`Conformance/`, see its LICENSE and make-fixtures.py) and the
/// measures the tests compare with.
enum Conformance {
    static func data(_ path: String) throws -> Data {
        let folder = try #require(Bundle.module.url(forResource: "Conformance", withExtension: nil))
        return try Data(contentsOf: folder.appendingPathComponent(path))
    }

    /// Peak signal-to-noise ratio in dB over premultiplied RGBA, so a fully transparent pixel
    /// counts the same whatever colour a decoder leaves under it; infinity when identical.
    static func psnr(_ a: Bitmap, _ b: Bitmap) -> Double {
        precondition(a.width == b.width && a.height == b.height, "compare \(a.size) with \(b.size)")
        var squared = 0.0
        for offset in stride(from: 0, to: a.pixels.count, by: 4) {
            let alphaA = Double(a.pixels[offset + 3]), alphaB = Double(b.pixels[offset + 3])
            for channel in 0..<3 {
                let difference = Double(a.pixels[offset + channel]) * alphaA / 255
                    - Double(b.pixels[offset + channel]) * alphaB / 255
                squared += difference * difference
            }
            squared += (alphaA - alphaB) * (alphaA - alphaB)
        }
        guard squared > 0 else { return .infinity }
        let mean = squared / Double(a.pixels.count)
        return 10 * log10(255 * 255 / mean)
    }

    // Independent of `Bitmap.oriented`: the turns spelled out one by one.

    static func rotatedAnticlockwise(_ b: Bitmap) -> Bitmap {
        var out = Bitmap(width: b.height, height: b.width, filledWith: RGBA(r: 0, g: 0, b: 0, a: 0))
        for y in 0..<b.height { for x in 0..<b.width { out[y, b.width - 1 - x] = b[x, y] } }
        return out
    }

    static func flippedLeftRight(_ b: Bitmap) -> Bitmap {
        var out = b
        for y in 0..<b.height { for x in 0..<b.width { out[b.width - 1 - x, y] = b[x, y] } }
        return out
    }

    static func flippedTopBottom(_ b: Bitmap) -> Bitmap {
        var out = b
        for y in 0..<b.height { for x in 0..<b.width { out[x, b.height - 1 - y] = b[x, y] } }
        return out
    }

    static func transposed(_ b: Bitmap) -> Bitmap {
        var out = Bitmap(width: b.height, height: b.width, filledWith: RGBA(r: 0, g: 0, b: 0, a: 0))
        for y in 0..<b.height { for x in 0..<b.width { out[y, x] = b[x, y] } }
        return out
    }

    /// The stored form of an upright picture under each Exif orientation: what a camera writes.
    static func stored(_ upright: Bitmap, as orientation: ImageOrientation) -> Bitmap {
        let ccw = rotatedAnticlockwise
        return switch orientation {
        case .up: upright
        case .upMirrored: flippedLeftRight(upright)
        case .down: ccw(ccw(upright))
        case .downMirrored: flippedTopBottom(upright)
        case .leftMirrored: transposed(upright)
        case .right: ccw(upright)                       // shown with a clockwise turn
        case .rightMirrored: ccw(ccw(transposed(upright)))
        case .left: ccw(ccw(ccw(upright)))              // shown with an anticlockwise turn
        }
    }

    /// `jpeg` with an Exif APP1 segment right after SOI whose IFD0 holds only Orientation.
    static func withExifOrientation(_ jpeg: Data, _ value: Int, bigEndian: Bool = true) -> Data {
        let short: (Int) -> [UInt8] = { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let long: (Int) -> [UInt8] = { v in
            let b = [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
            return bigEndian ? b : b.reversed()
        }
        var tiff: [UInt8] = bigEndian ? Array("MM".utf8) : Array("II".utf8)
        tiff += short(42) + long(8) + short(1)
        tiff += short(0x0112) + short(3) + long(1) + short(value) + [0, 0]
        tiff += long(0)
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        var out = Data(jpeg.prefix(2))
        out.append(contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload)
        out.append(jpeg.dropFirst(2))
        return out
    }

    /// A minimal GIF of `frames` one-pixel frames on a screen of `width` x `height`, every frame
    /// a complete LZW stream (clear, index 0, end), so each one decodes.
    static func gif(width: Int, height: Int, frames: Int) -> Data {
        var bytes: [UInt8] = Array("GIF89a".utf8)
        bytes += [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0x80, 0, 0]
        bytes += [0, 0, 0, 255, 255, 255]
        let frame: [UInt8] = [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00]
        for _ in 0..<frames { bytes += frame }
        bytes.append(0x3B)
        return Data(bytes)
    }
}
