import Foundation
import Imaging

/// The demo's animated GIF: the picture once, dithered to a colour cube, then small frames of a
/// spinner turning in its top right corner, each drawn over the last (disposal "keep").
enum DemoAnimation {
    /// 6 levels of red, 7 of green, 6 of blue.
    private static let levels = (r: 6, g: 7, b: 6)
    private static let frameCount = 12

    static func gif(of bitmap: Bitmap) throws(ImagingError) -> Data {
        var palette: [UInt8] = []
        for r in 0..<levels.r {
            for g in 0..<levels.g {
                for b in 0..<levels.b {
                    palette += [UInt8(r * 255 / (levels.r - 1)), UInt8(g * 255 / (levels.g - 1)), UInt8(b * 255 / (levels.b - 1))]
                }
            }
        }
        palette += [UInt8](repeating: 0, count: 256 * 3 - palette.count)
        let whole = PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height)
        var frames = [GIFFrame(indices: quantized(bitmap, whole), rect: whole, delay: 8)]
        let side = max(16, min(bitmap.width, bitmap.height) / 4)
        let region = PixelRect(x: bitmap.width - side - bitmap.width / 40, y: bitmap.height / 20, width: side, height: side)
        for step in 1..<frameCount {
            var frame = bitmap
            drawSpinner(into: &frame, region: region, angle: Double(step) * 2 * .pi / Double(frameCount))
            frames.append(GIFFrame(indices: quantized(frame, region), rect: region, delay: 8))
        }
        return try ImageEncoder.gif(size: bitmap.size, palette: palette, frames: frames)
    }

    /// A dial with one bright hand at `angle`.
    private static func drawSpinner(into bitmap: inout Bitmap, region: PixelRect, angle: Double) {
        let radius = Double(region.width) / 2 - 2
        let cx = Double(region.x) + Double(region.width) / 2, cy = Double(region.y) + Double(region.height) / 2
        for y in region.y..<(region.y + region.height) {
            for x in region.x..<(region.x + region.width) {
                let dx = Double(x) - cx, dy = Double(y) - cy
                let distance = (dx * dx + dy * dy).squareRoot()
                guard distance <= radius else { continue }
                // Distance from the hand: the projection on its direction, and off it.
                let along = dx * cos(angle) + dy * sin(angle)
                let across = abs(-dx * sin(angle) + dy * cos(angle))
                let onHand = along > 0 && across < radius / 10
                bitmap[x, y] = onHand ? RGBA(r: 255, g: 230, b: 40)
                    : distance > radius - 4 ? RGBA(r: 240, g: 240, b: 240) : RGBA(r: 30, g: 40, b: 70)
            }
        }
    }

    /// Palette indices of `rect` of `bitmap`, with a 4x4 ordered dither so gradients do not band.
    private static func quantized(_ bitmap: Bitmap, _ rect: PixelRect) -> [UInt8] {
        let bayer: [Double] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map { ($0 + 0.5) / 16 - 0.5 }
        var indices = [UInt8](repeating: 0, count: rect.width * rect.height)
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                let pixel = bitmap[rect.x + x, rect.y + y]
                let threshold = bayer[(y % 4) * 4 + x % 4]
                func level(_ value: UInt8, _ count: Int) -> Int {
                    let scaled = Double(value) / 255 * Double(count - 1) + threshold
                    return max(0, min(count - 1, Int(scaled.rounded())))
                }
                let index = (level(pixel.r, levels.r) * levels.g + level(pixel.g, levels.g)) * levels.b + level(pixel.b, levels.b)
                indices[y * rect.width + x] = UInt8(index)
            }
        }
        return indices
    }
}
