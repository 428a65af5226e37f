import Foundation

extension ImageDecoder {
    /// Decodes only `region` of a picture, at `size`: what a zoomed view shows, made without the
    /// full-size picture when the codec allows it.
    ///
    /// A JPEG is decoded by libjpeg-turbo from the rows and block columns the region covers
    /// (`jpeg_skip_scanlines`, `jpeg_crop_scanline`), scaled by n/8 in the inverse DCT to the least
    /// that still covers `size`, then resampled exactly. A still WebP is cropped and scaled by
    /// libwebp. Every other format (and an animation's first frame) is decoded whole and cropped:
    /// a caller that asks often keeps that decode (see ``ZoomSource``).
    ///
    /// ```swift
    /// // The middle 400x300 pixels of a 4000x3000 photo, at 200x150.
    /// let part = try ImageDecoder.decodeRegion(jpeg, region: PixelRect(x: 1800, y: 1350, width: 400, height: 300),
    ///                                          size: PixelSize(width: 200, height: 150))
    /// ```
    /// - Parameters:
    ///   - data: the file's bytes, in any format ``decode(_:maxSize:pixelLimit:)`` reads.
    ///   - region: the picture's upright pixels to decode; clamped to the picture.
    ///   - size: the size of the result (the region is stretched to it: keep the same shape).
    ///   - pixelLimit: as for ``decode(_:maxSize:pixelLimit:)``.
    public static func decodeRegion(
        _ data: Data, region: PixelRect, size: PixelSize, pixelLimit: Int = defaultPixelLimit
    ) throws(ImagingError) -> Bitmap {
        let target = PixelSize(width: max(1, size.width), height: max(1, size.height))
        let header = try probe(data)
        try checkPixelLimit(header.size, limit: pixelLimit)
        let area = region.intersection(PixelRect(x: 0, y: 0, width: header.width, height: header.height))
        guard area.width > 0, area.height > 0 else { throw .corrupt("the region \(region) is outside the picture") }
        let decoded: Bitmap? = try withRegionBytes(of: data) { bytes throws(ImagingError) in
            switch header.format {
            case .jpeg: try JPEGDecoder.decodeRegion(bytes, region: area, size: target, pixelLimit: pixelLimit)
            case .webp: try WebPDecoder.decodeRegion(bytes, region: area, size: target, pixelLimit: pixelLimit)
            default: nil
            }
        }
        if let decoded { return decoded }
        return try decode(data, pixelLimit: pixelLimit).cropped(to: area).resized(to: target)
    }

    /// True when ``decodeRegion(_:region:size:pixelLimit:)`` decodes only the region of pictures
    /// in `format`; false when it decodes the whole picture each time.
    public static func decodesRegions(of format: ImageFormat) -> Bool {
        format == .jpeg || format == .webp
    }

    private static func withRegionBytes<T>(
        of data: Data, _ body: (UnsafeRawBufferPointer) throws(ImagingError) -> T
    ) throws(ImagingError) -> T {
        try data.withUnsafeBytes { bytes in Result { () throws(ImagingError) in try body(bytes) } }.get()
    }
}

extension ImageOrientation {
    /// Where the upright pixel (`x`, `y`) of a picture stored `storedWidth` x `storedHeight` is stored.
    @inline(__always)
    func storedPosition(_ x: Int, _ y: Int, storedWidth w: Int, storedHeight h: Int) -> (Int, Int) {
        switch self {
        case .up: (x, y)
        case .upMirrored: (w - 1 - x, y)
        case .down: (w - 1 - x, h - 1 - y)
        case .downMirrored: (x, h - 1 - y)
        case .leftMirrored: (y, x)
        case .right: (y, h - 1 - x)
        case .rightMirrored: (w - 1 - y, h - 1 - x)
        case .left: (w - 1 - y, x)
        }
    }

    /// The stored pixels that hold the upright pixels of `rect`, for a picture stored at `stored`.
    func storedRect(of rect: PixelRect, storedSize stored: PixelSize) -> PixelRect {
        let first = storedPosition(rect.x, rect.y, storedWidth: stored.width, storedHeight: stored.height)
        let last = storedPosition(rect.x + rect.width - 1, rect.y + rect.height - 1,
                                  storedWidth: stored.width, storedHeight: stored.height)
        let left = min(first.0, last.0), top = min(first.1, last.1)
        return PixelRect(x: left, y: top, width: abs(first.0 - last.0) + 1, height: abs(first.1 - last.1) + 1)
    }
}
