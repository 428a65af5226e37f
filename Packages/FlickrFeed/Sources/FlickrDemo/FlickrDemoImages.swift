import FlickrFeed
import Foundation
import Imaging

/// The pictures of the demo stream: one JPEG per photo and size, a colour of its own and its number
/// written on it, in the photo's shape (landscape, portrait, square or panorama).
public enum FlickrDemoImages {
    /// The JPEG of photo `number` at `size`.
    public static func jpeg(number: Int, size: PhotoSize) throws(ImagingError) -> Data {
        let (width, height) = FlickrDemoStream.pixelSize(of: number, at: size)
        let hue = Double((number * 37) % 360)
        var bitmap = Bitmap(width: width, height: height, filledWith: color(hue: hue, lightness: 0.55))
        let band = max(1, height / 6)
        bitmap.fill(
            x: 0, y: height - band, width: width, height: band, color: color(hue: hue + 180, lightness: 0.3))
        let scale = max(1, min(width, height) / 40)
        bitmap.drawText(
            "#\(number)", x: max(1, width / 10), y: max(1, height / 3), scale: scale,
            color: RGBA(r: 255, g: 255, b: 255))
        bitmap.drawText(
            size.rawValue.uppercased(), x: max(1, width / 10), y: max(1, height / 3) + 9 * scale,
            scale: max(1, scale / 2), color: RGBA(r: 20, g: 20, b: 20))
        return try ImageEncoder.jpeg(bitmap, quality: 80)
    }

    private static func color(hue: Double, lightness: Double) -> RGBA {
        let h = hue.truncatingRemainder(dividingBy: 360) / 60
        let c = (1 - abs(2 * lightness - 1)) * 0.7
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let m = lightness - c / 2
        let (r, g, b): (Double, Double, Double) =
            switch Int(h) {
            case 0: (c, x, 0)
            case 1: (x, c, 0)
            case 2: (0, c, x)
            case 3: (0, x, c)
            case 4: (x, 0, c)
            default: (c, 0, x)
            }
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value + m) * 255))) }
        return RGBA(r: byte(r), g: byte(g), b: byte(b))
    }
}
