import Caching
import ErrorReporting
import Foundation
import Imaging
import Networking

/// What a screen asks the pipeline for: the picture at `url`, fitted into `targetSize` pixels,
/// with its cache policy and the key it is cached under.
///
/// Two requests for the same key at different sizes share one download and one disk entry (the
/// original bytes) but have their own decoded bitmap in memory.
///
/// ```swift
/// // Pull-to-refresh: ask the server whether the cached picture changed; a new one replaces it.
/// var request = ImageRequest(url: url, targetSize: cell)
/// request.cachePolicy = .revalidate
/// ```
public struct ImageRequest: Sendable, Hashable {
    /// Where the picture comes from, and whether the caches may answer first.
    public enum CachePolicy: Sendable, Hashable {
        /// Memory, then disk, then the network (the default). A disk entry past its freshness is
        /// still returned, marked ``ImageResponse/isStale``: the caller shows it and, online, asks
        /// again with ``revalidate``.
        case useCache
        /// The network, asked with the cached entry's validators (`If-None-Match`,
        /// `If-Modified-Since`): a `304` keeps the cached bytes (and the decoded picture, when memory
        /// has it) and renews their freshness, a `200` replaces them. Without a cached entry or
        /// validators, a plain download.
        case revalidate
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
    /// How soon the download gets one of the client's slots; keep the reference to change it while
    /// the load waits (a cell that came on screen). Not part of the request's identity.
    public var priority: RequestPriority?
    /// Told of the download's progress as its bytes arrive (on the transport's thread: keep it
    /// short); a resumed download counts the part kept. Not part of the request's identity.
    public var progress: (@Sendable (TransferProgress) -> Void)?

    public init(
        url: URL, targetSize: PixelSize? = nil, cachePolicy: CachePolicy = .useCache, cacheKey: String? = nil,
        priority: RequestPriority? = nil
    ) {
        self.url = url
        self.targetSize = targetSize
        self.cachePolicy = cachePolicy
        self.cacheKey = cacheKey
        self.priority = priority
    }

    public static func == (lhs: ImageRequest, rhs: ImageRequest) -> Bool {
        lhs.url == rhs.url && lhs.targetSize == rhs.targetSize && lhs.cachePolicy == rhs.cachePolicy
            && lhs.cacheKey == rhs.cacheKey
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(url)
        hasher.combine(targetSize)
        hasher.combine(cachePolicy)
        hasher.combine(cacheKey)
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
    /// directory), as the cache classified it. Nothing that was cached before is lost in that case.
    public var storeError: DiskCacheError?
    /// True when the picture came from disk past its freshness: show it, and ask again with
    /// ``ImageRequest/CachePolicy/revalidate`` when online.
    public var isStale = false
    /// True when the server answered `304 Not Modified`: the cached picture was confirmed.
    public var wasRevalidated = false
    /// From the download's start to the first byte of the response, when it was downloaded.
    public var timeToFirstByte: Duration?
    /// The file and its facts when it is an animation (``bitmap`` is then its first frame): what a
    /// `FrameSource` plays. Nil for a still.
    public var animation: AnimatedImage?
    /// The file itself, when ``bitmap`` is exactly its pixels and it is a PNG or JPEG: what a
    /// terminal that reads the format may be sent instead of the pixels. Nil otherwise.
    public var original: OriginalFile?

    public init(
        bitmap: Bitmap,
        source: ImageSource,
        originalSize: PixelSize,
        encodedByteCount: Int,
        storeError: DiskCacheError? = nil
    ) {
        self.bitmap = bitmap
        self.source = source
        self.originalSize = originalSize
        self.encodedByteCount = encodedByteCount
        self.storeError = storeError
    }
}
