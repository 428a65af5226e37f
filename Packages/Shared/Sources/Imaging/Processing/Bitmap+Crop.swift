extension Bitmap {
    /// The `rect` pixels of this picture (clamped to it): a copy, or the picture itself when
    /// `rect` covers it.
    public func cropped(to rect: PixelRect) -> Bitmap {
        let area = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard area.width > 0, area.height > 0 else { return Bitmap(width: 0, height: 0, pixels: []) }
        if area.x == 0, area.y == 0, area.width == width, area.height == height { return self }
        var result = [UInt8](repeating: 0, count: area.width * area.height * 4)
        let rowBytes = area.width * 4
        pixels.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { target in
                for row in 0..<area.height {
                    let from = ((area.y + row) * width + area.x) * 4
                    for offset in 0..<rowBytes { target[row * rowBytes + offset] = source[from + offset] }
                }
            }
        }
        return Bitmap(width: area.width, height: area.height, pixels: result)
    }
}
