import ErrorReporting
import Foundation
import Imaging

/// What a screen asks the pipeline for: the picture at `url`, fitted into `targetSize` pixels.
///
/// Two requests for the same URL at different sizes share one download and one disk entry (the
/// original bytes) but have their own decoded bitmap in memory.
public struct ImageRequest: Sendable, Hashable {
    public var url: URL
    /// The box the decoded bitmap must fit into, keeping its aspect ratio; nil keeps the full size.
    public var targetSize: PixelSize?

    public init(url: URL, targetSize: PixelSize? = nil) {
        self.url = url
        self.targetSize = targetSize
    }

    /// The disk cache key: the original bytes are stored once per URL.
    var diskKey: String { url.absoluteString }
}

/// Where a picture came from.
public enum ImageSource: String, Sendable, Codable {
    case memory, disk, network
}

/// A decoded picture and what we know about how it was obtained.
public struct ImageResponse: Sendable {
    /// The picture, downsampled to fit the request's target size.
    public var bitmap: Bitmap
    public var source: ImageSource
    /// The size of the encoded image before downsampling.
    public var originalSize: PixelSize
    /// The size of the encoded image in bytes.
    public var encodedByteCount: Int
    /// Set when the picture is shown but could not be saved for offline use (full disk, read-only
    /// directory). Nothing that was cached before is lost in that case.
    public var storeError: UserFacingError?

    public init(
        bitmap: Bitmap,
        source: ImageSource,
        originalSize: PixelSize,
        encodedByteCount: Int,
        storeError: UserFacingError? = nil
    ) {
        self.bitmap = bitmap
        self.source = source
        self.originalSize = originalSize
        self.encodedByteCount = encodedByteCount
        self.storeError = storeError
    }
}
