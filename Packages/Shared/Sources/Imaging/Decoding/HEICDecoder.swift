import CHEIF

/// HEIC through libheif (with the HEVC decoder Debian builds it with): the container is parsed,
/// its primary image checked against our limits, then decoded upright to RGBA8 (un-premultiplied
/// when stored premultiplied), scaled, and converted to sRGB by its ICC profile or `nclx` code points.
///
/// libheif applies the clean aperture, `irot` and `imir` while it decodes, so the size it reports
/// and the pixels it gives are already upright: unlike AVIF, nothing here turns them again. An
/// Exif Orientation inside a HEIC is ignored, as HEIF says (and browsers do): the boxes rule.
enum HEICDecoder {
    /// A parsed container; the caller destroys `decoder`.
    struct Opened {
        let decoder: OpaquePointer
        let size: PixelSize
    }

    static func open(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) -> Opened {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { throw .truncated }
        try CodecLibrary.heif.load()
        var status = CHEIF_OK
        guard let decoder = cheif_decoder_create(base, bytes.count, &status) else { throw .corrupt("out of memory") }
        guard status == CHEIF_OK else {
            let message = String(cString: cheif_decoder_message(decoder))
            cheif_decoder_destroy(decoder)
            throw error(status, message: message)
        }
        return Opened(decoder: decoder, size: PixelSize(width: Int(cheif_width(decoder)), height: Int(cheif_height(decoder))))
    }

    static func decode(
        _ bytes: UnsafeRawBufferPointer, maxSize: PixelSize?, pixelLimit: Int
    ) throws(ImagingError) -> DecodedImage {
        let opened = try open(bytes)
        defer { cheif_decoder_destroy(opened.decoder) }
        let upright = opened.size
        // The header probe checked the same size; this guards callers that open without it.
        try ImageDecoder.checkPixelLimit(upright, limit: pixelLimit)
        let target = maxSize.map { upright.shrunk(toFit: $0) } ?? upright

        let stride = upright.width * 4
        var status = CHEIF_OK
        let pixels = [UInt8](unsafeUninitializedCapacity: stride * upright.height) { buffer, initialized in
            status = cheif_decode(opened.decoder, buffer.baseAddress, stride)
            initialized = status == CHEIF_OK ? buffer.count : 0
        }
        guard status == CHEIF_OK else {
            throw error(status, message: String(cString: cheif_decoder_message(opened.decoder)))
        }
        let full = Bitmap(width: upright.width, height: upright.height, pixels: pixels)
        var bitmap = target == upright ? full : full.resized(to: target, filter: .automatic)
        try convertColour(&bitmap, decoder: opened.decoder)
        return DecodedImage(
            bitmap: bitmap,
            info: ImageInfo(format: .heic, width: upright.width, height: upright.height),
            codecSize: upright,
            largestBufferBytes: full.byteCount + (target == upright ? 0 : bitmap.byteCount)
        )
    }

    /// `bitmap` to sRGB as the file tells its colour: by its ICC profile when it has one, else by
    /// its `nclx` code points.
    private static func convertColour(_ bitmap: inout Bitmap, decoder: OpaquePointer) throws(ImagingError) {
        var iccCount = 0
        if let icc = cheif_icc(decoder, &iccCount) {
            try ColorManagement.convertToSRGB(&bitmap, icc: icc, count: iccCount)
            return
        }
        var primaries: UInt16 = 0
        var transfer: UInt16 = 0
        guard cheif_cicp(decoder, &primaries, &transfer) != 0 else { return }
        try ColorManagement.convertToSRGB(&bitmap, codePoints: .init(primaries: Int(primaries), transfer: Int(transfer)))
    }

    private static func error(_ status: cheif_status, message: String) -> ImagingError {
        switch status {
        case CHEIF_TRUNCATED: .truncated
        case CHEIF_UNSUPPORTED: .unsupported("HEIC: \(message)")
        case CHEIF_NO_MEMORY: .corrupt("out of memory")
        case CHEIF_TOO_LARGE: .corrupt("libheif refused the size: \(message)")
        default: .corrupt(message)
        }
    }
}
