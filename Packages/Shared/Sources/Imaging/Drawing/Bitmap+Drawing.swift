extension Bitmap {
    /// Paints `rect` (clipped to the bitmap) with `color`, replacing what was there.
    public mutating func fill(_ rect: PixelRect, color: RGBA) {
        let area = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard area.width > 0, area.height > 0 else { return }
        let rowWidth = width
        pixels.withUnsafeMutableBufferPointer { buffer in
            for y in area.y..<(area.y + area.height) {
                var offset = (y * rowWidth + area.x) * 4
                for _ in 0..<area.width {
                    buffer[offset] = color.r
                    buffer[offset + 1] = color.g
                    buffer[offset + 2] = color.b
                    buffer[offset + 3] = color.a
                    offset += 4
                }
            }
        }
    }

    /// Paints the rectangle at `x`, `y` of `width` x `height` with `color`.
    public mutating func fill(x: Int, y: Int, width: Int, height: Int, color: RGBA) {
        fill(PixelRect(x: x, y: y, width: width, height: height), color: color)
    }

    /// Writes `text` with the built-in 5x7 font, its top-left corner at `x`, `y`, clipped to the bitmap.
    ///
    /// Each glyph is 5x7 dots of `scale` x `scale` pixels, advancing 6 dots; `\n` starts a line
    /// 8 dots lower. Letters are drawn as capitals; a character the font lacks is drawn as `?`.
    ///
    /// - Returns: the rectangle the text occupies (whether or not it was clipped).
    @discardableResult
    public mutating func drawText(_ text: String, x: Int, y: Int, scale: Int = 1, color: RGBA) -> PixelRect {
        let scale = max(scale, 1)
        var column = x
        var row = y
        for character in text {
            if character == "\n" {
                column = x
                row += Font5x7.lineHeight * scale
                continue
            }
            let glyph = Font5x7.glyph(for: character)
            for (line, bits) in glyph.enumerated() {
                for dot in 0..<Font5x7.glyphWidth where bits & (0b10000 >> dot) != 0 {
                    fill(x: column + dot * scale, y: row + line * scale, width: scale, height: scale, color: color)
                }
            }
            column += Font5x7.advance * scale
        }
        let size = Self.textSize(text, scale: scale)
        return PixelRect(x: x, y: y, width: size.width, height: size.height)
    }

    /// The pixels `drawText` covers for `text` at `scale`.
    public static func textSize(_ text: String, scale: Int = 1) -> PixelSize {
        let scale = max(scale, 1)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let longest = lines.map(\.count).max() ?? 0
        guard longest > 0 else { return PixelSize(width: 0, height: lines.count > 1 ? (lines.count - 1) * Font5x7.lineHeight * scale : 0) }
        let width = (longest * Font5x7.advance - 1) * scale
        let height = ((lines.count - 1) * Font5x7.lineHeight + Font5x7.glyphHeight) * scale
        return PixelSize(width: width, height: height)
    }
}
