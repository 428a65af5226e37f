import CWebP

/// WebP through libwebp: a still is scaled by libwebp while it decodes (as `dwebp -scale` does), so a
/// large picture never becomes a full-size bitmap on the way to a cell; an animation gives its
/// first frame composed on the canvas by libwebp's demuxer.
enum WebPDecoder {
    static func decode(
        _ bytes: UnsafeRawBufferPointer, maxSize: PixelSize?, pixelLimit: Int
    ) throws(ImagingError) -> DecodedImage {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { throw .truncated }
        try CodecLibrary.webp.load()
        var info = cwebp_info()
        try check(cwebp_read_info(base, bytes.count, &info), what: "the container")
        let stored = PixelSize(width: Int(info.width), height: Int(info.height))
        try ImageDecoder.checkPixelLimit(stored, limit: pixelLimit)
        let frames = Int(info.frame_count)
        try ImageDecoder.checkAnimation(frames: frames, totalPixels: frames * stored.area, pixelLimit: pixelLimit)
        let orientation = try ImageOrientation.read(exif: info.exif, count: info.exif_size)
        let uprightSize = orientation.upright(stored)
        let target = orientation.stored(maxSize.map { uprightSize.shrunk(toFit: $0) } ?? uprightSize)

        let bitmap: Bitmap
        let codecSize: PixelSize
        let largest: Int
        if info.is_animated == 0 {
            bitmap = try decodeStill(base, count: bytes.count, size: target)
            codecSize = target
            largest = bitmap.byteCount
        } else {
            let canvas = try firstFrame(base, count: bytes.count, canvas: stored)
            bitmap = target == stored ? canvas : canvas.resized(to: target, filter: .automatic)
            codecSize = stored
            largest = canvas.byteCount + (target == stored ? 0 : bitmap.byteCount)
        }
        var upright = bitmap.oriented(orientation)
        try ColorManagement.convertToSRGB(&upright, icc: info.icc, count: info.icc_size)
        return DecodedImage(
            bitmap: upright,
            info: ImageInfo(format: .webp, width: uprightSize.width, height: uprightSize.height),
            codecSize: codecSize, orientation: orientation, largestBufferBytes: largest
        )
    }

    /// libwebp decodes straight into the bitmap, scaling with its own rescaler when `size` is smaller.
    private static func decodeStill(
        _ base: UnsafePointer<UInt8>, count: Int, size: PixelSize
    ) throws(ImagingError) -> Bitmap {
        let stride = size.width * 4
        var status = CWEBP_OK
        let pixels = [UInt8](unsafeUninitializedCapacity: stride * size.height) { buffer, initialized in
            status = cwebp_decode_still(base, count, buffer.baseAddress, stride, UInt32(size.width), UInt32(size.height))
            initialized = status == CWEBP_OK ? buffer.count : 0
        }
        try check(status, what: "the picture")
        return Bitmap(width: size.width, height: size.height, pixels: pixels)
    }

    private static func firstFrame(
        _ base: UnsafePointer<UInt8>, count: Int, canvas: PixelSize
    ) throws(ImagingError) -> Bitmap {
        guard let animation = cwebp_animation_create(base, count) else { throw .corrupt("libwebp refused the animation") }
        defer { cwebp_animation_destroy(animation) }
        let stride = canvas.width * 4
        var status = CWEBP_OK
        var timestamp: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: stride * canvas.height) { buffer, initialized in
            status = cwebp_animation_next(animation, buffer.baseAddress, stride, &timestamp)
            initialized = status == CWEBP_OK ? buffer.count : 0
        }
        try check(status, what: "the first frame")
        return Bitmap(width: canvas.width, height: canvas.height, pixels: pixels)
    }

    static func check(_ status: cwebp_status, what: String) throws(ImagingError) {
        switch status {
        case CWEBP_OK: return
        case CWEBP_TRUNCATED: throw .truncated
        case CWEBP_UNSUPPORTED: throw .unsupported("WebP: libwebp cannot decode \(what)")
        case CWEBP_NO_MEMORY: throw .corrupt("out of memory decoding \(what)")
        default: throw .corrupt("libwebp could not decode \(what)")
        }
    }
}
