import CLCMS
import Locking

extension ColorManagement {
    /// A picture's colour told by code points (ITU-T H.273, "CICP"), as an AVIF's or HEIC's `nclx`
    /// box tells it instead of an ICC profile: which primaries (and white), and which transfer.
    ///
    /// Converted to sRGB like an embedded profile, from a matrix-shaper profile Little CMS builds
    /// of the primaries' chromaticities and a tone curve:
    /// - primaries: BT.709 and unspecified are sRGB's own; BT.470 M and B/G, BT.601 (SMPTE 170M and
    ///   240M), generic film, BT.2020, DCI-P3, Display P3 and EBU 3213 are converted; CIE XYZ
    ///   (ST 428) and unknown values leave the picture as decoded.
    /// - transfer: sRGB and unspecified are sRGB; the BT.709 family (BT.709, BT.601, SMPTE 240M,
    ///   BT.2020 at 10 and 12 bits, BT.1361, xvYCC) is shown with the sRGB curve, as Chrome shows
    ///   it (its camera curve's inverse would make pictures lighter than any browser shows them);
    ///   linear, gamma 2.2 and gamma 2.8 are pure powers.
    /// - PQ and HLG are HDR: showing them on an sRGB terminal needs tone mapping, not a profile,
    ///   so such pictures are left as decoded, as are the log curves and unknown values.
    struct CodePoints: Hashable, Sendable {
        /// ColourPrimaries (H.273 table 2).
        let primaries: Int
        /// TransferCharacteristics (H.273 table 3).
        let transfer: Int
    }

    /// `bitmap` converted to sRGB from the space `codePoints` describe, in place; untouched when
    /// they say sRGB, HDR or something unknown.
    static func convertToSRGB(_ bitmap: inout Bitmap, codePoints: CodePoints) throws(ImagingError) {
        guard let transform = try transform(for: codePoints) else { return }
        apply(transform.pointer, to: &bitmap)
    }

    /// The transform for `codePoints`, built once per source space and kept for the process: an
    /// animation's frames, and every picture from the same camera, share it.
    static func transform(for codePoints: CodePoints) throws(ImagingError) -> Transform? {
        guard let space = RGBSpace(codePoints) else { return nil }
        try CodecLibrary.lcms.load()
        return transforms.withLock { cache in
            if let built = cache[space] { return built }
            let p = space.chromaticities
            let pointer = clcms_transform_create_rgb(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], space.exponent)
            let built = pointer.map(Transform.init)
            cache[space] = built
            return built
        }
    }

    /// A Little CMS transform that lives as long as the process: Little CMS applies one
    /// transform from many threads at once (each call keeps its own cache).
    final class Transform: @unchecked Sendable {
        // @unchecked: the pointer is never written after init and the transform is only read.
        let pointer: OpaquePointer

        init(_ pointer: OpaquePointer) {
            self.pointer = pointer
        }
    }

    /// The transforms built so far; the keys are the few spaces `RGBSpace` knows, so it stays small.
    private static let transforms = LockedValue<[RGBSpace: Transform?]>([:])

    /// An RGB space the code points name: chromaticities of red, green, blue and white (x, y), and
    /// the exponent of a pure power curve (0 for the sRGB curve).
    private struct RGBSpace: Hashable {
        let chromaticities: [Double]
        let exponent: Double

        /// Nil for sRGB itself (nothing to convert), HDR, and code points not known here.
        init?(_ codePoints: CodePoints) {
            guard let chromaticities = Self.primaries(codePoints.primaries),
                  let exponent = Self.exponent(codePoints.transfer) else { return nil }
            guard chromaticities != Self.srgb || exponent != 0 else { return nil }
            self.chromaticities = chromaticities
            self.exponent = exponent
        }

        private static let d65 = [0.3127, 0.3290]
        private static let illuminantC = [0.310, 0.316]
        private static let srgb = [0.640, 0.330, 0.300, 0.600, 0.150, 0.060] + d65

        private static func primaries(_ code: Int) -> [Double]? {
            switch code {
            // Reserved, BT.709, unspecified: pictures that say nothing are sRGB, as browsers take them.
            case 0, 1, 2, 3: srgb
            case 4: [0.67, 0.33, 0.21, 0.71, 0.14, 0.08] + illuminantC
            case 5: [0.64, 0.33, 0.29, 0.60, 0.15, 0.06] + d65
            case 6, 7: [0.630, 0.340, 0.310, 0.595, 0.155, 0.070] + d65
            case 8: [0.681, 0.319, 0.243, 0.692, 0.145, 0.049] + illuminantC
            case 9: [0.708, 0.292, 0.170, 0.797, 0.131, 0.046] + d65
            case 11: [0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.314, 0.351]
            case 12: [0.680, 0.320, 0.265, 0.690, 0.150, 0.060] + d65
            case 22: [0.630, 0.340, 0.295, 0.605, 0.155, 0.077] + d65
            default: nil
            }
        }

        private static func exponent(_ code: Int) -> Double? {
            switch code {
            // Reserved, unspecified, sRGB, and the BT.709 family (see CodePoints).
            case 0, 1, 2, 3, 6, 7, 11, 12, 13, 14, 15: 0
            case 4: 2.2
            case 5: 2.8
            case 8: 1
            // PQ and HLG (HDR), the log curves, ST 428 and unknown values.
            default: nil
            }
        }
    }
}
