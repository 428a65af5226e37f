import CLCMS

/// Embedded ICC profiles to sRGB through Little CMS, and AVIF's and HEIC's `nclx` code points
/// (`CodePoints`) when they have no profile; a picture that says nothing is taken as sRGB.
///
/// The terminal shows sRGB, so a photo tagged Display P3 or Adobe RGB, or a CMYK print file, comes
/// out in its true colours only after this conversion.
package enum ColorManagement {
    /// A transform from `icc` (of `count` bytes) to sRGB for `input` pixels, or nil when there is
    /// none to make (no profile, a damaged one, another colour space, or sRGB itself). The caller
    /// destroys it with `clcms_transform_destroy`. Little CMS is opened only for a picture with a profile.
    static func transform(
        icc: UnsafePointer<UInt8>?, count: Int, input: clcms_input
    ) throws(ImagingError) -> OpaquePointer? {
        guard let icc, count > 0 else { return nil }
        try CodecLibrary.lcms.load()
        return clcms_transform_create(icc, count, input)
    }

    /// `bitmap` converted from its embedded RGB profile to sRGB, in place; false when there was
    /// nothing to convert (no profile, or sRGB itself).
    ///
    /// Done on the scaled bitmap: converting a thumbnail's pixels rather than a photo's costs a
    /// fraction, and the error of resampling before the conversion is well under a level.
    @discardableResult
    static func convertToSRGB(_ bitmap: inout Bitmap, icc: UnsafePointer<UInt8>?, count: Int) throws(ImagingError) -> Bool {
        guard let transform = try transform(icc: icc, count: count, input: CLCMS_INPUT_RGBA) else { return false }
        defer { clcms_transform_destroy(transform) }
        apply(transform, to: &bitmap)
        return true
    }

    /// `bitmap` through an RGBA `transform`, in place.
    static func apply(_ transform: OpaquePointer, to bitmap: inout Bitmap) {
        let pixels = bitmap.width * bitmap.height
        bitmap.pixels.withUnsafeMutableBufferPointer { buffer in
            clcms_transform_apply(transform, buffer.baseAddress, buffer.baseAddress, pixels)
        }
    }
}

extension ColorManagement {
    /// An ICC profile of Display P3 (P3 primaries, D65 white, the sRGB tone curve), made by Little
    /// CMS: for tests and the demo's wide-gamut picture, which need a profile they may give away.
    /// Empty when Little CMS is not installed.
    package static func displayP3Profile() -> [UInt8] {
        guard (try? CodecLibrary.lcms.load()) != nil else { return [] }
        var count = 0
        guard let buffer = clcms_make_rgb_profile(0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.3127, 0.3290, &count) else {
            return []
        }
        defer { clcms_free(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: count))
    }

    /// A profile for a PNG's gAMA chunk: the sRGB primaries with a pure power curve, the inverse of
    /// the file gamma. Nil for the gamma PNG writers put beside an sRGB picture (1/2.2, which
    /// browsers show as sRGB) and for values no real file carries.
    static func profile(forFileGamma gamma: Double) throws(ImagingError) -> [UInt8]? {
        guard (0.1...10).contains(gamma), abs(gamma - 1 / 2.2) > 0.005 else { return nil }
        try CodecLibrary.lcms.load()
        var count = 0
        guard let buffer = clcms_make_gamma_profile(1 / gamma, &count) else { return nil }
        defer { clcms_free(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: count))
    }

    /// `jpeg` with `profile` in APP2 "ICC_PROFILE" segments right after SOI, as cameras write it.
    package static func embedding(_ profile: [UInt8], in jpeg: [UInt8]) -> [UInt8] {
        let pieces = stride(from: 0, to: profile.count, by: 65_519).map { Array(profile[$0..<min($0 + 65_519, profile.count)]) }
        var out = Array(jpeg.prefix(2))
        for (index, piece) in pieces.enumerated() {
            let length = piece.count + 16
            out += [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)]
            out += Array("ICC_PROFILE".utf8) + [0, UInt8(index + 1), UInt8(pieces.count)] + piece
        }
        return out + jpeg.dropFirst(2)
    }
}
