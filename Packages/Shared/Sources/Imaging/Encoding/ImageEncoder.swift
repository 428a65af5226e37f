import CJPEG
import CPNG
import Foundation

/// The sample layout of a PNG that `ImageEncoder.png(_:options:)` writes.
public enum PNGPixelFormat: Sendable, Hashable, CaseIterable {
    /// 8-bit red, green, blue, alpha (colour type 6): lossless for any bitmap.
    case rgba8
    /// 8-bit red, green, blue (colour type 2): alpha is dropped.
    case rgb8
    /// 8-bit luminance (colour type 0): colour becomes luma, alpha is dropped.
    case gray8
    /// 8-bit luminance and alpha (colour type 4).
    case grayAlpha8
    /// 16-bit red, green, blue, alpha (colour type 6, each byte repeated: v * 257).
    case rgba16
    /// 16-bit luminance (colour type 0).
    case gray16
    /// Indexed colour (colour type 3) with a tRNS chunk for translucent entries, at the smallest
    /// bit depth (1, 2, 4 or 8) that holds the colours. Fails for more than 256 distinct colours.
    case palette
}

/// The colour model of a JPEG the encoder writes.
enum JPEGColorModel {
    case color, gray, cmyk

    var space: cjpeg_encode_space {
        switch self {
        case .color: CJPEG_ENCODE_COLOR
        case .gray: CJPEG_ENCODE_GRAY
        case .cmyk: CJPEG_ENCODE_CMYK
        }
    }
}

/// How to write a PNG.
public struct PNGEncodingOptions: Sendable, Hashable {
    /// Colour type and bit depth of the file.
    public var pixelFormat: PNGPixelFormat
    /// Adam7 interlacing.
    public var interlaced: Bool
    /// zlib level 0 (fastest) ... 9 (smallest); nil for libpng's default.
    public var compressionLevel: Int?

    /// Options for a PNG; the defaults write plain 8-bit RGBA.
    public init(pixelFormat: PNGPixelFormat = .rgba8, interlaced: Bool = false, compressionLevel: Int? = nil) {
        self.pixelFormat = pixelFormat
        self.interlaced = interlaced
        self.compressionLevel = compressionLevel
    }
}

/// Writes bitmaps as JPEG (libjpeg-turbo) and PNG (libpng): the demo server makes its images with it.
///
/// ```swift
/// var card = Bitmap(width: 320, height: 240, filledWith: RGBA(r: 40, g: 90, b: 160))
/// card.drawText("PHOTO 7", x: 8, y: 8, scale: 3, color: RGBA(r: 255, g: 255, b: 255))
/// let body = try ImageEncoder.jpeg(card, quality: 80)
/// ```
public enum ImageEncoder {
    /// A JPEG of `bitmap` (alpha is ignored).
    ///
    /// - Parameters:
    ///   - bitmap: the picture to encode.
    ///   - quality: 1 (smallest) ... 100 (best); clamped.
    ///   - progressive: write a progressive JPEG (several scans of rising detail).
    ///   - grayscale: write one luminance channel instead of colour.
    public static func jpeg(
        _ bitmap: Bitmap, quality: Int = 85, progressive: Bool = false, grayscale: Bool = false
    ) throws(ImagingError) -> Data {
        try jpeg(bitmap, quality: quality, progressive: progressive, model: grayscale ? .gray : .color)
    }

    /// A JPEG in colour, gray, or CMYK (the bitmap's four bytes taken as C, M, Y, K: for tests of the decoder).
    static func jpeg(
        _ bitmap: Bitmap, quality: Int, progressive: Bool, model: JPEGColorModel
    ) throws(ImagingError) -> Data {
        guard !bitmap.size.isEmpty else { throw .encodingFailed("an empty bitmap has no JPEG form") }
        guard bitmap.width <= 65_500, bitmap.height <= 65_500 else {
            throw .encodingFailed("JPEG is limited to 65500 pixels a side, not \(bitmap.size)")
        }
        try CodecLibrary.jpeg.load()
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = bitmap.pixels.withUnsafeBufferPointer { pixels in
            cjpeg_encode(
                pixels.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height), bitmap.width * 4,
                Int32(min(max(quality, 1), 100)), progressive ? 1 : 0, model.space,
                &output, &outputSize, &message, message.count
            )
        }
        guard status == CJPEG_OK, let output else { throw .encodingFailed(Self.text(message)) }
        defer { cjpeg_free(output) }
        return Data(bytes: output, count: outputSize)
    }

    /// An 8-bit RGBA PNG of `bitmap`: decoding it gives back exactly the same pixels.
    public static func png(_ bitmap: Bitmap) throws(ImagingError) -> Data {
        try png(bitmap, options: PNGEncodingOptions())
    }

    /// A PNG of `bitmap` in the layout `options` asks for.
    public static func png(_ bitmap: Bitmap, options: PNGEncodingOptions) throws(ImagingError) -> Data {
        guard !bitmap.size.isEmpty else { throw .encodingFailed("an empty bitmap has no PNG form") }
        try CodecLibrary.png.load()
        let layout = try PNGLayout(bitmap: bitmap, format: options.pixelFormat)
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = layout.rows.withUnsafeBufferPointer { rows in
            layout.palette.withUnsafeBufferPointer { palette in
                layout.transparency.withUnsafeBufferPointer { transparency in
                    cpng_encode(
                        rows.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height), layout.stride,
                        layout.colorType, layout.bitDepth,
                        palette.isEmpty ? nil : palette.baseAddress, Int32(palette.count / 3),
                        transparency.isEmpty ? nil : transparency.baseAddress, Int32(transparency.count),
                        options.interlaced ? 1 : 0, Int32(options.compressionLevel.map { min(max($0, 0), 9) } ?? -1),
                        &output, &outputSize, &message, message.count
                    )
                }
            }
        }
        guard status == CPNG_OK, let output else { throw .encodingFailed(Self.text(message)) }
        defer { cpng_free(output) }
        return Data(bytes: output, count: outputSize)
    }

    private static func text(_ message: [CChar]) -> String {
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return text.isEmpty ? "the codec failed" : text
    }
}
