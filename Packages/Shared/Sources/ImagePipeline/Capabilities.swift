import Foundation
import Imaging

/// Turns bytes into a bitmap that fits a box. ``StandardImageDecoder`` wraps Imaging.
public protocol ImageDecoding: Sendable {
    /// Decodes `data`, downsampled to fit `targetSize` when one is given, and reports the original size.
    func decode(_ data: Data, fitting targetSize: PixelSize?) throws(ImagingError) -> (bitmap: Bitmap, originalSize: PixelSize)
    /// Like `decode`, and also the file itself when the bitmap is exactly its pixels (full size,
    /// upright, no colour conversion), for a screen that can be sent the file.
    func decodeKeepingFile(
        _ data: Data, fitting targetSize: PixelSize?
    ) throws(ImagingError) -> (bitmap: Bitmap, originalSize: PixelSize, file: OriginalFile?)
}

extension ImageDecoding {
    /// A decoder that says nothing of the file keeps none.
    public func decodeKeepingFile(
        _ data: Data, fitting targetSize: PixelSize?
    ) throws(ImagingError) -> (bitmap: Bitmap, originalSize: PixelSize, file: OriginalFile?) {
        let decoded = try decode(data, fitting: targetSize)
        return (decoded.bitmap, decoded.originalSize, nil)
    }
}

/// The production decoder: libjpeg-turbo and libpng through Imaging, with the decompression-bomb guard.
public struct StandardImageDecoder: ImageDecoding {
    public var pixelLimit: Int

    public init(pixelLimit: Int = 50_000_000) {
        self.pixelLimit = pixelLimit
    }

    public func decode(_ data: Data, fitting targetSize: PixelSize?) throws(ImagingError) -> (bitmap: Bitmap, originalSize: PixelSize) {
        let decoded = try ImageDecoder.decodeImage(data, maxSize: targetSize, pixelLimit: pixelLimit)
        return (decoded.bitmap, decoded.info.size)
    }

    /// PNG and JPEG files whose pixels come out as they are stored are kept: the formats the
    /// pixel protocols read themselves (kitty PNG only, iTerm2 both).
    public func decodeKeepingFile(
        _ data: Data, fitting targetSize: PixelSize?
    ) throws(ImagingError) -> (bitmap: Bitmap, originalSize: PixelSize, file: OriginalFile?) {
        let decoded = try ImageDecoder.decodeImage(data, maxSize: targetSize, pixelLimit: pixelLimit)
        let format = decoded.info.format
        let kept = decoded.isVerbatim && (format == .png || format == .jpeg)
        return (decoded.bitmap, decoded.info.size,
                kept ? OriginalFile(data: data, format: format, size: decoded.bitmap.size) : nil)
    }
}
