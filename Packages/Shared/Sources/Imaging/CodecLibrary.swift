import CAVIF
import CExif
import CGIF
import CHEIF
import CJPEG
import CLCMS
import CPNG
import CWebP
import ErrorReporting

/// A C library behind the formats, opened at the first picture that needs it.
///
/// None is linked: a process maps only the ones its pictures needed (`lookup` none at all, a
/// gallery of JPEGs libjpeg alone), not libavif and libheif with the forty AV1 and HEVC libraries
/// they bring at every start. One that is not installed is a typed error, never a crash.
public enum CodecLibrary: String, Sendable, Hashable, CaseIterable {
    case jpeg
    case png
    case webp
    case gif
    case avif
    case heif
    /// libexif: the Orientation tag of a JPEG's or WebP's Exif block.
    case exif
    /// Little CMS: embedded ICC profiles and code points to sRGB.
    case lcms

    /// What the library gives, as an error names it: "AVIF support" (in Russian as it reads after
    /// "Для": "поддержки AVIF").
    public var feature: LocalizedText {
        switch self {
        case .jpeg: LocalizedText(en: "JPEG support", ru: "поддержки JPEG")
        case .png: LocalizedText(en: "PNG support", ru: "поддержки PNG")
        case .webp: LocalizedText(en: "WebP support", ru: "поддержки WebP")
        case .gif: LocalizedText(en: "GIF support", ru: "поддержки GIF")
        case .avif: LocalizedText(en: "AVIF support", ru: "поддержки AVIF")
        case .heif: LocalizedText(en: "HEIC support", ru: "поддержки HEIC")
        case .exif: LocalizedText(en: "Reading Exif orientation", ru: "чтения ориентации из Exif")
        case .lcms: LocalizedText(en: "Colour management", ru: "управления цветом")
        }
    }

    /// The shared objects it opens, by soname.
    package var sonames: [String] {
        switch self {
        case .jpeg: [CJPEG_LIBRARY]
        case .png: [CPNG_LIBRARY]
        case .webp: [CWEBP_LIBRARY, CWEBP_DEMUX_LIBRARY]
        case .gif: [CGIF_LIBRARY]
        case .avif: [CAVIF_LIBRARY]
        case .heif: [CHEIF_LIBRARY]
        case .exif: [CEXIF_LIBRARY]
        case .lcms: [CLCMS_LIBRARY]
        }
    }

    /// The Debian 12 packages that install them.
    public var packages: [String] {
        switch self {
        case .jpeg: ["libjpeg62-turbo"]
        case .png: ["libpng16-16"]
        case .webp: ["libwebp7", "libwebpdemux2"]
        case .gif: ["libgif7"]
        case .avif: ["libavif15"]
        case .heif: ["libheif1"]
        case .exif: ["libexif12"]
        case .lcms: ["liblcms2-2"]
        }
    }

    /// The packages as a sentence names them: "libwebp7 and libwebpdemux2".
    var packageList: String { packages.joined(separator: " and ") }

    /// Opens the library unless it is open already (then this costs an atomic read).
    /// - Throws: `.libraryMissing` when it cannot be opened, with the loader's reason.
    func load() throws(ImagingError) {
        guard let failure = open() else { return }
        throw .libraryMissing(self, reason: String(cString: failure))
    }

    private func open() -> UnsafePointer<CChar>? {
        switch self {
        case .jpeg: cjpeg_load()
        case .png: cpng_load()
        case .webp: cwebp_load()
        case .gif: cgif_load()
        case .avif: cavif_load()
        case .heif: cheif_load()
        case .exif: cexif_load()
        case .lcms: clcms_load()
        }
    }
}
