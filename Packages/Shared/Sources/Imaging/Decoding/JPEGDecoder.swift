import CJPEG
import CLCMS

/// JPEG through libjpeg-turbo's libjpeg API, with the error shim in CJPEG.
enum JPEGDecoder {
    /// Rows handed to libjpeg per call when streaming into the resampler.
    static let rowsPerBatch = 16

    static func decode(
        _ bytes: UnsafeRawBufferPointer, maxSize: PixelSize?, pixelLimit: Int
    ) throws(ImagingError) -> DecodedImage {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { throw .truncated }
        try CodecLibrary.jpeg.load()
        guard let decoder = cjpeg_decoder_create() else { throw .corrupt("out of memory") }
        defer { cjpeg_decoder_destroy(decoder) }

        try check(cjpeg_read_header(decoder, base, bytes.count), decoder)
        let size = PixelSize(width: Int(cjpeg_image_width(decoder)), height: Int(cjpeg_image_height(decoder)))
        try ImageDecoder.checkPixelLimit(size, limit: pixelLimit)
        let orientation = try exifOrientation(decoder)
        let upright = orientation.upright(size)
        // The cell bounds the upright picture: scale the stored one to the turned target, then turn.
        let target = orientation.stored(maxSize.map { upright.shrunk(toFit: $0) } ?? upright)

        let colour = try Colour(decoder)
        defer { colour.release() }
        let cmyk = colour.cmyk

        let numerator = try largestReduction(decoder, covering: target)
        var width: UInt32 = 0
        var height: UInt32 = 0
        try check(cjpeg_start(decoder, numerator, 8, &width, &height), decoder)
        let codecSize = PixelSize(width: Int(width), height: Int(height))

        var bitmap: Bitmap
        let largest: Int
        if codecSize == target {
            bitmap = try readDirectly(decoder, size: codecSize, cmyk: cmyk)
            largest = bitmap.byteCount
        } else {
            (bitmap, largest) = try readResampled(decoder, from: codecSize, to: target, cmyk: cmyk)
        }
        try check(cjpeg_finish(decoder), decoder)
        let converted = try colour.finish(&bitmap)
        var decoded = DecodedImage(
            bitmap: bitmap.oriented(orientation),
            info: ImageInfo(format: .jpeg, width: upright.width, height: upright.height),
            codecSize: codecSize, orientation: orientation, largestBufferBytes: largest
        )
        // A CMYK file is left to no other decoder: the inks' conversion is ours.
        decoded.isVerbatim = orientation == .up && codecSize == size && !converted && !colour.isCMYK
        return decoded
    }

    /// The file's ICC profile, and for CMYK the conversion of its inks to RGB: set up after the
    /// header, released with ``release()``.
    struct Colour {
        var icc: UnsafeMutablePointer<UInt8>?
        var iccCount: Int
        var cmyk: OpaquePointer?
        var isCMYK: Bool

        init(_ decoder: OpaquePointer) throws(ImagingError) {
            isCMYK = cjpeg_is_cmyk(decoder) != 0
            iccCount = cjpeg_icc(decoder, &icc)
            // CMYK with a profile: libjpeg hands the inks over and Little CMS makes them RGB; without
            // one the shim's plain formula does.
            do {
                cmyk = isCMYK
                    ? try ColorManagement.transform(
                        icc: icc, count: iccCount,
                        input: cjpeg_cmyk_inverted(decoder) != 0 ? CLCMS_INPUT_CMYK_INVERTED : CLCMS_INPUT_CMYK
                    )
                    : nil
            } catch {
                cjpeg_free(icc)
                throw error
            }
            if cmyk != nil { cjpeg_keep_cmyk(decoder, 1) }
        }

        func release() {
            cjpeg_free(icc)
            if let cmyk { clcms_transform_destroy(cmyk) }
        }

        /// Makes the decoded pixels sRGB: CMYK rows were converted as they came, the rest here.
        /// True when any pixel was converted (the bytes are then no longer the file's own colours).
        @discardableResult
        func finish(_ bitmap: inout Bitmap) throws(ImagingError) -> Bool {
            guard !isCMYK else { return cmyk != nil }
            return try ColorManagement.convertToSRGB(&bitmap, icc: icc, count: iccCount)
        }
    }

    /// The Orientation tag of the APP1 segment libjpeg kept, read by libexif.
    static func exifOrientation(_ decoder: OpaquePointer) throws(ImagingError) -> ImageOrientation {
        var exif: UnsafePointer<UInt8>?
        var count = 0
        guard cjpeg_exif(decoder, &exif, &count) != 0 else { return .up }
        return try ImageOrientation.read(exif: exif, count: count)
    }

    /// The smallest n in 1...8 whose n/8 scale still gives at least `target` in both directions.
    private static func largestReduction(_ decoder: OpaquePointer, covering target: PixelSize) throws(ImagingError) -> UInt32 {
        for numerator in UInt32(1)...7 {
            var width: UInt32 = 0
            var height: UInt32 = 0
            try check(cjpeg_scaled_size(decoder, numerator, 8, &width, &height), decoder)
            if Int(width) >= target.width && Int(height) >= target.height { return numerator }
        }
        return 8
    }

    /// Full size (or a scale that lands exactly on the target): libjpeg writes straight into the bitmap.
    private static func readDirectly(
        _ decoder: OpaquePointer, size: PixelSize, cmyk: OpaquePointer?
    ) throws(ImagingError) -> Bitmap {
        let stride = size.width * 4
        var status = CJPEG_OK
        var rowsRead: UInt32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: stride * size.height) { buffer, initialized in
            status = cjpeg_read_rows(decoder, buffer.baseAddress, stride, UInt32(size.height), &rowsRead)
            if let cmyk, status == CJPEG_OK {
                clcms_transform_apply(cmyk, buffer.baseAddress, buffer.baseAddress, Int(rowsRead) * size.width)
            }
            // On failure the rows are not all written: hand back nothing rather than garbage.
            initialized = status == CJPEG_OK && Int(rowsRead) == size.height ? buffer.count : 0
        }
        try check(status, decoder)
        guard pixels.count == stride * size.height else { throw .truncated }
        return Bitmap(width: size.width, height: size.height, pixels: pixels)
    }

    /// Streams batches of rows into the resampler: only a batch and the output are ever held.
    private static func readResampled(
        _ decoder: OpaquePointer, from source: PixelSize, to target: PixelSize, cmyk: OpaquePointer?
    ) throws(ImagingError) -> (Bitmap, Int) {
        try readRows(decoder, count: source.height, rowWidth: source.width, skipping: 0, source: source, to: target,
                     cmyk: cmyk)
    }

    /// Reads `count` rows of `rowWidth` pixels in batches and streams the `source.width` pixels after
    /// the first `skipping` of each into a resampler to `target`; returns the picture and the most
    /// pixel memory held at once.
    static func readRows(
        _ decoder: OpaquePointer, count: Int, rowWidth: Int, skipping: Int, source: PixelSize, to target: PixelSize,
        cmyk: OpaquePointer?
    ) throws(ImagingError) -> (Bitmap, Int) {
        // A JPEG has no alpha: every row comes out opaque.
        var resampler = Resampler(from: source, to: target, filter: .automatic, opaque: true)
        let stride = rowWidth * 4
        var batch = [UInt8](repeating: 0, count: stride * rowsPerBatch)
        var remaining = count
        while remaining > 0 {
            var rowsRead: UInt32 = 0
            let status = batch.withUnsafeMutableBufferPointer { buffer in
                cjpeg_read_rows(decoder, buffer.baseAddress, stride, UInt32(min(rowsPerBatch, remaining)), &rowsRead)
            }
            try check(status, decoder)
            guard rowsRead > 0 else { throw .truncated }
            if let cmyk {
                batch.withUnsafeMutableBufferPointer { buffer in
                    clcms_transform_apply(cmyk, buffer.baseAddress, buffer.baseAddress, Int(rowsRead) * rowWidth)
                }
            }
            batch.withUnsafeBufferPointer { buffer in
                for row in 0..<Int(rowsRead) { resampler.consume(row: buffer.baseAddress! + row * stride + skipping * 4) }
            }
            remaining -= Int(rowsRead)
        }
        let bitmap = resampler.finish()
        return (bitmap, batch.count + resampler.workingBytes + bitmap.byteCount)
    }

    static func check(_ status: cjpeg_status, _ decoder: OpaquePointer) throws(ImagingError) {
        switch status {
        case CJPEG_OK: return
        case CJPEG_TRUNCATED: throw .truncated
        case CJPEG_UNSUPPORTED: throw .unsupported(String(cString: cjpeg_decoder_message(decoder)))
        case CJPEG_NO_MEMORY: throw .corrupt("out of memory: \(String(cString: cjpeg_decoder_message(decoder)))")
        default: throw .corrupt(String(cString: cjpeg_decoder_message(decoder)))
        }
    }
}
