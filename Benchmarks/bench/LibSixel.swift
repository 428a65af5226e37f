import CSixel
import Imaging

/// libsixel (the encoder behind `img2sixel`) in this process, through the `CSixel` shim: the
/// yardstick our own `SixelEncoder` is measured against.
enum LibSixel {
    /// libsixel's status when it failed.
    struct Failure: Error {
        let status: Int32
    }

    /// `bitmap` as one DCS sixel sequence with up to `colors` palette colours (alpha over black).
    static func encode(_ bitmap: Bitmap, colors: Int = 256) throws -> [UInt8] {
        guard bitmap.width > 0, bitmap.height > 0 else { return [] }
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = bitmap.pixels.withUnsafeBufferPointer { pixels in
            csixel_encode_rgba(pixels.baseAddress, Int32(bitmap.width), Int32(bitmap.height),
                               Int32(max(2, min(256, colors))), &output, &length)
        }
        guard status == 0, let output else { throw Failure(status: status) }
        defer { csixel_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }
}
