import Caching
import Foundation
import ImagePipeline
import Imaging
import Logging
import Networking

/// The production ``GalleryImageLoading``: the shared `ImagePipeline` (memory cache, verified disk
/// cache, one HTTP client with a deadline and a concurrency limit, decoding downsampled to the cell).
///
/// A ``LoadPolicy/refresh`` load downloads the picture again: it goes through a second pipeline
/// over the same client and disk cache whose disk reads always miss, so the fresh bytes replace the
/// cached ones. When the network fails, the cached copy is returned with ``LoadedPicture/refreshFailure``
/// set, so a refresh while offline keeps every picture on screen.
///
/// ```swift
/// let loader = PipelineGalleryLoader(client: client, diskCache: diskCache, memoryCostLimit: 64 << 20, logger: logger)
/// let store = GalleryStore(state: GalleryState(urls: urls), loader: loader)
/// ```
public struct PipelineGalleryLoader: GalleryImageLoading {
    /// Memory, then disk, then network.
    public let pipeline: ImagePipeline
    /// Network, then disk writes: what pull-to-refresh uses.
    private let refreshPipeline: ImagePipeline

    /// A loader over one HTTP client and one disk cache.
    /// - Parameters:
    ///   - client: the one network client of the run (any `DataLoading`; `HTTPClient` in production).
    ///   - diskCache: the offline cache, or nil to run without one.
    ///   - memoryCostLimit: bytes of decoded pictures kept in memory (`--memory-limit`).
    public init(client: any DataLoading, diskCache: (any DataCaching)?, memoryCostLimit: Int, logger: Logger) {
        pipeline = ImagePipeline(loader: client, diskCache: diskCache, memoryCostLimit: memoryCostLimit, logger: logger)
        refreshPipeline = ImagePipeline(
            loader: client, diskCache: diskCache.map { WriteOnlyCache(base: $0) },
            memoryCostLimit: 1, logger: logger
        )
    }

    public func load(_ url: URL, targetSize: PictureSize, policy: LoadPolicy) async throws -> LoadedPicture {
        let request = ImageRequest(url: url, targetSize: PixelSize(width: targetSize.width, height: targetSize.height))
        guard policy == .refresh else {
            return LoadedPicture(try await pipeline.image(for: request))
        }
        refreshPipeline.evictFromMemory(request)
        do {
            let fresh = try await refreshPipeline.image(for: request)
            // The memory cache must not hand out the old decoded copy again.
            pipeline.evictFromMemory(request)
            return LoadedPicture(fresh)
        } catch {
            let failure = LoadFailure(error)
            guard !Task.isCancelled, failure.error.code != "cancelled" else { throw error }
            // Could not download again: keep what we have, and say why.
            guard var cached = try? await pipeline.image(for: request) else { throw error }
            cached.storeError = nil
            var picture = LoadedPicture(cached)
            picture.refreshFailure = failure
            return picture
        }
    }
}

/// A disk cache whose reads always miss and whose writes go through: makes a pipeline download.
struct WriteOnlyCache: DataCaching {
    let base: any DataCaching

    func data(forKey key: String) -> Data? { nil }

    func store(_ data: Data, forKey key: String) throws(DiskCacheError) {
        try base.store(data, forKey: key)
    }

    func removeData(forKey key: String) {
        base.removeData(forKey: key)
    }
}

extension LoadedPicture {
    /// The gallery's view of a pipeline response.
    init(_ response: ImageResponse) {
        self.init(
            bitmap: response.bitmap,
            source: PictureSource(response.source),
            originalSize: PictureSize(width: response.originalSize.width, height: response.originalSize.height),
            encodedByteCount: response.encodedByteCount,
            storeError: response.storeError
        )
    }
}

extension PictureSource {
    init(_ source: ImageSource) {
        switch source {
        case .memory: self = .memory
        case .disk: self = .disk
        case .network: self = .network
        }
    }
}
