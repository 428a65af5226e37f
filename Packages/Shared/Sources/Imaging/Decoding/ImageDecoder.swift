import Foundation

/// A decoded picture together with what its header said.
public struct DecodedImage: Sendable {
    /// The pixels, downsampled to fit the size that was asked for.
    public var bitmap: Bitmap
    /// Format and size of the encoded image (before any downsampling).
    public var info: ImageInfo
    /// The size the codec produced before the exact resize (libjpeg scales by n/8 while decoding).
    var codecSize: PixelSize
    /// How the stored pixels were turned to stand upright.
    var orientation: ImageOrientation = .up
    /// The most pixel memory the decode held at once, in bytes: the proof that downsampling
    /// never went through a full-size bitmap.
    var largestBufferBytes: Int
    /// True when `bitmap` is exactly what the file holds: full size, stored upright, no colour
    /// conversion. Any decoder of the format shows the file as this, so it may be passed on as it
    /// is (a terminal that reads PNG or JPEG itself) instead of these pixels.
    public var isVerbatim = false
}

/// Reads JPEG (libjpeg-turbo), PNG (libpng), WebP (libwebp), GIF (giflib), AVIF (libavif) and HEIC (libheif)
/// into upright RGBA8 bitmaps; the format is told from the bytes, never from a name or a header.
///
/// ```swift
/// let info = try ImageDecoder.probe(headerBytes)                 // size without decoding
/// let thumbnail = try ImageDecoder.decode(body, maxSize: PixelSize(width: 160, height: 96))
/// ```
public enum ImageDecoder {
    /// The pixel limit `decode` uses unless told otherwise: 50 megapixels.
    public static let defaultPixelLimit = 50_000_000
    /// The most frames an animation may have: past it the file is refused from its headers.
    public static let frameLimit = 5_000
    /// How many times the pixel limit all frames of an animation may add up to.
    static let animationPixelFactor = 20

    /// Refuses an animation with too many frames, or more pixels in all its frames than
    /// `animationPixelFactor` pictures at the pixel limit, before a frame is decoded.
    static func checkAnimation(frames: Int, totalPixels: Int, pixelLimit: Int) throws(ImagingError) {
        let (budget, overflow) = pixelLimit.multipliedReportingOverflow(by: animationPixelFactor)
        guard frames <= frameLimit, overflow || totalPixels <= budget else {
            throw .animationTooLarge(frames: frames, frameLimit: frameLimit)
        }
    }

    /// Format, width and height from the first bytes of an image, without decoding it.
    ///
    /// A PNG needs its first 24 bytes; a JPEG the bytes up to its frame header (usually a few
    /// hundred). Too few bytes throw `.truncated`.
    public static func probe(_ data: Data) throws(ImagingError) -> ImageInfo {
        try withBytes(of: data) { bytes throws(ImagingError) in try HeaderProbe.probe(bytes) }
    }

    /// Decodes `data` into RGBA8.
    ///
    /// - Parameters:
    ///   - data: the bytes of a JPEG, PNG, WebP, GIF, AVIF or HEIC file, whole (an animation gives its
    ///     first frame).
    ///   - maxSize: when given, the result fits inside it with the image's aspect ratio (never
    ///     enlarged). JPEGs are scaled down by libjpeg while decoding (by n/8, the most that still
    ///     covers the target), then resampled exactly, so a large photo never becomes a full-size
    ///     bitmap on the way to a thumbnail.
    ///   - pixelLimit: images whose header claims more pixels are refused with `.tooLarge` before
    ///     anything is allocated for them (a decompression-bomb guard).
    public static func decode(
        _ data: Data, maxSize: PixelSize? = nil, pixelLimit: Int = defaultPixelLimit
    ) throws(ImagingError) -> Bitmap {
        try decodeImage(data, maxSize: maxSize, pixelLimit: pixelLimit).bitmap
    }

    /// Like `decode`, and also returns the format and the original size from the header.
    public static func decodeImage(
        _ data: Data, maxSize: PixelSize? = nil, pixelLimit: Int = defaultPixelLimit
    ) throws(ImagingError) -> DecodedImage {
        let bound = maxSize.map { PixelSize(width: max($0.width, 1), height: max($0.height, 1)) }
        return try withBytes(of: data) { bytes throws(ImagingError) in
            // The limit is checked from the first header bytes, before a codec even starts: a
            // bomb is refused however little of it arrived.
            let header = try HeaderProbe.probe(bytes)
            try checkPixelLimit(header.size, limit: pixelLimit)
            return switch header.format {
            case .jpeg: try JPEGDecoder.decode(bytes, maxSize: bound, pixelLimit: pixelLimit)
            case .png: try PNGDecoder.decode(bytes, maxSize: bound, pixelLimit: pixelLimit)
            case .webp: try WebPDecoder.decode(bytes, maxSize: bound, pixelLimit: pixelLimit)
            case .gif: try GIFDecoder.decode(bytes, maxSize: bound, pixelLimit: pixelLimit)
            case .avif: try AVIFDecoder.decode(bytes, maxSize: bound, pixelLimit: pixelLimit)
            case .heic: try HEICDecoder.decode(bytes, maxSize: bound, pixelLimit: pixelLimit)
            }
        }
    }

    /// Refuses a size over the limit, from the header, before any pixel buffer exists.
    static func checkPixelLimit(_ size: PixelSize, limit: Int) throws(ImagingError) {
        guard size.width > 0, size.height > 0 else { throw .corrupt("the header gives a size of \(size)") }
        let (area, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        guard !overflow, area <= limit else {
            throw .tooLarge(width: size.width, height: size.height, limit: limit)
        }
    }

    /// Runs `body` over the bytes of `data` without copying, keeping the typed error.
    private static func withBytes<T>(
        of data: Data, _ body: (UnsafeRawBufferPointer) throws(ImagingError) -> T
    ) throws(ImagingError) -> T {
        try data.withUnsafeBytes { bytes in Result { () throws(ImagingError) in try body(bytes) } }.get()
    }
}
