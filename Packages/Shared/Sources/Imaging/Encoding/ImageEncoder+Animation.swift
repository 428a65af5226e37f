import Foundation

extension ImageEncoder {
    /// A GIF of `frames` full-screen frames on a `size` screen, frame `n` a gradient with a bright
    /// band at a place of its own, so every frame differs from the one before in every row: the
    /// worst case for a player, which must decode the whole screen each time. For tests and `bench`.
    package static func bandGIF(
        size: PixelSize, frames: Int, delayCentiseconds: Int, loopCount: Int = 0
    ) throws(ImagingError) -> Data {
        var palette: [UInt8] = []
        for level in 0..<256 { palette += [UInt8(level), UInt8(level / 2), UInt8(255 - level)] }
        let whole = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        let band = max(1, size.width / max(1, frames))
        let list = (0..<frames).map { frame in
            var indices = [UInt8](repeating: 0, count: size.area)
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let lit = x / band == frame
                    indices[y * size.width + x] = lit ? 255 : UInt8((x + y) * 200 / max(1, size.width + size.height))
                }
            }
            return GIFFrame(indices: indices, rect: whole, delay: delayCentiseconds, disposal: 1)
        }
        return try gif(size: size, palette: palette, frames: list, loopCount: loopCount)
    }
}
