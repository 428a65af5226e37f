import CAVIF
import CGIF
import CWebP
import Foundation

/// One frame for `ImageEncoder.gif`: palette indices of a rectangle of the screen.
package struct GIFFrame: Sendable {
    /// One index into the palette per pixel, rows top to bottom.
    package var indices: [UInt8]
    package var rect: PixelRect
    /// Hundredths of a second.
    package var delay: Int
    /// 0 unspecified, 1 keep, 2 clear to transparent, 3 restore the previous picture.
    package var disposal: Int
    package var transparentIndex: Int?

    package init(indices: [UInt8], rect: PixelRect, delay: Int, disposal: Int = 1, transparentIndex: Int? = nil) {
        self.indices = indices
        self.rect = rect
        self.delay = delay
        self.disposal = disposal
        self.transparentIndex = transparentIndex
    }
}

/// The encoders of the formats the demo shows besides JPEG and PNG: WebP (libwebp), AVIF (libavif)
/// and animated GIF (giflib). Only demo data and tests need them.
extension ImageEncoder {
    /// A lossy WebP of `bitmap` (alpha kept) at `quality` 0...100.
    package static func webp(_ bitmap: Bitmap, quality: Float = 80) throws(ImagingError) -> Data {
        try CodecLibrary.webp.load()
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = bitmap.pixels.withUnsafeBufferPointer { pixels in
            cwebp_encode_rgba(pixels.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height), bitmap.width * 4,
                              quality, &output, &size)
        }
        guard status == CWEBP_OK, let output else { throw .encodingFailed("libwebp could not encode \(bitmap.size)") }
        defer { cwebp_free(output) }
        return Data(bytes: output, count: size)
    }

    /// A 4:2:0 AVIF of `bitmap` at AV1 quantizer `quantizer` (0 best ... 63) and encoder `speed` (0...10).
    package static func avif(_ bitmap: Bitmap, quantizer: Int = 28, speed: Int = 9) throws(ImagingError) -> Data {
        try CodecLibrary.avif.load()
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let opaque = stride(from: 3, to: bitmap.pixels.count, by: 4).allSatisfy { bitmap.pixels[$0] == 255 }
        let status = bitmap.pixels.withUnsafeBufferPointer { pixels in
            cavif_encode_rgba(pixels.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height), bitmap.width * 4,
                              Int32(quantizer), Int32(speed), opaque ? 1 : 0, &output, &size)
        }
        guard status == CAVIF_OK, let output else { throw .encodingFailed("libavif could not encode \(bitmap.size)") }
        defer { cavif_free(output) }
        return Data(bytes: output, count: size)
    }

    /// An animated GIF of `frames` on a `size` screen with one global `palette` (RGB triples).
    package static func gif(
        size: PixelSize, palette: [UInt8], frames: [GIFFrame], loopCount: Int = 0
    ) throws(ImagingError) -> Data {
        try CodecLibrary.gif.load()
        let colours = palette.count / 3
        guard (2...256).contains(colours) else { throw .encodingFailed("a GIF palette of \(colours) colours") }
        guard let encoder = cgif_encoder_create(UInt32(size.width), UInt32(size.height), palette, Int32(colours), Int32(loopCount)) else {
            throw .encodingFailed("giflib could not start a GIF")
        }
        for frame in frames {
            guard frame.indices.count == frame.rect.width * frame.rect.height else {
                var output: UnsafeMutablePointer<UInt8>?
                var count = 0
                _ = cgif_encoder_finish(encoder, &output, &count)
                cgif_free(output)
                throw .encodingFailed("a frame's indices do not fill \(frame.rect.width)x\(frame.rect.height)")
            }
            let status = cgif_encoder_add_frame(
                encoder, frame.indices, UInt32(frame.rect.x), UInt32(frame.rect.y), UInt32(frame.rect.width),
                UInt32(frame.rect.height), Int32(frame.delay), Int32(frame.disposal), Int32(frame.transparentIndex ?? -1)
            )
            guard status == CGIF_OK else {
                var output: UnsafeMutablePointer<UInt8>?
                var count = 0
                _ = cgif_encoder_finish(encoder, &output, &count)
                cgif_free(output)
                throw .encodingFailed("giflib could not write a frame")
            }
        }
        var output: UnsafeMutablePointer<UInt8>?
        var count = 0
        guard cgif_encoder_finish(encoder, &output, &count) == CGIF_OK, let output else {
            throw .encodingFailed("giflib could not finish the GIF")
        }
        defer { cgif_free(output) }
        return Data(bytes: output, count: count)
    }
}
