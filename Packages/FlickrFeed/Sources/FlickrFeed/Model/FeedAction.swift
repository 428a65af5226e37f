import ErrorReporting
import Foundation
import Imaging
import Networking

/// One request for a page, stamped with the generation of the feed it belongs to.
///
/// A refresh starts a new generation, so an answer for the old feed that arrives late is ignored.
public struct PageRequest: Sendable, Hashable, CustomStringConvertible {
    /// Why the page is wanted.
    public enum Reason: String, Sendable, Hashable {
        /// Page 1 at launch, to replace the saved page.
        case launch
        /// Page 1 because the person asked to refresh.
        case refresh
        /// The next page, because the person came near the end.
        case more
        /// A page asked for again after a failure.
        case retry
    }

    public var page: Int
    public var generation: Int
    public var reason: Reason

    public init(page: Int, generation: Int, reason: Reason) {
        self.page = page
        self.generation = generation
        self.reason = reason
    }

    public var description: String { "page \(page) (\(reason.rawValue), generation \(generation))" }
}

/// Everything that can happen to the feed: what the person did and what the effects brought back.
public enum FeedAction: Sendable, Equatable {
    /// The program started; `saved` is the first page of the last session, if any.
    case launched(saved: SavedPage?)
    /// Pull-to-refresh: page 1 again, replacing the feed, and every picture that failed asked for
    /// again. While a photo is open, only its picture (if it failed) and the failed thumbnails.
    case refresh
    /// The selection moved to `index`.
    case select(index: Int)
    /// The person moved the selection to `index` (a key, the wheel, a click): the model keeps it
    /// in range and scrolls the viewport so that it shows whole.
    case moveSelection(to: Int)
    /// The viewport now shows photos up to `lastVisibleIndex`.
    case viewed(lastVisibleIndex: Int)
    /// A page arrived for `request`, at `date`.
    case pageArrived(PageRequest, FlickrPage, at: Date)
    /// A page could not be fetched.
    case pageFailed(PageRequest, FlickrError)
    /// The wait after a failure is over.
    case retryDue(token: Int)
    /// The network came back or went away.
    case connectivityChanged(isOnline: Bool)
    /// The screen shows these rows at this size (scrolled, resized, or measured the first time).
    case viewportChanged(FeedViewport)
    /// A thumbnail load ended.
    case thumbnailLoaded(id: String, PictureOutcome)
    /// The photo at `index` opens large, its picture fitted into `size`.
    case opened(index: Int, size: PixelSize)
    /// The large view closes.
    case closed
    /// Zoom, pan, fit or resize the large photo.
    case zoom(ZoomCommand)
    /// The large photo's bytes arrived for its zoom (the largest size Flickr offers when `largest`).
    case zoomSourceLoaded(id: String, largest: Bool, Result<ZoomSource, UserFacingError>)
    /// The large picture's load ended.
    case largeLoaded(id: String, PictureOutcome)
    /// The large picture's download has gone on for more than a moment and moved on: `progress` of
    /// it is in.
    case largeProgress(id: String, TransferProgress)
    /// The next frame of the large picture's animation is due (a frame for a photo no longer open is ignored).
    case largeFrame(id: String, Bitmap)
    /// Show or hide the key help.
    case toggleHelp
    /// Page 1 or a picture could not be kept for offline use (the feed goes on; what was kept
    /// before stays).
    case notSaved(FeedStorageFailure)
}

/// Work the model asks for; the results come back as ``FeedAction``s.
public enum FeedEffect: Sendable, Equatable {
    /// Fetch a page.
    case fetch(PageRequest)
    /// Stop fetching a page nobody wants any more.
    case cancel(PageRequest)
    /// Store the first page for the next launch.
    case save(SavedPage)
    /// Send `.retryDue(token:)` after `delay`.
    case scheduleRetry(after: Duration, token: Int)
    /// Load `photo`'s picture fitted into `size`, `high` for a cell on screen and `normal` for the
    /// row ahead; the answer comes back as ``FeedAction/thumbnailLoaded(id:_:)``.
    case loadThumbnail(FlickrPhoto, size: PixelSize, priority: RequestPriority.Level = .high)
    /// The thumbnail load of the photo `id` changes priority: its row came on screen, or left it.
    case prioritizeThumbnail(id: String, RequestPriority.Level)
    /// Bring the next page's thumbnails to the disk cache as bytes, not decoded, after everything
    /// on screen (``RequestPriority/Level/low``).
    case prefetchThumbnails([FlickrPhoto], size: PixelSize)
    /// Stop loading the thumbnail of the photo `id` (it scrolled away).
    case cancelThumbnail(id: String)
    /// Load `photo`'s large picture; the answer comes back as ``FeedAction/largeLoaded(id:_:)``.
    case loadLarge(FlickrPhoto, size: PixelSize)
    /// Stop loading the large picture.
    case cancelLarge
    /// Read `photo`'s bytes for its zoom: the 1024-pixel size, or the largest size Flickr offers
    /// when `largest`; they come back as ``FeedAction/zoomSourceLoaded(id:largest:_:)``.
    case loadZoomSource(FlickrPhoto, largest: Bool)
    /// Stop reading bytes for the zoom.
    case cancelZoomSource
}
