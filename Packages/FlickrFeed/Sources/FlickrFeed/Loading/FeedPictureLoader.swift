import ImagePipeline
import Imaging

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

    /// The picture if the memory cache has it: shown at once, no task.
    func cached(_ photo: FlickrPhoto, size: PixelSize) -> Bitmap? {
        pipeline.cachedImage(for: request(for: photo, size: size))?.bitmap
    }

    /// Loads `photo` fitted into `size`.
    public func load(_ photo: FlickrPhoto, size: PixelSize) async -> PictureOutcome {
        do throws(ImagePipelineError) {
            return .loaded(try await pipeline.image(for: request(for: photo, size: size)).bitmap)
        } catch {
            return PictureOutcome(.failure(error))
        }
    }
}
