import CPNG

/// PNG through libpng, with the error shim in CPNG: every colour type and depth ends as RGBA8, and
/// an embedded ICC profile (iCCP) is converted to sRGB by Little CMS; without one, a gAMA chunk that
/// is not the sRGB stand-in is honoured with the sRGB primaries, as browsers do.
enum PNGDecoder {
    static func decode(
        _ bytes: UnsafeRawBufferPointer, maxSize: PixelSize?, pixelLimit: Int
    ) throws(ImagingError) -> DecodedImage {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { throw .truncated }
        try CodecLibrary.png.load()
        guard let decoder = cpng_decoder_create(base, bytes.count) else { throw .corrupt("out of memory") }
        defer { cpng_decoder_destroy(decoder) }

        try check(cpng_read_info(decoder), decoder)
        let size = PixelSize(width: Int(cpng_width(decoder)), height: Int(cpng_height(decoder)))
        try ImageDecoder.checkPixelLimit(size, limit: pixelLimit)
        let target = maxSize.map { size.shrunk(toFit: $0) } ?? size
        try check(cpng_start(decoder), decoder)

        var bitmap: Bitmap
        let largest: Int
        if target == size || cpng_is_interlaced(decoder) != 0 {
            // Adam7 delivers the rows in seven passes, so an interlaced image is read whole.
            let full = try readWhole(decoder, size: size)
            bitmap = target == size ? full : full.resized(to: target, filter: .automatic)
            largest = full.byteCount + (target == size ? 0 : bitmap.byteCount)
        } else {
            (bitmap, largest) = try readResampled(decoder, from: size, to: target)
        }
        try check(cpng_finish(decoder), decoder)
        var iccCount = 0
        var converted = false
        if let icc = cpng_icc(decoder, &iccCount) {
            converted = try ColorManagement.convertToSRGB(&bitmap, icc: icc, count: iccCount)
        } else if let profile = try ColorManagement.profile(forFileGamma: cpng_gamma(decoder)) {
            converted = try ColorManagement.convertToSRGB(&bitmap, icc: profile, count: profile.count)
        }
        var decoded = DecodedImage(
            bitmap: bitmap, info: ImageInfo(format: .png, width: size.width, height: size.height),
            codecSize: size, largestBufferBytes: largest
        )
        decoded.isVerbatim = target == size && !converted
        return decoded
    }

    private static func readWhole(_ decoder: OpaquePointer, size: PixelSize) throws(ImagingError) -> Bitmap {
        let stride = size.width * 4
        var status = CPNG_OK
        let pixels = [UInt8](unsafeUninitializedCapacity: stride * size.height) { buffer, initialized in
            status = cpng_read_image(decoder, buffer.baseAddress, stride)
            initialized = status == CPNG_OK ? buffer.count : 0
        }
        try check(status, decoder)
        return Bitmap(width: size.width, height: size.height, pixels: pixels)
    }

    /// Streams rows one by one into the resampler: only one row and the output are ever held.
    private static func readResampled(
        _ decoder: OpaquePointer, from source: PixelSize, to target: PixelSize
    ) throws(ImagingError) -> (Bitmap, Int) {
        var resampler = Resampler(from: source, to: target, filter: .automatic)
        let stride = source.width * 4
        var row = [UInt8](repeating: 0, count: stride)
        for _ in 0..<source.height {
            let status = row.withUnsafeMutableBufferPointer { buffer in
                cpng_read_rows(decoder, buffer.baseAddress, stride, 1)
            }
            try check(status, decoder)
            row.withUnsafeBufferPointer { buffer in resampler.consume(row: buffer.baseAddress!) }
        }
        let bitmap = resampler.finish()
        return (bitmap, row.count + resampler.workingBytes + bitmap.byteCount)
    }

    private static func check(_ status: cpng_status, _ decoder: OpaquePointer) throws(ImagingError) {
        switch status {
        case CPNG_OK: return
        case CPNG_TRUNCATED: throw .truncated
        case CPNG_NO_MEMORY: throw .corrupt("out of memory: \(String(cString: cpng_decoder_message(decoder)))")
        default: throw .corrupt(String(cString: cpng_decoder_message(decoder)))
        }
    }
}
