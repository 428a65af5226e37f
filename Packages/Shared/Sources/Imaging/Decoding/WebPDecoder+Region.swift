import CWebP

extension WebPDecoder {
    /// Decodes the upright `region` of a still WebP at `size` with libwebp's cropping and scaling;
    /// nil for an animation (its first frame is composed on the whole canvas: decode it whole).
    static func decodeRegion(
        _ bytes: UnsafeRawBufferPointer, region: PixelRect, size: PixelSize, pixelLimit: Int
    ) throws(ImagingError) -> Bitmap? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { throw .truncated }
        try CodecLibrary.webp.load()
        var info = cwebp_info()
        try check(cwebp_read_info(base, bytes.count, &info), what: "the container")
        guard info.is_animated == 0 else { return nil }
        let stored = PixelSize(width: Int(info.width), height: Int(info.height))
        try ImageDecoder.checkPixelLimit(stored, limit: pixelLimit)
        let orientation = try ImageOrientation.read(exif: info.exif, count: info.exif_size)
        var part = orientation.storedRect(of: region, storedSize: stored)
        // libwebp crops a lossy picture from even positions: start one pixel earlier when odd.
        if part.x % 2 == 1 { part = PixelRect(x: part.x - 1, y: part.y, width: part.width + 1, height: part.height) }
        if part.y % 2 == 1 { part = PixelRect(x: part.x, y: part.y - 1, width: part.width, height: part.height + 1) }
        let target = orientation.stored(size)
        let stride = target.width * 4
        var status = CWEBP_OK
        let pixels = [UInt8](unsafeUninitializedCapacity: stride * target.height) { buffer, initialized in
            status = cwebp_decode_region(
                base, bytes.count, buffer.baseAddress, stride, UInt32(part.x), UInt32(part.y),
                UInt32(part.width), UInt32(part.height), UInt32(target.width), UInt32(target.height))
            initialized = status == CWEBP_OK ? buffer.count : 0
        }
        try check(status, what: "the region")
        var upright = Bitmap(width: target.width, height: target.height, pixels: pixels).oriented(orientation)
        try ColorManagement.convertToSRGB(&upright, icc: info.icc, count: info.icc_size)
        return upright
    }
}
