import Foundation
import Imaging

/// Turns bytes into a bitmap that fits a box. ``StandardImageDecoder`` wraps Imaging.
public protocol ImageDecoding: Sendable {
    /// Decodes `data`, downsampled to fit `targetSize` when one is given, and reports the original size.
    func decode(_ data: Data, fitting targetSize: PixelSize?) throws(ImagingError) -> (bitmap: Bitmap, originalSize: PixelSize)
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
}
