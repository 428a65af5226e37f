/// A size in pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// Columns of pixels.
    public var width: Int
    /// Rows of pixels.
    public var height: Int

    /// A size of `width` x `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Number of pixels: `width * height`.
    public var area: Int { width * height }

    /// True when either side is zero or negative.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// `WIDTHxHEIGHT`, as in `1200x900`.
    public var description: String { "\(width)x\(height)" }

    /// The largest size with this aspect ratio that fits inside `bounds`, never smaller than 1x1.
    ///
    /// Scales up as well as down; the side that limits the scale equals the bound exactly.
    ///
    /// ```swift
    /// PixelSize(width: 4000, height: 3000).aspectFit(in: PixelSize(width: 160, height: 160))  // 160x120
    /// ```
    public func aspectFit(in bounds: PixelSize) -> PixelSize {
        guard !isEmpty, !bounds.isEmpty else { return PixelSize(width: max(bounds.width, 0), height: max(bounds.height, 0)) }
        // Compare width/height ratios without floating point: w * bh vs h * bw.
        if width * bounds.height >= height * bounds.width {
            let fittedHeight = (height * bounds.width + width / 2) / width
            return PixelSize(width: bounds.width, height: min(bounds.height, max(1, fittedHeight)))
        }
        let fittedWidth = (width * bounds.height + height / 2) / height
        return PixelSize(width: min(bounds.width, max(1, fittedWidth)), height: bounds.height)
    }

    /// This size when it already fits inside `bounds`, else the largest same-shaped size that does.
    public func shrunk(toFit bounds: PixelSize) -> PixelSize {
        guard width > bounds.width || height > bounds.height else { return self }
        return aspectFit(in: bounds)
    }
}

/// A rectangle of pixels: origin at the top left, `x` to the right, `y` down.
public struct PixelRect: Sendable, Hashable {
    /// Left edge, in pixels from the left of the bitmap.
    public var x: Int
    /// Top edge, in pixels from the top of the bitmap.
    public var y: Int
    /// Columns covered.
    public var width: Int
    /// Rows covered.
    public var height: Int

    /// The rectangle of `width` x `height` pixels whose top-left pixel is at `x`, `y`.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The part of this rectangle inside `other`; empty (zero size) when they do not overlap.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(x + width, other.x + other.width)
        let bottom = min(y + height, other.y + other.height)
        guard right > left, bottom > top else { return PixelRect(x: left, y: top, width: 0, height: 0) }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
