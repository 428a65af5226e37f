import CJPEG

extension JPEGDecoder {
    /// Decodes the upright `region` at `size`: libjpeg scales by n/8 (the least that still covers
    /// `size`), skips the rows above the region, produces only the block columns it covers and stops
    /// after its last row; the part is then resampled exactly.
    static func decodeRegion(
        _ bytes: UnsafeRawBufferPointer, region: PixelRect, size: PixelSize, pixelLimit: Int
    ) throws(ImagingError) -> Bitmap {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { throw .truncated }
        try CodecLibrary.jpeg.load()
        guard let decoder = cjpeg_decoder_create() else { throw .corrupt("out of memory") }
        defer { cjpeg_decoder_destroy(decoder) }

        try check(cjpeg_read_header(decoder, base, bytes.count), decoder)
        let stored = PixelSize(width: Int(cjpeg_image_width(decoder)), height: Int(cjpeg_image_height(decoder)))
        try ImageDecoder.checkPixelLimit(stored, limit: pixelLimit)
        // A turned picture: decode the stored pixels under the region, then turn them.
        let orientation = try exifOrientation(decoder)
        let part = orientation.storedRect(of: region, storedSize: stored)
        let target = orientation.stored(size)

        let colour = try Colour(decoder)
        defer { colour.release() }

        let numerator = try reduction(decoder, stored: stored, part: part, covering: target)
        var width: UInt32 = 0
        var height: UInt32 = 0
        try check(cjpeg_start(decoder, numerator, 8, &width, &height), decoder)
        defer { cjpeg_abort(decoder) }
        let scaledWidth = Double(width) / Double(stored.width), scaledHeight = Double(height) / Double(stored.height)
        // The region in the scaled picture, rounded out to whole pixels.
        let left = Int((Double(part.x) * scaledWidth).rounded(.down))
        let right = min(Int(width), max(left + 1, Int((Double(part.x + part.width) * scaledWidth).rounded(.up))))
        let top = Int((Double(part.y) * scaledHeight).rounded(.down))
        let bottom = min(Int(height), max(top + 1, Int((Double(part.y + part.height) * scaledHeight).rounded(.up))))

        var cropX = UInt32(left)
        var cropWidth = UInt32(right - left)
        try check(cjpeg_crop_columns(decoder, &cropX, &cropWidth), decoder)
        if top > 0 { try check(cjpeg_skip_rows(decoder, UInt32(top)), decoder) }

        let source = PixelSize(width: right - left, height: bottom - top)
        var (bitmap, _) = try readRows(decoder, count: source.height, rowWidth: Int(cropWidth),
                                       skipping: left - Int(cropX), source: source, to: target, cmyk: colour.cmyk)
        try colour.finish(&bitmap)
        return bitmap.oriented(orientation)
    }

    /// The smallest n in 1...8 whose n/8 scale gives the stored `part` at least `target` pixels.
    private static func reduction(
        _ decoder: OpaquePointer, stored: PixelSize, part: PixelRect, covering target: PixelSize
    ) throws(ImagingError) -> UInt32 {
        for numerator in UInt32(1)...7 {
            var width: UInt32 = 0
            var height: UInt32 = 0
            try check(cjpeg_scaled_size(decoder, numerator, 8, &width, &height), decoder)
            let partWidth = Double(part.width) * Double(width) / Double(stored.width)
            let partHeight = Double(part.height) * Double(height) / Double(stored.height)
            if partWidth >= Double(target.width), partHeight >= Double(target.height) { return numerator }
        }
        return 8
    }
}
