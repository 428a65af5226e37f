import Caching
import Foundation
import ImagePipeline
import Imaging
import Logging
import Networking

/// The production ``GalleryImageLoading``: the shared `ImagePipeline` (memory cache, verified disk
/// cache, one HTTP client with a deadline and a concurrency limit, decoding downsampled to the cell).
///
/// A ``LoadPolicy/refresh`` load asks the server again: its request says `revalidate`, so a picture
/// the server confirms (`304`) keeps its bytes and bitmap, and a changed one replaces them. When the
/// network fails, the cached copy is returned with `LoadedPicture/refreshFailure` set, so a refresh
/// while offline keeps every picture on screen.
///
/// ```swift
/// let loader = PipelineGalleryLoader(client: client, diskCache: diskCache, memoryCostLimit: 64 << 20, logger: logger)
/// let store = GalleryStore(state: GalleryState(urls: urls), loader: loader)
/// ```
public struct PipelineGalleryLoader: GalleryImageLoading {
    /// Memory, then disk, then network.
    public let pipeline: ImagePipeline

    /// A loader over one HTTP client and one disk cache.
    /// - Parameters:
    ///   - client: the one network client of the run (any `DataLoading`; `HTTPClient` in production).
    ///   - diskCache: the offline cache, or nil to run without one.
    ///   - memoryCostLimit: bytes of decoded pictures kept in memory (`--memory-limit`).
    public init(client: any DataLoading, diskCache: (any DataCaching)?, memoryCostLimit: Int, logger: Logger) {
        pipeline = ImagePipeline(loader: client, diskCache: diskCache, memoryCostLimit: memoryCostLimit, logger: logger)
    }

    public func load(_ url: URL, targetSize: PixelSize, policy: LoadPolicy) async throws(LoadFailure) -> LoadedPicture {
        try await load(url, request: ImageRequest(url: url, targetSize: targetSize), policy: policy)
    }

    /// Downloads at `priority`; tells `progress` of a download once it has taken longer than a moment.
    public func load(
        _ url: URL, targetSize: PixelSize, policy: LoadPolicy, priority: RequestPriority,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws(LoadFailure) -> LoadedPicture {
        var request = ImageRequest(url: url, targetSize: targetSize, priority: priority)
        request.progress = ProgressGate.afterAMoment(ProgressGate.moment, progress)
        return try await load(url, request: request, policy: policy)
    }

    public func original(_ url: URL) async throws(LoadFailure) -> Data {
        do {
            return try await pipeline.originalData(for: ImageRequest(url: url))
        } catch {
            throw LoadFailure(error)
        }
    }

    private func load(_ url: URL, request: ImageRequest, policy: LoadPolicy) async throws(LoadFailure) -> LoadedPicture {
        guard policy == .refresh else {
            do {
                return LoadedPicture(try await pipeline.image(for: request))
            } catch {
                throw LoadFailure(error)
            }
        }
        var reload = request
        reload.cachePolicy = .revalidate
        do {
            return LoadedPicture(try await pipeline.image(for: reload))
        } catch {
            let failure = LoadFailure(error)
            guard !Task.isCancelled, !LoadFailure.isCancellation(error) else { throw failure }
            // Could not download again: keep what we have, and say why.
            guard var cached = try? await pipeline.image(for: request) else { throw failure }
            cached.storeError = nil
            // Just asked: a stale copy is not to be asked about again until the next refresh.
            cached.isStale = false
            return LoadedPicture(cached, refreshFailure: failure)
        }
    }
}
