/// The kind of file each demo picture is served as, so `--demo` shows every decoding path at once.
public enum DemoPictureKind: String, Sendable, CaseIterable {
    /// A lossy WebP.
    case webp
    /// An animated GIF: a spinner turning in one corner, drawn as small frames over the first.
    case animatedGIF
    /// An AVIF still.
    case avif
    /// A JPEG stored on its side with Exif Orientation 6: it shows upright only when the turn is read.
    case rotatedJPEG
    /// A JPEG tagged with a Display P3 ICC profile: its colours are right only after conversion to sRGB.
    case wideGamutJPEG
    /// A PNG whose corners fade to transparent.
    case transparentPNG

    /// The kind of picture `number` (one-based): the six kinds in turn.
    public init(number: Int) {
        let all = Self.allCases
        self = all[((number - 1) % all.count + all.count) % all.count]
    }

    /// The file extension its path ends in.
    public var fileExtension: String {
        switch self {
        case .webp: "webp"
        case .animatedGIF: "gif"
        case .avif: "avif"
        case .rotatedJPEG, .wideGamutJPEG: "jpg"
        case .transparentPNG: "png"
        }
    }

    /// The Content-Type the demo server sends.
    public var mimeType: String {
        switch self {
        case .webp: "image/webp"
        case .animatedGIF: "image/gif"
        case .avif: "image/avif"
        case .rotatedJPEG, .wideGamutJPEG: "image/jpeg"
        case .transparentPNG: "image/png"
        }
    }

    /// The caption written on the picture.
    var caption: String {
        switch self {
        case .webp: "WEBP"
        case .animatedGIF: "ANIMATED GIF"
        case .avif: "AVIF"
        case .rotatedJPEG: "JPEG STORED ON ITS SIDE, EXIF ORIENTATION 6"
        case .wideGamutJPEG: "JPEG WITH A DISPLAY P3 PROFILE"
        case .transparentPNG: "PNG WITH TRANSPARENCY"
        }
    }
}
