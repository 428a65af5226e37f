import CAVIF

/// AVIF through libavif (with whichever AV1 decoder it was built with): the container is parsed
/// under our limits, the first image decoded to RGBA8, scaled, then turned by its `irot`/`imir`,
/// then converted to sRGB by its ICC profile or `nclx` code points.
enum AVIFDecoder {
    /// A parsed container; the caller destroys `decoder`.
    struct Opened {
        let decoder: OpaquePointer
        let storedSize: PixelSize
        let frames: Int
        let orientation: ImageOrientation
    }

    /// Parses the boxes; nil limits leave libavif's own (a probe only reads the header).
    static func open(
        _ bytes: UnsafeRawBufferPointer, pixelLimit: Int?, frameLimit: Int?
    ) throws(ImagingError) -> Opened {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { throw .truncated }
        try CodecLibrary.avif.load()
        var status = CAVIF_OK
        let pixels = UInt32(clamping: pixelLimit ?? Int(UInt32.max))
        // One past our own limit: then the count we refuse is ours, with our message.
        let frames = UInt32(clamping: (frameLimit ?? 0) == 0 ? 0 : frameLimit! + 1)
        guard let decoder = cavif_decoder_create(base, bytes.count, pixels, frames, &status) else {
            throw .corrupt("out of memory")
        }
        guard status == CAVIF_OK else {
            let message = String(cString: cavif_decoder_message(decoder))
            cavif_decoder_destroy(decoder)
            throw error(status, message: message, frameLimit: frameLimit)
        }
        let rotation = Int(cavif_rotation(decoder))
        let mirror = Int(cavif_mirror(decoder))
        return Opened(
            decoder: decoder,
            storedSize: PixelSize(width: Int(cavif_width(decoder)), height: Int(cavif_height(decoder))),
            frames: Int(cavif_frame_count(decoder)),
            orientation: ImageOrientation(quarterTurnsAnticlockwise: rotation < 0 ? nil : rotation,
                                          mirrorMode: mirror < 0 ? nil : mirror)
        )
    }

    static func decode(
        _ bytes: UnsafeRawBufferPointer, maxSize: PixelSize?, pixelLimit: Int
    ) throws(ImagingError) -> DecodedImage {
        let opened = try open(bytes, pixelLimit: pixelLimit, frameLimit: ImageDecoder.frameLimit)
        defer { cavif_decoder_destroy(opened.decoder) }
        let stored = opened.storedSize
        try ImageDecoder.checkPixelLimit(stored, limit: pixelLimit)
        try ImageDecoder.checkAnimation(frames: opened.frames, totalPixels: opened.frames * stored.area, pixelLimit: pixelLimit)
        let upright = opened.orientation.upright(stored)
        let target = opened.orientation.stored(maxSize.map { upright.shrunk(toFit: $0) } ?? upright)

        let stride = stored.width * 4
        var status = CAVIF_OK
        var duration = 0.0
        let pixels = [UInt8](unsafeUninitializedCapacity: stride * stored.height) { buffer, initialized in
            status = cavif_next_frame(opened.decoder, buffer.baseAddress, stride, &duration)
            initialized = status == CAVIF_OK ? buffer.count : 0
        }
        guard status == CAVIF_OK else {
            throw error(status, message: String(cString: cavif_decoder_message(opened.decoder)), frameLimit: nil)
        }
        let full = Bitmap(width: stored.width, height: stored.height, pixels: pixels)
        let scaled = target == stored ? full : full.resized(to: target, filter: .automatic)
        var bitmap = scaled.oriented(opened.orientation)
        try convertColour(&bitmap, decoder: opened.decoder)
        return DecodedImage(
            bitmap: bitmap,
            info: ImageInfo(format: .avif, width: upright.width, height: upright.height),
            codecSize: stored, orientation: opened.orientation,
            largestBufferBytes: full.byteCount + (target == stored ? 0 : scaled.byteCount)
        )
    }

    /// `bitmap` to sRGB as the file tells its colour: by its ICC profile when it has one, else by
    /// its code points (`nclx`, or the AV1 stream's), which most AVIFs carry instead.
    static func convertColour(_ bitmap: inout Bitmap, decoder: OpaquePointer) throws(ImagingError) {
        var iccCount = 0
        if let icc = cavif_icc(decoder, &iccCount) {
            try ColorManagement.convertToSRGB(&bitmap, icc: icc, count: iccCount)
            return
        }
        try ColorManagement.convertToSRGB(&bitmap, codePoints: codePoints(decoder))
    }

    /// The code points of the file's `nclx` box, or of its AV1 stream.
    static func codePoints(_ decoder: OpaquePointer) -> ColorManagement.CodePoints {
        var primaries: UInt16 = 0
        var transfer: UInt16 = 0
        cavif_cicp(decoder, &primaries, &transfer)
        return ColorManagement.CodePoints(primaries: Int(primaries), transfer: Int(transfer))
    }

    private static func error(_ status: cavif_status, message: String, frameLimit: Int?) -> ImagingError {
        switch status {
        case CAVIF_TRUNCATED: .truncated
        case CAVIF_UNSUPPORTED: .unsupported("AVIF: \(message)")
        case CAVIF_NO_MEMORY: .corrupt("out of memory")
        case CAVIF_TOO_LARGE where message.contains("imageCountLimit"):
            .animationTooLarge(frames: (frameLimit ?? 0) + 1, frameLimit: frameLimit ?? 0)
        case CAVIF_TOO_LARGE: .corrupt("libavif refused the size: \(message)")
        default: .corrupt(message)
        }
    }
}
