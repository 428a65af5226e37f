import Foundation

/// A picture's file, kept beside its decoded pixels when they are exactly the file's
/// (``DecodedImage/isVerbatim``): a terminal that reads the format itself may be sent the file
/// as it is, rather than our pixels encoded again.
public struct OriginalFile: Sendable, Hashable {
    /// The file, whole.
    public let data: Data
    /// Its format, read from its bytes.
    public let format: ImageFormat
    /// Its size in pixels, which is the decoded picture's.
    public let size: PixelSize

    public init(data: Data, format: ImageFormat, size: PixelSize) {
        self.data = data
        self.format = format
        self.size = size
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(format)
        hasher.combine(size)
        hasher.combine(data.count)
    }
}
