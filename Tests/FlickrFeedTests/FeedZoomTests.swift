import ErrorReporting
import Foundation
import Imaging
import Testing
import FlickrFeed

/// The large photo's zoom, planned by the model: the 1024-pixel bytes first, the largest size
/// Flickr offers only once a zoom needs more pixels than those hold, and only once.
@Suite("Feed zoom, planned by the model")
struct FeedZoomTests {
    /// A 4:3 photo whose largest picture Flickr gives as 400x300.
    static func state() -> (FeedState, FlickrPhoto) {
        var state = FeedState()
        _ = FeedModel().reduce(into: &state, action: .launched(saved: nil))
        var page = Fixtures.page(1)
        page.photos[0].largest = LargestPicture(url: URL(string: "https://live.staticflickr.com/65535/1000_o_o.jpg")!,
                                                width: 400, height: 300)
        _ = FeedModel().reduce(into: &state, action: .pageArrived(
            PageRequest(page: 1, generation: 0, reason: .launch), page, at: Fixtures.date))
        return (state, page.photos[0])
    }

    /// The bytes in hand: a 100x75 JPEG, a quarter of the largest picture's width.
    static func preview() throws -> ZoomSource {
        try ZoomSource(data: ImageEncoder.jpeg(Bitmap(width: 100, height: 75, filledWith: RGBA(r: 90, g: 120, b: 150))))
    }

    @Test("zooming asks for the largest size once the view needs more pixels than the preview holds, and once only")
    func largestOnlyWhenNeeded() throws {
        var (state, photo) = Self.state()
        let screen = PixelSize(width: 100, height: 74)
        #expect(FeedModel().reduce(into: &state, action: .opened(index: 0, size: screen)).contains(.loadZoomSource(photo, largest: false)))
        let preview = try Self.preview()
        #expect(FeedModel().reduce(into: &state, action: .zoomSourceLoaded(id: photo.id, largest: false, .success(preview))) == [])
        // The view counts in the largest picture's pixels: 400x300 fitted to 100x74.
        #expect(state.zoom?.viewport?.imageSize == PixelSize(width: 400, height: 300))
        // Fitted (about a quarter: 99 screen pixels from 100 preview pixels): the preview is enough.
        var asked: [FeedEffect] = []
        for _ in 0..<3 { asked += FeedModel().reduce(into: &state, action: .zoom(.zoomIn(anchor: nil))) }
        // Three steps: about 0.7 screen pixels per largest pixel, 2.8 per preview pixel.
        #expect(asked == [.loadZoomSource(photo, largest: true)])
        #expect(state.zoom?.fetchingLargest == true)
        #expect(FeedModel().reduce(into: &state, action: .zoom(.pan(dx: 10, dy: 0))) == [], "asked once")
        let largest = try ZoomSource(data: ImageEncoder.jpeg(Bitmap(width: 400, height: 300, filledWith: RGBA(r: 1, g: 2, b: 3))))
        _ = FeedModel().reduce(into: &state, action: .zoomSourceLoaded(id: photo.id, largest: true, .success(largest)))
        #expect(state.zoom?.hasLargest == true && state.zoom?.source == largest)
        #expect(state.zoom?.viewport?.scale ?? 0 > 0.69, "the zoom stays where it was")
        #expect(FeedModel().reduce(into: &state, action: .zoom(.zoomIn(anchor: nil))) == [])
        let closing = FeedModel().reduce(into: &state, action: .closed)
        #expect(closing.contains(.cancelZoomSource) && state.zoom == nil)
    }

    @Test("a photo Flickr offers nothing larger of is zoomed in the bytes in hand, and asks for nothing")
    func nothingLarger() throws {
        var (state, _) = Self.state()
        let photo = state.photos[1]
        _ = FeedModel().reduce(into: &state, action: .opened(index: 1, size: PixelSize(width: 100, height: 74)))
        _ = FeedModel().reduce(into: &state, action: .zoomSourceLoaded(id: photo.id, largest: false, .success(try Self.preview())))
        #expect(state.zoom?.viewport?.imageSize == PixelSize(width: 100, height: 75))
        var effects: [FeedEffect] = []
        for _ in 0..<6 { effects += FeedModel().reduce(into: &state, action: .zoom(.zoomIn(anchor: nil))) }
        #expect(effects.isEmpty)
    }
}
