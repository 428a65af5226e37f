import Foundation
import Imaging

/// Generated pictures for `--demo` that let a person judge a renderer: smooth gradients (banding
/// shows), a zone plate of rings getting finer towards the edge (aliasing shows), a colour wheel,
/// grey steps, 1-8 px checkers and lines of small text (blur shows), with the picture's number
/// large. The same number always gives the same picture; each number has its own colours.
///
/// ```swift
/// let jpeg = try DemoPictures.jpeg(number: 3, size: PixelSize(width: 1200, height: 900))  // cached on disk
/// ```
public enum DemoPictures {
    /// Bumped whenever the drawing changes, so cached encodings of older drawings are not used.
    static let version = 2

    /// Picture `number` (any integer) at `size`.
    public static func picture(number: Int, size: PixelSize) -> Bitmap {
        let width = max(size.width, 1), height = max(size.height, 1)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let hue = Double((number * 67) % 360)
        pixels.withUnsafeMutableBufferPointer { buffer in
            // Background: a diagonal gradient between two hues of this picture.
            for y in 0..<height {
                let v = Double(y) / Double(height)
                for x in 0..<width {
                    let u = Double(x) / Double(width)
                    let color = hsv(hue + 90 * u, 0.55 + 0.3 * v, 0.35 + 0.6 * (1 - v * 0.5) * (0.6 + 0.4 * u))
                    put(color, x, y, width, buffer)
                }
            }
            let short = min(width, height)
            // A zone plate: concentric rings whose frequency reaches one cycle per two pixels at the rim.
            let plateRadius = short / 4
            let plateX = width / 4, plateY = height / 3
            let k = Double.pi / (2 * Double(max(plateRadius, 1)))
            for dy in -plateRadius...plateRadius {
                for dx in -plateRadius...plateRadius where dx * dx + dy * dy <= plateRadius * plateRadius {
                    let level = UInt8(127.5 + 127.5 * cos(k * Double(dx * dx + dy * dy)))
                    put(RGBA(r: level, g: level, b: level), plateX + dx, plateY + dy, width, height, buffer)
                }
            }
            // A colour wheel: hue by angle, saturation by distance from the centre.
            let wheelRadius = short / 5
            let wheelX = width * 3 / 4, wheelY = height / 3
            for dy in -wheelRadius...wheelRadius {
                for dx in -wheelRadius...wheelRadius where dx * dx + dy * dy <= wheelRadius * wheelRadius {
                    let angle = atan2(Double(dy), Double(dx)) * 180 / .pi + 180
                    let saturation = (Double(dx * dx + dy * dy)).squareRoot() / Double(max(wheelRadius, 1))
                    put(hsv(angle, saturation, 1), wheelX + dx, wheelY + dy, width, height, buffer)
                }
            }
            // A hue ramp and grey steps along the bottom.
            let band = max(2, height / 14)
            for y in (height - 2 * band)..<(height - band) where y >= 0 {
                for x in 0..<width { put(hsv(360 * Double(x) / Double(width), 1, 1), x, y, width, buffer) }
            }
            for y in (height - band)..<height where y >= 0 {
                for x in 0..<width {
                    let level = UInt8(min(255, (x * 16 / width) * 17))
                    put(RGBA(r: level, g: level, b: level), x, y, width, buffer)
                }
            }
            // Checkers of 1, 2, 4 and 8 pixels.
            let patch = max(8, short / 10)
            for (index, square) in [1, 2, 4, 8].enumerated() {
                let left = width / 2 - 2 * patch + index * patch, top = height * 5 / 8
                for y in top..<(top + patch) {
                    for x in left..<(left + patch) {
                        let light = ((x - left) / square + (y - top) / square) % 2 == 0
                        let level: UInt8 = light ? 240 : 16
                        put(RGBA(r: level, g: level, b: level), x, y, width, height, buffer)
                    }
                }
            }
        }
        var bitmap = Bitmap(width: width, height: height, pixels: pixels)
        // Lines of fine text, and the number large.
        let white = RGBA(r: 255, g: 255, b: 255), black = RGBA(r: 0, g: 0, b: 0)
        let textScale = max(1, height / 450)
        let lines = ["THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG 0123456789",
                     "PICTURE \(number) - \(width)X\(height) - ZONE PLATE, HUE WHEEL, CHECKERS 1/2/4/8 PX"]
        for (index, line) in lines.enumerated() {
            let y = height * 5 / 8 + max(8, min(width, height) / 10) + 6 + index * 9 * textScale
            bitmap.drawText(line, x: width / 20 + 1, y: y + 1, scale: textScale, color: black)
            bitmap.drawText(line, x: width / 20, y: y, scale: textScale, color: white)
        }
        let label = "\(number)"
        let scale = max(1, height / 36)
        let labelSize = Bitmap.textSize(label, scale: scale)
        let labelX = (width - labelSize.width) / 2, labelY = height / 12
        let shadow = max(1, scale / 3)
        bitmap.drawText(label, x: labelX + shadow, y: labelY + shadow, scale: scale, color: black)
        bitmap.drawText(label, x: labelX, y: labelY, scale: scale, color: white)
        return bitmap
    }

    /// Picture `number` at `size` as JPEG bytes, encoded once and then read from `directory`
    /// (default: `$XDG_CACHE_HOME/workbench-demo` or `~/.cache/workbench-demo`), so a demo does
    /// not draw and encode its pictures at every start. A damaged cached file is made again.
    public static func jpeg(
        number: Int, size: PixelSize, quality: Int = 85, directory: URL? = nil
    ) throws(ImagingError) -> Data {
        let folder = directory ?? defaultDirectory(ProcessInfo.processInfo.environment)
        let file = folder.appendingPathComponent("v\(version)-\(number)-\(size.width)x\(size.height)-q\(quality).jpg")
        if let cached = try? Data(contentsOf: file), (try? ImageDecoder.probe(cached))?.size == size {
            return cached
        }
        let data = try ImageEncoder.jpeg(picture(number: number, size: size), quality: quality)
        // The cache only saves time: a directory that cannot be written costs an encode next time.
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
        return data
    }

    /// Where encoded pictures are kept between runs.
    static func defaultDirectory(_ environment: [String: String]) -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("workbench-demo", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSTemporaryDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache/workbench-demo", isDirectory: true)
    }

    private static func put(_ color: RGBA, _ x: Int, _ y: Int, _ width: Int, _ buffer: UnsafeMutableBufferPointer<UInt8>) {
        let offset = (y * width + x) * 4
        buffer[offset] = color.r
        buffer[offset + 1] = color.g
        buffer[offset + 2] = color.b
        buffer[offset + 3] = 255
    }

    private static func put(
        _ color: RGBA, _ x: Int, _ y: Int, _ width: Int, _ height: Int, _ buffer: UnsafeMutableBufferPointer<UInt8>
    ) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        put(color, x, y, width, buffer)
    }

    /// A colour from hue (degrees), saturation and value (0...1).
    private static func hsv(_ hue: Double, _ saturation: Double, _ value: Double) -> RGBA {
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
        let s = min(max(saturation, 0), 1), v = min(max(value, 0), 1)
        let c = v * s
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let m = v - c
        let (r, g, b): (Double, Double, Double) =
            switch Int(h) {
            case 0: (c, x, 0)
            case 1: (x, c, 0)
            case 2: (0, c, x)
            case 3: (0, x, c)
            case 4: (x, 0, c)
            default: (c, 0, x)
            }
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, ((value + m) * 255).rounded()))) }
        return RGBA(r: byte(r), g: byte(g), b: byte(b))
    }
}
