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
/// HTTP caching (RFC 9111): each disk entry keeps the response's validators and freshness (see
/// `CacheMetadata`). A stale entry is still returned from disk, marked ``ImageResponse/isStale``;
/// ``ImageRequest/CachePolicy/revalidate`` asks the server with the validators, and a `304` keeps
/// the cached bytes (and the decoded bitmap, when memory has it) while a `200` replaces them.
/// A `Cache-Control: no-store` response is shown but never written to disk.
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
    private let now: @Sendable () -> Date
    private let decodes = DecodeFlights<DecodeKey, ImageResponse, ImagingError>()

    /// - Parameters:
    ///   - loader: fetches bytes; an `HTTPClient` in production.
    ///   - diskCache: the offline cache of original bytes; nil keeps nothing on disk.
    ///   - memoryCostLimit: bytes of decoded bitmaps kept in memory (least recently used go first).
    ///   - decoder: decodes and downsamples.
    ///   - logger: warnings about dropped cache entries and failed disk writes.
    ///   - now: the clock freshness is measured by (tests pass their own).
    public init(
        loader: any DataLoading,
        diskCache: (any DataCaching)?,
        memoryCostLimit: Int = 64 << 20,
        decoder: any ImageDecoding = StandardImageDecoder(),
        logger: Logger = Logger(label: "workbench.image-pipeline"),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.loader = loader
        self.diskCache = diskCache
        self.decoder = decoder
        self.memory = MemoryCache(costLimit: memoryCostLimit)
        self.logger = logger
        self.now = now
    }

    /// The picture for `request`, from the fastest place that has it.
    public func image(for request: ImageRequest) async throws(ImagePipelineError) -> ImageResponse {
        switch request.cachePolicy {
        case .useCache:
            if let cached = cachedImage(for: request) { return cached }
            if let fromDisk = try await imageFromDisk(for: request) { return fromDisk }
            return try await imageFromNetwork(for: request, cached: nil)
        case .revalidate:
            return try await imageFromNetwork(for: request, cached: storedEntry(for: request))
        case .reloadIgnoringCachedData:
            return try await imageFromNetwork(for: request, cached: nil)
        }
    }

    /// Brings `request`'s picture to the disk cache as bytes, without decoding it: work ahead of need
    /// (the next page's thumbnails), so ask at `RequestPriority.Level.low`. Nothing happens when
    /// memory or disk has it already; a body that is no picture (by its header) is not kept.
    public func prefetchData(for request: ImageRequest) async throws(ImagePipelineError) {
        guard diskCache != nil, memory.value(forKey: request.memoryKey) == nil, storedEntry(for: request) == nil else {
            return
        }
        _ = try await downloadBytes(for: request, keepingWarning: "could not keep a prefetched picture")
    }

    /// The picture's original bytes, undecoded: the disk entry when there is one, else downloaded
    /// and kept. What a zoomed view decodes parts of (the cell's bitmap is only the cell's size).
    ///
    /// ```swift
    /// let bytes = try await pipeline.originalData(for: ImageRequest(url: url))
    /// let source = try ZoomSource(data: bytes)
    /// ```
    public func originalData(for request: ImageRequest) async throws(ImagePipelineError) -> Data {
        if let entry = storedEntry(for: request) { return entry.bytes }
        return try await downloadBytes(for: request, keepingWarning: "could not keep an original picture")
    }

    /// Downloads `request`'s bytes, refuses a body that is no picture (by its header) and keeps it
    /// on disk when HTTP allows; a failed write is logged with `keepingWarning`, never thrown.
    private func downloadBytes(for request: ImageRequest, keepingWarning: Logger.Message) async throws(ImagePipelineError) -> Data {
        let answer: HTTPResponse
        do {
            answer = try await loader.response(for: request.url, options: TransferOptions(priority: request.priority))
        } catch .cancelled {
            throw .cancelled
        } catch {
            throw .network(error)
        }
        guard !Task.isCancelled else { throw .cancelled }
        guard (200..<300).contains(answer.statusCode) else {
            throw .network(.httpStatus(code: answer.statusCode, url: request.url))
        }
        do {
            _ = try ImageDecoder.probe(answer.body)
        } catch {
            throw .invalidImage(error)
        }
        guard let diskCache, !CacheMetadata.forbidsStoring(answer) else { return answer.body }
        do {
            let metadata = CacheMetadata(response: answer, receivedAt: now())
            try diskCache.store(CacheEnvelope.encode(answer.body, metadata: metadata), forKey: request.diskKey)
        } catch {
            logger.warning(keepingWarning, metadata: ["error": "\(error)"])
        }
        return answer.body
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

    /// A disk entry: the picture's bytes and what HTTP said about them.
    private struct StoredEntry {
        var bytes: Data
        var metadata: CacheMetadata
    }

    private func storedEntry(for request: ImageRequest) -> StoredEntry? {
        guard let diskCache, let raw = diskCache.data(forKey: request.diskKey) else { return nil }
        guard let (bytes, metadata) = CacheEnvelope.decode(raw) else {
            logger.warning("dropping cache entry of an unknown layout", metadata: ["url": "\(Redactor.redact(request.url))"])
            removeEntry(for: request)
            return nil
        }
        return StoredEntry(bytes: bytes, metadata: metadata)
    }

    private func imageFromDisk(for request: ImageRequest) async throws(ImagePipelineError) -> ImageResponse? {
        guard let entry = storedEntry(for: request) else { return nil }
        guard !Task.isCancelled else { throw .cancelled }
        guard var response = await decodeStored(entry, for: request) else { return nil }
        response.isStale = !entry.metadata.isFresh(at: now())
        return response
    }

    /// Drops the disk entry of `request`'s picture and any partial download kept beside it.
    private func removeEntry(for request: ImageRequest) {
        diskCache?.removeData(forKey: request.diskKey)
        diskCache?.removeData(forKey: ResumableData.key(for: request.diskKey))
    }

    /// Decodes a disk entry; nil (and the entry dropped) when its bytes are no picture.
    private func decodeStored(_ entry: StoredEntry, for request: ImageRequest) async -> ImageResponse? {
        switch await decodeOnce(entry.bytes, from: .disk, for: request, reusingMemory: true) {
        case .success(let response):
            return response
        case .failure(.libraryMissing):
            // The bytes are fine; this machine lacks the codec. Kept for when it is installed.
            return nil
        case .failure:
            // The checksum matched but the bytes do not decode (written by an older, broken run):
            // drop them and fetch again rather than show nothing forever.
            logger.warning("dropping undecodable cached image", metadata: ["url": "\(Redactor.redact(request.url))"])
            removeEntry(for: request)
            return nil
        }
    }

    /// Downloads the picture; with a `cached` entry that has validators, asks only whether it changed;
    /// with the first part of an earlier try kept, asks only for the rest.
    private func imageFromNetwork(
        for request: ImageRequest, cached: StoredEntry?
    ) async throws(ImagePipelineError) -> ImageResponse {
        let resumable = resumableData(for: request)
        var headers = cached?.metadata.conditionalHeaders ?? [:]
        if let resumable { headers.merge(resumable.resumeHeaders) { _, range in range } }
        let offset = resumable?.data.count ?? 0
        let progress = request.progress
        let observer = TransferObserver { step in
            // A resumed download counts the part kept: the bar goes on from where it stopped.
            progress?(TransferProgress(received: offset + step.received, expected: step.expected.map { offset + $0 }))
        }
        var answer: HTTPResponse
        do {
            let options = TransferOptions(headers: headers, priority: request.priority, observer: observer)
            answer = try await loader.response(for: request.url, options: options)
        } catch .cancelled {
            keepPartial(observer.partial, after: resumable, for: request)
            throw .cancelled
        } catch {
            keepPartial(observer.partial, after: resumable, for: request)
            throw .network(error)
        }
        // A cell that left the screen while the last bytes arrived: keep nothing, as promised.
        guard !Task.isCancelled else { throw .cancelled }
        let receivedAt = now()
        if answer.statusCode == 304 {
            guard let cached else { throw .network(.httpStatus(code: 304, url: request.url)) }
            return try await confirm(cached, by: answer, receivedAt: receivedAt, for: request)
        }
        if answer.statusCode == 206 {
            // The rest of the kept part; one that does not fit is no picture, and is asked for whole.
            guard let whole = resumable?.joined(with: answer) else {
                diskCache?.removeData(forKey: ResumableData.key(for: request.diskKey))
                throw .network(.httpStatus(code: 206, url: request.url))
            }
            answer.body = whole
        }
        if resumable != nil {
            // Joined, or replaced by a whole 200 (a server that ignores ranges, or a new version).
            diskCache?.removeData(forKey: ResumableData.key(for: request.diskKey))
        }

        var response: ImageResponse
        switch await decodeOnce(answer.body, from: .network, for: request, reusingMemory: request.cachePolicy == .useCache) {
        case .success(let decoded): response = decoded
        case .failure(let error): throw .invalidImage(error)
        }
        response.timeToFirstByte = observer.timeToFirstByte
        if CacheMetadata.forbidsStoring(answer) {
            // no-store: shown, never written; an older copy must not outlive the server's wish.
            removeEntry(for: request)
        } else {
            response.storeError = store(answer.body, metadata: CacheMetadata(response: answer, receivedAt: receivedAt), for: request)
        }
        return response
    }

    /// The first part of an earlier, broken download of `request`'s picture, if one is kept.
    private func resumableData(for request: ImageRequest) -> ResumableData? {
        guard let diskCache, let raw = diskCache.data(forKey: ResumableData.key(for: request.diskKey)) else { return nil }
        return ResumableData(encoded: raw)
    }

    /// Keeps what arrived of a download that broke off, joined to the part it was the rest of.
    private func keepPartial(_ partial: PartialResponse?, after earlier: ResumableData?, for request: ImageRequest) {
        guard let diskCache, let partial, !CacheControl(partial.header("Cache-Control")).noStore else { return }
        var kept: ResumableData?
        if partial.statusCode == 206, let earlier,
           let whole = earlier.joined(with: HTTPResponse(url: request.url, statusCode: 206, headers: partial.headers, body: partial.body)) {
            kept = ResumableData(data: whole, validator: earlier.validator)
        } else if partial.statusCode == 200 {
            kept = ResumableData(partial)
        }
        guard let kept else { return }
        do {
            try diskCache.store(kept.encoded, forKey: ResumableData.key(for: request.diskKey))
        } catch {
            logger.warning("could not keep a partial download", metadata: ["error": "\(error)"])
        }
    }

    /// A `304`: the cached bytes stand, with renewed freshness; the decoded picture is reused when
    /// memory has it, else the bytes are decoded once.
    private func confirm(
        _ cached: StoredEntry, by answer: HTTPResponse, receivedAt: Date, for request: ImageRequest
    ) async throws(ImagePipelineError) -> ImageResponse {
        let metadata = cached.metadata.updated(by: answer, receivedAt: receivedAt)
        let storeError = metadata == cached.metadata ? nil : store(cached.bytes, metadata: metadata, for: request)
        var response: ImageResponse
        if let inMemory = memory.value(forKey: request.memoryKey) {
            response = inMemory
            response.source = .memory
        } else {
            guard let fromDisk = await decodeStored(cached, for: request) else {
                throw .invalidImage(.notAnImage)
            }
            response = fromDisk
        }
        response.wasRevalidated = true
        response.storeError = storeError
        return response
    }

    /// Saves the original bytes and their metadata for offline use; a failure is reported, never thrown.
    private func store(_ data: Data, metadata: CacheMetadata, for request: ImageRequest) -> DiskCacheError? {
        guard let diskCache else { return nil }
        do throws(DiskCacheError) {
            try diskCache.store(CacheEnvelope.encode(data, metadata: metadata), forKey: request.diskKey)
            return nil
        } catch {
            _ = ErrorReporter(logger: logger, language: .english)
                .report(error, context: "could not save \(request.url.absoluteString) for offline use")
            return error
        }
    }

    /// Decodes `data` for `request` once however many ask at the same moment: a request for the
    /// same picture at the same size that arrives while it decodes shares the bitmap, and with
    /// `reusingMemory` one that finds it in memory by then takes it from there.
    private func decodeOnce(
        _ data: Data, from source: ImageSource, for request: ImageRequest, reusingMemory: Bool
    ) async -> Result<ImageResponse, ImagingError> {
        let key = DecodeKey(memoryKey: request.memoryKey, byteCount: data.count)
        return await decodes.run(key) { () -> Result<ImageResponse, ImagingError> in
            if reusingMemory, var inMemory = memory.value(forKey: request.memoryKey) {
                inMemory.source = .memory
                return .success(inMemory)
            }
            do throws(ImagingError) {
                let decoded = try decoder.decodeKeepingFile(data, fitting: request.targetSize)
                return .success(remember(decoded, from: source, data: data, for: request))
            } catch {
                return .failure(error)
            }
        }
    }

    private func remember(
        _ decoded: (bitmap: Bitmap, originalSize: PixelSize, file: OriginalFile?),
        from source: ImageSource,
        data: Data,
        for request: ImageRequest
    ) -> ImageResponse {
        var response = ImageResponse(
            bitmap: decoded.bitmap,
            source: source,
            originalSize: decoded.originalSize,
            encodedByteCount: data.count
        )
        // An animation keeps its file, not its frames: a player decodes them as they are due.
        response.animation = AnimatedImage(data)
        // A still whose pixels are the file's keeps the file too, for a terminal that reads it.
        response.original = response.animation == nil ? decoded.file : nil
        let fileCost = response.animation?.data.count ?? response.original?.data.count ?? 0
        memory.insert(response, forKey: request.memoryKey, cost: decoded.bitmap.byteCount + fileCost)
        return response
    }
}

/// What a decode is shared by: the picture and size asked for, and the bytes' length, so that a
/// refresh's new bytes never get the bitmap of the old ones.
private struct DecodeKey: Hashable, Sendable {
    var memoryKey: MemoryKey
    var byteCount: Int
}
