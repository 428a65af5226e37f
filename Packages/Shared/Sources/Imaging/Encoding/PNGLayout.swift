/// A bitmap's rows packed the way libpng writes one PNG colour type and bit depth.
struct PNGLayout {
    var rows: [UInt8]
    var stride: Int
    var colorType: Int32
    var bitDepth: Int32
    /// RGB triples, for the palette format.
    var palette: [UInt8] = []
    /// Alpha per palette entry, up to the last translucent one.
    var transparency: [UInt8] = []

    init(bitmap: Bitmap, format: PNGPixelFormat) throws(ImagingError) {
        let source = bitmap.pixels
        let count = bitmap.width * bitmap.height
        switch format {
        case .rgba8:
            (rows, stride, colorType, bitDepth) = (source, bitmap.width * 4, 6, 8)
        case .rgb8:
            rows = Self.pack(count, channels: 3) { pixel, out in
                out[0] = source[pixel * 4]; out[1] = source[pixel * 4 + 1]; out[2] = source[pixel * 4 + 2]
            }
            (stride, colorType, bitDepth) = (bitmap.width * 3, 2, 8)
        case .gray8:
            rows = Self.pack(count, channels: 1) { pixel, out in out[0] = Self.luma(source, pixel) }
            (stride, colorType, bitDepth) = (bitmap.width, 0, 8)
        case .grayAlpha8:
            rows = Self.pack(count, channels: 2) { pixel, out in
                out[0] = Self.luma(source, pixel); out[1] = source[pixel * 4 + 3]
            }
            (stride, colorType, bitDepth) = (bitmap.width * 2, 4, 8)
        case .rgba16:
            // Big-endian 16-bit samples; v * 257 repeats the byte, the exact 8-to-16-bit widening.
            rows = Self.pack(count, channels: 8) { pixel, out in
                for channel in 0..<4 {
                    out[channel * 2] = source[pixel * 4 + channel]
                    out[channel * 2 + 1] = source[pixel * 4 + channel]
                }
            }
            (stride, colorType, bitDepth) = (bitmap.width * 8, 6, 16)
        case .gray16:
            rows = Self.pack(count, channels: 2) { pixel, out in
                let value = Self.luma(source, pixel)
                out[0] = value; out[1] = value
            }
            (stride, colorType, bitDepth) = (bitmap.width * 2, 0, 16)
        case .palette:
            (rows, stride, colorType, bitDepth) = ([], 0, 3, 8)
            try packPalette(bitmap)
        }
    }

    private mutating func packPalette(_ bitmap: Bitmap) throws(ImagingError) {
        var indexOf: [UInt32: Int] = [:]
        var colours: [UInt32] = []
        var indices = [Int](repeating: 0, count: bitmap.width * bitmap.height)
        for pixel in 0..<indices.count {
            let offset = pixel * 4
            let key = UInt32(bitmap.pixels[offset]) << 24 | UInt32(bitmap.pixels[offset + 1]) << 16
                | UInt32(bitmap.pixels[offset + 2]) << 8 | UInt32(bitmap.pixels[offset + 3])
            if let index = indexOf[key] {
                indices[pixel] = index
                continue
            }
            guard colours.count < 256 else { throw .encodingFailed("more than 256 colours for a palette PNG") }
            indexOf[key] = colours.count
            indices[pixel] = colours.count
            colours.append(key)
        }
        for colour in colours {
            palette += [UInt8(colour >> 24), UInt8(colour >> 16 & 0xFF), UInt8(colour >> 8 & 0xFF)]
        }
        let alphas = colours.map { UInt8($0 & 0xFF) }
        if let lastTranslucent = alphas.lastIndex(where: { $0 != 255 }) {
            transparency = Array(alphas[...lastTranslucent])
        }
        let depth = colours.count <= 2 ? 1 : colours.count <= 4 ? 2 : colours.count <= 16 ? 4 : 8
        bitDepth = Int32(depth)
        // Indices packed most significant bits first, each row starting on a byte boundary.
        stride = (bitmap.width * depth + 7) / 8
        rows = [UInt8](repeating: 0, count: stride * bitmap.height)
        let perByte = 8 / depth
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let shift = (perByte - 1 - x % perByte) * depth
                rows[y * stride + x / perByte] |= UInt8(indices[y * bitmap.width + x] << shift)
            }
        }
    }

    /// ITU-R BT.601 luma in integers; exact for gray pixels (the weights add to 256).
    private static func luma(_ pixels: [UInt8], _ pixel: Int) -> UInt8 {
        let offset = pixel * 4
        let sum = 77 * Int(pixels[offset]) + 150 * Int(pixels[offset + 1]) + 29 * Int(pixels[offset + 2])
        return UInt8((sum + 128) >> 8)
    }

    private static func pack(
        _ count: Int, channels: Int, _ body: (Int, UnsafeMutableBufferPointer<UInt8>) -> Void
    ) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count * channels) { buffer, initialized in
            for pixel in 0..<count {
                body(pixel, UnsafeMutableBufferPointer(rebasing: buffer[(pixel * channels)..<((pixel + 1) * channels)]))
            }
            initialized = count * channels
        }
    }
}
