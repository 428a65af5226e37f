import Caching
import ErrorReporting
import ImagePipeline
import Imaging
import Networking

/// Loads the feed's pictures through the shared image pipeline: the size of the photo that fills
/// the box, then the pipeline's memory, disk and network.
public struct FeedPictureLoader: Sendable {
    let pipeline: ImagePipeline
    let imageURLs: FlickrImageURLs

    public init(pipeline: ImagePipeline, imageURLs: FlickrImageURLs) {
        self.pipeline = pipeline
        self.imageURLs = imageURLs
    }

    /// The request for `photo` fitted into `size`, cached under the picture's stable key so it is
    /// found again offline whatever host served it (the demo server's port changes every run).
    package func request(for photo: FlickrPhoto, size: PixelSize) -> ImageRequest {
        let url = imageURLs.url(for: photo, size: PhotoSize.smallest(toFill: size.width, size.height))
        return ImageRequest(url: url, targetSize: size, cacheKey: FlickrImageURLs.stableKey(forImageURL: url))
    }

    /// `photo`'s bytes for the full view's zoom, from the caches first: the 1024-pixel size, or the
    /// largest size Flickr offers when `largest`.
    func zoomSource(_ photo: FlickrPhoto, largest: Bool) async -> Result<ZoomSource, UserFacingError> {
        let url = largest ? photo.largest?.url ?? imageURLs.url(for: photo, size: .b) : imageURLs.url(for: photo, size: .b)
        let request = ImageRequest(url: url, cacheKey: FlickrImageURLs.stableKey(forImageURL: url))
        do {
            return .success(try ZoomSource(data: try await pipeline.originalData(for: request)))
        } catch {
            return .failure(UserFacingError.from(error))
        }
    }

    /// Brings `photo`'s picture at `size` to the disk cache as bytes, after every other load.
    func prefetch(_ photo: FlickrPhoto, size: PixelSize) async {
        var request = request(for: photo, size: size)
        request.priority = RequestPriority(.low)
        try? await pipeline.prefetchData(for: request)
    }

    /// The picture if the memory cache has it: shown at once, no task.
    func cached(_ photo: FlickrPhoto, size: PixelSize) -> Bitmap? {
        pipeline.cachedImage(for: request(for: photo, size: size))?.bitmap
    }

    /// Loads `photo` fitted into `size`; `progress` hears of the download once it has taken longer
    /// than `moment`, at most once per whole percent.
    public func load(
        _ photo: FlickrPhoto, size: PixelSize, priority: RequestPriority? = nil,
        moment: Duration = ProgressGate.moment, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async -> PictureOutcome {
        await loadPlayable(photo, size: size, priority: priority, moment: moment, progress: progress).outcome
    }

    /// What one load brought: the outcome, the file to play when the picture is an animation (its
    /// first frame is the outcome's), and why it could not be kept for offline use, if it was not.
    struct Loaded: Sendable {
        var outcome: PictureOutcome
        var animation: AnimatedImage?
        var notKept: DiskCacheError?
    }

    /// Like `load`, with the animation and the storage failure beside the outcome.
    func loadPlayable(
        _ photo: FlickrPhoto, size: PixelSize, priority: RequestPriority? = nil,
        moment: Duration = ProgressGate.moment, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async -> Loaded {
        var request = request(for: photo, size: size)
        request.priority = priority
        if let progress { request.progress = ProgressGate.afterAMoment(moment, progress) }
        do throws(ImagePipelineError) {
            let response = try await pipeline.image(for: request)
            return Loaded(outcome: .loaded(response.bitmap), animation: response.animation, notKept: response.storeError)
        } catch {
            return Loaded(outcome: PictureOutcome(.failure(error)))
        }
    }
}
