import CGIF

/// GIF through giflib: the frames are scanned (not decoded) first, so a screen or an animation
/// past the limits is refused before anything is allocated; then the first frame is composed on
/// the logical screen with its transparency, and scaled to the target.
enum GIFDecoder {
    static func decode(
        _ bytes: UnsafeRawBufferPointer, maxSize: PixelSize?, pixelLimit: Int
    ) throws(ImagingError) -> DecodedImage {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { throw .truncated }
        let info = try scan(base, count: bytes.count, pixelLimit: pixelLimit)
        try CodecLibrary.gif.load()
        let screen = PixelSize(width: Int(info.width), height: Int(info.height))
        let target = maxSize.map { screen.shrunk(toFit: $0) } ?? screen

        var status = CGIF_OK
        guard let decoder = cgif_decoder_create(base, bytes.count, &status) else { throw error(status, message: "") }
        defer { cgif_decoder_destroy(decoder) }
        var delay: Int32 = 0
        status = cgif_next_frame(decoder, &delay)
        guard status == CGIF_OK else {
            throw error(status == CGIF_END ? CGIF_CORRUPT : status, message: String(cString: cgif_decoder_message(decoder)))
        }
        let canvas = Bitmap(
            width: screen.width, height: screen.height,
            pixels: Array(UnsafeBufferPointer(start: cgif_canvas(decoder), count: screen.area * 4))
        )
        let bitmap = target == screen ? canvas : canvas.resized(to: target, filter: .automatic)
        return DecodedImage(
            bitmap: bitmap, info: ImageInfo(format: .gif, width: screen.width, height: screen.height),
            codecSize: screen, largestBufferBytes: canvas.byteCount * 2 + (target == screen ? 0 : bitmap.byteCount)
        )
    }

    /// The block structure, with every limit checked: the screen, each frame, the frame count and
    /// the pixels of all frames together. Counting stops one past the frame limit, so a file of a
    /// hundred thousand frames costs a scan of its first few thousand.
    static func scan(
        _ base: UnsafePointer<UInt8>, count: Int, pixelLimit: Int
    ) throws(ImagingError) -> cgif_info {
        var info = cgif_info()
        let status = cgif_scan(base, count, UInt32(ImageDecoder.frameLimit), &info)
        guard status == CGIF_OK else { throw error(status, message: "the block structure is broken") }
        try ImageDecoder.checkPixelLimit(PixelSize(width: Int(info.width), height: Int(info.height)), limit: pixelLimit)
        let largest = PixelSize(width: Int(info.largest_frame_width), height: Int(info.largest_frame_height))
        if !largest.isEmpty { try ImageDecoder.checkPixelLimit(largest, limit: pixelLimit) }
        try ImageDecoder.checkAnimation(
            frames: Int(info.frame_count), totalPixels: Int(clamping: info.frame_pixels), pixelLimit: pixelLimit
        )
        guard info.frame_count > 0 else { throw .corrupt("no frame") }
        return info
    }

    private static func error(_ status: cgif_status, message: String) -> ImagingError {
        switch status {
        case CGIF_TRUNCATED: .truncated
        case CGIF_NO_MEMORY: .corrupt("out of memory")
        default: .corrupt(message.isEmpty ? "giflib could not read it" : message)
        }
    }
}
