import Caching
import ErrorReporting
import Foundation
import Imaging
import Logging
import Networking

/// Loads pictures for screens: memory, then disk, then the network, decoded to the size shown.
///
/// The flow of one image:
/// 1. memory cache hit → done;
/// 2. disk cache hit (verified by checksum) → decode, downsampled to the target → memory cache;
///    a cached file that no longer decodes is dropped and fetched again;
/// 3. the loader (one shared `HTTPClient`: coalesced, limited, with a deadline) → validate by decoding
///    → disk cache (atomic) → memory cache.
///
/// A request's ``ImageRequest/CachePolicy`` can skip steps 1 and 2 (pull-to-refresh), and its
/// ``ImageRequest/cacheKey`` names the entry in both caches.
///
/// Cancelling the calling task cancels the download and caches nothing. A failed disk write does not
/// fail the request: the picture is returned with ``ImageResponse/storeError`` set.
///
/// ```swift
/// let pipeline = ImagePipeline(loader: client, diskCache: disk, memoryCostLimit: 64 << 20, logger: logger)
/// let response = try await pipeline.image(for: ImageRequest(url: url, targetSize: PixelSize(width: 160, height: 160)))
/// ```
public final class ImagePipeline: Sendable {
    private let loader: any DataLoading
    private let diskCache: (any DataCaching)?
    private let decoder: any ImageDecoding
    private let memory: MemoryCache<MemoryKey, ImageResponse>
    private let logger: Logger

    /// - Parameters:
    ///   - loader: fetches bytes; an `HTTPClient` in production.
    ///   - diskCache: the offline cache of original bytes; nil keeps nothing on disk.
    ///   - memoryCostLimit: bytes of decoded bitmaps kept in memory (least recently used go first).
    ///   - decoder: decodes and downsamples.
    ///   - logger: warnings about dropped cache entries and failed disk writes.
    public init(
        loader: any DataLoading,
        diskCache: (any DataCaching)?,
        memoryCostLimit: Int = 64 << 20,
        decoder: any ImageDecoding = StandardImageDecoder(),
        logger: Logger = Logger(label: "workbench.image-pipeline")
    ) {
        self.loader = loader
        self.diskCache = diskCache
        self.decoder = decoder
        self.memory = MemoryCache(costLimit: memoryCostLimit)
        self.logger = logger
    }

    /// The picture for `request`, from the fastest place that has it.
    public func image(for request: ImageRequest) async throws(ImagePipelineError) -> ImageResponse {
        guard request.cachePolicy == .useCache else { return try await imageFromNetwork(for: request) }
        if let cached = cachedImage(for: request) { return cached }
        if let fromDisk = try await imageFromDisk(for: request) { return fromDisk }
        return try await imageFromNetwork(for: request)
    }

    /// The picture for `request` if it is decoded in memory right now; never touches disk or network.
    public func cachedImage(for request: ImageRequest) -> ImageResponse? {
        guard var response = memory.value(forKey: request.memoryKey) else { return nil }
        response.source = .memory
        return response
    }

    /// Lets go of the decoded picture for `request`; the disk copy stays.
    public func evictFromMemory(_ request: ImageRequest) {
        memory.removeValue(forKey: request.memoryKey)
    }

    /// Lets go of every decoded picture.
    public func evictAllFromMemory() {
        memory.removeAll()
    }

    /// Bytes of decoded pictures held in memory now (tests hold the limit with it).
    package var memoryCost: Int { memory.totalCost }

    // MARK: - Steps

    private func imageFromDisk(for request: ImageRequest) async throws(ImagePipelineError) -> ImageResponse? {
        guard let diskCache, let data = diskCache.data(forKey: request.diskKey) else { return nil }
        guard !Task.isCancelled else { throw .cancelled }
        do {
            let decoded = try decoder.decode(data, fitting: request.targetSize)
            return remember(decoded, from: .disk, byteCount: data.count, for: request)
        } catch {
            // The checksum matched but the bytes do not decode (written by an older, broken run):
            // drop them and fetch again rather than show nothing forever.
            logger.warning("dropping undecodable cached image", metadata: ["url": "\(Redactor.redact(request.url))"])
            diskCache.removeData(forKey: request.diskKey)
            return nil
        }
    }

    private func imageFromNetwork(for request: ImageRequest) async throws(ImagePipelineError) -> ImageResponse {
        let data: Data
        do {
            data = try await loader.data(for: request.url)
        } catch .cancelled {
            throw .cancelled
        } catch {
            throw .network(error)
        }
        // A cell that left the screen while the last bytes arrived: keep nothing, as promised.
        guard !Task.isCancelled else { throw .cancelled }

        let decoded: (bitmap: Bitmap, originalSize: PixelSize)
        do {
            decoded = try decoder.decode(data, fitting: request.targetSize)
        } catch {
            throw .invalidImage(error)
        }
        var response = remember(decoded, from: .network, byteCount: data.count, for: request)
        response.storeError = store(data, for: request)
        return response
    }

    /// Saves the original bytes for offline use; a failure is reported, never thrown.
    private func store(_ data: Data, for request: ImageRequest) -> UserFacingError? {
        guard let diskCache else { return nil }
        do {
            try diskCache.store(data, forKey: request.diskKey)
            return nil
        } catch {
            return ErrorReporter(logger: logger, language: .english)
                .report(error, context: "could not save \(request.url.absoluteString) for offline use")
        }
    }

    private func remember(
        _ decoded: (bitmap: Bitmap, originalSize: PixelSize),
        from source: ImageSource,
        byteCount: Int,
        for request: ImageRequest
    ) -> ImageResponse {
        let response = ImageResponse(
            bitmap: decoded.bitmap,
            source: source,
            originalSize: decoded.originalSize,
            encodedByteCount: byteCount
        )
        memory.insert(response, forKey: request.memoryKey, cost: decoded.bitmap.byteCount)
        return response
    }
}
