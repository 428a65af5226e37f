import ErrorReporting
import Foundation
import Imaging

/// What a screen asks the pipeline for: the picture at `url`, fitted into `targetSize` pixels,
/// with its cache policy and the key it is cached under.
///
/// Two requests for the same key at different sizes share one download and one disk entry (the
/// original bytes) but have their own decoded bitmap in memory.
///
/// ```swift
/// // Pull-to-refresh: download again; the fresh bytes and bitmap replace the cached ones.
/// var request = ImageRequest(url: url, targetSize: cell)
/// request.cachePolicy = .reloadIgnoringCachedData
/// ```
public struct ImageRequest: Sendable, Hashable {
    /// Where the picture comes from, and whether the caches may answer first.
    public enum CachePolicy: Sendable, Hashable {
        /// Memory, then disk, then the network (the default).
        case useCache
        /// The network only; what arrives replaces the cached copy in memory and on disk.
        case reloadIgnoringCachedData
    }

    public var url: URL
    /// The box the decoded bitmap must fit into, keeping its aspect ratio; nil keeps the full size.
    public var targetSize: PixelSize?
    /// Whether the caches may answer.
    public var cachePolicy: CachePolicy
    /// The key the picture is cached under; nil uses the URL. A stable key lets a picture whose
    /// host changes (the demo server's random port) be found again offline.
    public var cacheKey: String?

    public init(url: URL, targetSize: PixelSize? = nil, cachePolicy: CachePolicy = .useCache, cacheKey: String? = nil) {
        self.url = url
        self.targetSize = targetSize
        self.cachePolicy = cachePolicy
        self.cacheKey = cacheKey
    }

    /// The disk cache key: the original bytes are stored once per key.
    var diskKey: String { cacheKey ?? url.absoluteString }

    /// The memory cache key: one decoded bitmap per key and size, whatever the policy.
    var memoryKey: MemoryKey { MemoryKey(key: diskKey, targetSize: targetSize) }
}

/// What the memory cache files a decoded picture under.
struct MemoryKey: Hashable, Sendable {
    var key: String
    var targetSize: PixelSize?
}

/// Where a picture came from.
public enum ImageSource: String, Sendable, Hashable, Codable {
    case memory, disk, network
}

/// A decoded picture and what we know about how it was obtained.
public struct ImageResponse: Sendable, Hashable {
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
