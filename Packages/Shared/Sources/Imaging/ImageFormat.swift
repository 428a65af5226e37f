/// The encoded formats Imaging reads and writes.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg
    case png
    case webp
    case gif
    case avif
    case heic

    /// The MIME type servers send for this format.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .gif: "image/gif"
        case .avif: "image/avif"
        case .heic: "image/heic"
        }
    }
}

/// What the header of an encoded image says, read without decoding its pixels.
public struct ImageInfo: Sendable, Hashable {
    /// JPEG, PNG, WebP, GIF, AVIF or HEIC.
    public var format: ImageFormat
    /// Width of the picture upright (after its Exif or `irot`/`imir` turn), in pixels.
    public var width: Int
    /// Height of the picture upright, in pixels.
    public var height: Int

    /// Header facts of one image.
    public init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// `width` x `height`.
    public var size: PixelSize { PixelSize(width: width, height: height) }
}
