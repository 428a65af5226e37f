extension Bitmap {
    /// The picture turned upright, for pixels stored in `orientation`.
    ///
    /// ```swift
    /// let upright = stored.oriented(.right)   // a portrait photo taken with the phone turned
    /// ```
    public func oriented(_ orientation: ImageOrientation) -> Bitmap {
        guard orientation != .up else { return self }
        let size = orientation.upright(PixelSize(width: width, height: height))
        let (w, h) = (width, height)
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBytes { source in
            let source = source.bindMemory(to: UInt32.self)
            out.withUnsafeMutableBytes { target in
                let target = target.bindMemory(to: UInt32.self)
                for y in 0..<size.height {
                    for x in 0..<size.width {
                        // Where upright pixel (x, y) is stored.
                        let (sx, sy): (Int, Int) = switch orientation {
                        case .up: (x, y)
                        case .upMirrored: (w - 1 - x, y)
                        case .down: (w - 1 - x, h - 1 - y)
                        case .downMirrored: (x, h - 1 - y)
                        case .leftMirrored: (y, x)
                        case .right: (y, h - 1 - x)
                        case .rightMirrored: (w - 1 - y, h - 1 - x)
                        case .left: (w - 1 - y, x)
                        }
                        target[y * size.width + x] = source[sy * w + sx]
                    }
                }
            }
        }
        return Bitmap(width: size.width, height: size.height, pixels: out)
    }
}
