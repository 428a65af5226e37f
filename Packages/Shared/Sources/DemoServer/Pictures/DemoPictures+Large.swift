import Foundation
import Imaging

extension DemoPictures {
    /// The size of the demo's picture worth zooming into.
    public static let largeSize = PixelSize(width: 4000, height: 3000)
    /// Bumped whenever ``largePicture(size:)`` draws differently, so older encodings are not used.
    static let largeVersion = 2

    /// A picture large enough to look closer at: a labelled grid (a fine line every 20 pixels, a
    /// line every 100, a heavy one every 500 with its coordinates written at each crossing), a
    /// label in every 100-pixel square, a ruler of one-pixel stripes and a title. Fitted to a
    /// screen it is a grid; zoomed in, every label reads, and at 1:1 each stripe is a pixel.
    public static func largePicture(size: PixelSize = largeSize) -> Bitmap {
        let width = max(size.width, 100), height = max(size.height, 100)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { buffer in
            for y in 0..<height {
                let heavyRow = y % 500 < 3, lineRow = y % 100 == 0, fineRow = y % 20 == 0
                for x in 0..<width {
                    let offset = (y * width + x) * 4
                    var r = 235 - y * 60 / height, g = 228 - (x + y) * 30 / (width + height), b = 200 + x * 50 / width
                    if heavyRow || x % 500 < 3 {
                        (r, g, b) = (40, 40, 120)
                    } else if lineRow || x % 100 == 0 {
                        (r, g, b) = (90, 90, 90)
                    } else if fineRow || x % 20 == 0 {
                        (r, g, b) = (r - 50, g - 50, b - 50)
                    }
                    buffer[offset] = UInt8(clamping: r)
                    buffer[offset + 1] = UInt8(clamping: g)
                    buffer[offset + 2] = UInt8(clamping: b)
                }
            }
        }
        var bitmap = Bitmap(width: width, height: height, pixels: pixels)
        let ink = RGBA(r: 20, g: 20, b: 20), blue = RGBA(r: 30, g: 30, b: 160)
        // Each 100-pixel square says where it is, small.
        for top in stride(from: 0, to: height, by: 100) {
            for left in stride(from: 0, to: width, by: 100) {
                bitmap.drawText("C\(left / 100)R\(top / 100)", x: left + 24, y: top + 44, scale: 1, color: ink)
            }
        }
        // Each heavy crossing its coordinates, larger.
        for top in stride(from: 0, to: height, by: 500) {
            for left in stride(from: 0, to: width, by: 500) {
                bitmap.drawText("X\(left) Y\(top)", x: left + 8, y: top + 8, scale: 3, color: blue)
            }
        }
        // A ruler of stripes one, two and three pixels wide across the middle.
        let rulerTop = height / 2 + 60
        for x in 0..<width {
            let period = x < width / 3 ? 2 : (x < 2 * width / 3 ? 4 : 6)
            let dark = x % period < period / 2
            bitmap.fill(x: x, y: rulerTop, width: 1, height: 30, color: dark ? RGBA(r: 0, g: 0, b: 0) : RGBA(r: 255, g: 255, b: 255))
        }
        let title = "LARGE PICTURE \(width)X\(height) - ZOOM IN TO READ THE SMALL LABELS"
        // As large as fits in nine tenths of the width: a glyph advances six dots.
        let titleScale = max(1, width * 9 / 10 / (title.count * 6))
        let titleSize = Bitmap.textSize(title, scale: titleScale)
        bitmap.drawText(title, x: (width - titleSize.width) / 2, y: height / 6, scale: titleScale, color: RGBA(r: 160, g: 20, b: 20))
        let centre = "CENTRE"
        let centreSize = Bitmap.textSize(centre, scale: 4)
        bitmap.fill(x: width / 2 - centreSize.width / 2 - 6, y: height / 2 - 40, width: centreSize.width + 12, height: 40,
                    color: RGBA(r: 255, g: 255, b: 255))
        bitmap.drawText(centre, x: width / 2 - centreSize.width / 2, y: height / 2 - 34, scale: 4, color: ink)
        return bitmap
    }

    /// ``largePicture(size:)`` as JPEG bytes, encoded once and then read from `directory` like
    /// ``jpeg(number:size:quality:directory:)``.
    public static func largeJPEG(size: PixelSize = largeSize, directory: URL? = nil) throws(ImagingError) -> Data {
        let folder = directory ?? defaultDirectory(ProcessInfo.processInfo.environment)
        let file = folder.appendingPathComponent("large-v\(largeVersion)-\(size.width)x\(size.height)-q90.jpg")
        if let cached = try? Data(contentsOf: file), (try? ImageDecoder.probe(cached))?.size == size {
            return cached
        }
        let data = try ImageEncoder.jpeg(largePicture(size: size), quality: 90)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
        return data
    }
}
