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
                        let (sx, sy) = orientation.storedPosition(x, y, storedWidth: w, storedHeight: h)
                        target[y * size.width + x] = source[sy * w + sx]
                    }
                }
            }
        }
        return Bitmap(width: size.width, height: size.height, pixels: out)
    }
}
