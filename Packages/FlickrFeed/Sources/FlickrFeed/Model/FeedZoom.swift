import ErrorReporting
import Imaging

/// The large photo looked at closer: its bytes (the 1024-pixel size first, the largest size Flickr
/// offers once a zoom needs more pixels than those hold) and which part of it shows at what zoom.
public struct FeedZoom: Sendable, Equatable {
    /// The photo.
    public let photoID: String
    /// The view's picture area in screen pixels.
    public internal(set) var screen: PixelSize
    /// The bytes in hand: the 1024-pixel size, or the largest once it arrived.
    public internal(set) var source: ZoomSource?
    /// What shows, once bytes are in hand, in the largest picture's pixels when Flickr gave its size.
    public internal(set) var viewport: ZoomViewport?
    /// True once ``source`` holds the largest picture.
    package internal(set) var hasLargest = false
    /// True while the largest picture is on its way.
    public internal(set) var fetchingLargest = false
    /// Why bytes could not be had (the fitted picture stays).
    public internal(set) var failure: UserFacingError?
}

extension FeedState {
    /// The photo shown large.
    var openPhoto: FlickrPhoto? {
        guard let openIndex, photos.indices.contains(openIndex) else { return nil }
        return photos[openIndex]
    }

    /// Starts the zoom of the photo just opened in a view of `screen` pixels: its 1024-pixel bytes first.
    mutating func startZoom(screen: PixelSize) -> [FeedEffect] {
        guard let photo = openPhoto else { return [] }
        zoom = FeedZoom(photoID: photo.id, screen: screen)
        return [.loadZoomSource(photo, largest: false)]
    }

    /// Zooms, pans, fits or resizes; asks for the largest picture when the view needs more pixels.
    mutating func applyZoom(_ command: ZoomCommand) -> [FeedEffect] {
        guard zoom != nil else { return [] }
        if case .resize(let size) = command { zoom?.screen = size }
        zoom?.viewport?.apply(command)
        return fetchLargestIfNeeded()
    }

    /// Bytes arrived (or could not) for photo `id`.
    mutating func zoomSourceArrived(id: String, largest: Bool, _ result: Result<ZoomSource, UserFacingError>) -> [FeedEffect] {
        guard var view = zoom, view.photoID == id, let photo = openPhoto, photo.id == id else { return [] }
        if largest { view.fetchingLargest = false }
        switch result {
        case .success(let source):
            view.source = source
            view.hasLargest = view.hasLargest || largest
            if view.viewport == nil {
                let size = photo.largest.map { PixelSize(width: $0.width, height: $0.height) } ?? source.size
                view.viewport = ZoomViewport(imageSize: size, screen: view.screen)
            }
        case .failure(let error):
            view.failure = error
        }
        zoom = view
        return fetchLargestIfNeeded()
    }

    /// The largest picture is asked for once, when the view shows more screen pixels than the
    /// bytes in hand have picture pixels there, and Flickr offers a larger one.
    private mutating func fetchLargestIfNeeded() -> [FeedEffect] {
        guard let view = zoom, let viewport = view.viewport, let source = view.source, !view.hasLargest,
              !view.fetchingLargest, view.failure == nil, let photo = openPhoto, let largest = photo.largest,
              largest.width > source.size.width
        else { return [] }
        let needed = viewport.scale * Double(viewport.imageSize.width) / Double(source.size.width)
        guard needed > 1 + 1e-9 else { return [] }
        zoom?.fetchingLargest = true
        return [.loadZoomSource(photo, largest: true)]
    }
}
