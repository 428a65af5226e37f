/// One pixel: red, green, blue and alpha, 8 bits each.
public struct RGBA: Sendable, Hashable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
}

/// A decoded picture: `width` x `height` pixels, RGBA8, rows top to bottom, no padding.
public struct Bitmap: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes, RGBA per pixel.
    public var pixels: [UInt8]

    /// Wraps `pixels`; the count must be exactly `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0, "negative bitmap size")
        precondition(pixels.count == width * height * 4, "pixel buffer does not match \(width)x\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A bitmap of one colour.
    public init(width: Int, height: Int, filledWith color: RGBA) {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for offset in stride(from: 0, to: pixels.count, by: 4) {
            pixels[offset] = color.r
            pixels[offset + 1] = color.g
            pixels[offset + 2] = color.b
            pixels[offset + 3] = color.a
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The bytes this bitmap holds in memory: the cost a memory cache charges for it.
    public var byteCount: Int { pixels.count }

    /// The pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> RGBA {
        get {
            let offset = (y * width + x) * 4
            return RGBA(r: pixels[offset], g: pixels[offset + 1], b: pixels[offset + 2], a: pixels[offset + 3])
        }
        set {
            let offset = (y * width + x) * 4
            pixels[offset] = newValue.r
            pixels[offset + 1] = newValue.g
            pixels[offset + 2] = newValue.b
            pixels[offset + 3] = newValue.a
        }
    }
}

extension Bitmap {
    /// The pixel at column `x`, row `y`, with labels: `bitmap[x: 3, y: 4]` (same as `bitmap[3, 4]`).
    public subscript(x x: Int, y y: Int) -> RGBA {
        get { self[x, y] }
        set { self[x, y] = newValue }
    }
}
