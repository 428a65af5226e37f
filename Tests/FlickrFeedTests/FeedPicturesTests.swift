import ErrorReporting
import Foundation
import ImagePipeline
import Imaging
import Testing
import FlickrFeed

/// The feed's pictures as effects the model plans: which thumbnails load, which are cancelled,
/// the large picture, and the scroll position a refresh resets. Nothing runs.
@Suite("Feed pictures, planned by the model")
struct FeedPicturesTests {
    private let cell = PixelSize(width: 30, height: 22)
    private let large = PixelSize(width: 160, height: 90)

    private func fresh() -> FeedState {
        var state = FeedState()
        _ = FeedModel().reduce(into: &state, action: .launched(saved: nil))
        _ = FeedModel().reduce(into: &state, action: 
            .pageArrived(
                PageRequest(page: 1, generation: 0, reason: .launch), Fixtures.page(1), at: Fixtures.date))
        return state
    }

    private func viewport(top: Int) -> FeedViewport {
        FeedViewport(topRow: top, visibleRows: 2, columns: 3, thumbnailSize: cell)
    }

    private func bitmap() -> Bitmap { Bitmap(width: 2, height: 2, filledWith: RGBA(r: 9, g: 9, b: 9)) }

    @Test("the visible rows and the next one load their thumbnails at the cell's size, nothing else")
    func visibleWindow() {
        var state = fresh()
        let effects = FeedModel().reduce(into: &state, action: .viewportChanged(viewport(top: 0)))
        // The rows on screen first, the row ahead after them.
        #expect(effects == state.photos[0..<6].map { .loadThumbnail($0, size: cell, priority: .high) }
            + state.photos[6..<9].map { .loadThumbnail($0, size: cell, priority: .normal) })
        #expect(state.pictures.loading.count == 9)
        // Reported again unchanged: nothing new to do.
        #expect(FeedModel().reduce(into: &state, action: .viewportChanged(viewport(top: 0))) == [])
    }

    @Test("scrolling a row down cancels the row that left, raises the row that came on screen, loads the next")
    func scrolling() {
        var state = fresh()
        _ = FeedModel().reduce(into: &state, action: .viewportChanged(viewport(top: 0)))
        let effects = FeedModel().reduce(into: &state, action: .viewportChanged(viewport(top: 1)))
        let left = state.photos[0..<3].map(\.id).sorted().map { FeedEffect.cancelThumbnail(id: $0) }
        let raised = state.photos[6..<9].map { FeedEffect.prioritizeThumbnail(id: $0.id, .high) }
        #expect(effects == left + raised + state.photos[9..<12].map { .loadThumbnail($0, size: cell, priority: .normal) })
        #expect(state.topRow == 1)
        // Back up: the row that is ahead again waits behind the rows on screen.
        let back = FeedModel().reduce(into: &state, action: .viewportChanged(viewport(top: 0)))
        #expect(back.contains(.prioritizeThumbnail(id: state.photos[6].id, .normal)))
    }

    @Test("the next page's thumbnails are prefetched as data after the window, the ones the window loads left out")
    func nextPagePrefetched() {
        var state = fresh()
        _ = FeedModel().reduce(into: &state, action: .viewportChanged(viewport(top: 12)))
        let more = PageRequest(page: 2, generation: 0, reason: .more)
        #expect(state.inFlight == more)
        let page = Fixtures.page(2)
        let effects = FeedModel().reduce(into: &state, action: .pageArrived(more, page, at: Fixtures.date))
        guard case .prefetchThumbnails(let photos, let size)? = effects.last else {
            Issue.record("no prefetch in \(effects)")
            return
        }
        #expect(size == cell && !photos.isEmpty)
        #expect(photos.allSatisfy { page.photos.contains($0) && !state.pictures.loading.contains($0.id) })
        #expect(photos.count + state.pictures.loading.intersection(page.photos.map(\.id)).count == page.photos.count)
    }

    @Test("answers fill the cells; a cancelled load's late answer is dropped; offline is remembered")
    func answers() {
        var state = fresh()
        _ = FeedModel().reduce(into: &state, action: .viewportChanged(viewport(top: 0)))
        let photos = state.photos
        _ = FeedModel().reduce(into: &state, action: .thumbnailLoaded(id: photos[1].id, .loaded(bitmap())))
        #expect(state.pictures.thumbnails[photos[1].id] == bitmap())
        let offline = ImagePipelineError.network(.offline(host: "live.staticflickr.com"))
        _ = FeedModel().reduce(into: &state, action: .thumbnailLoaded(id: photos[2].id, PictureOutcome(.failure(offline))))
        #expect(state.pictures.failed == [photos[2].id] && state.pictures.isOffline)
        _ = FeedModel().reduce(into: &state, action: .thumbnailLoaded(id: photos[3].id, PictureOutcome(.failure(.cancelled))))
        #expect(!state.pictures.failed.contains(photos[3].id))

        _ = FeedModel().reduce(into: &state, action: .viewportChanged(viewport(top: 3)))
        _ = FeedModel().reduce(into: &state, action: .thumbnailLoaded(id: photos[0].id, .loaded(bitmap())))
        #expect(state.pictures.thumbnails[photos[0].id] == nil)
        _ = FeedModel().reduce(into: &state, action: .connectivityChanged(isOnline: true))
        #expect(!state.pictures.isOffline)
    }

    @Test("a refresh that arrives scrolls back to the top and loads the top rows' pictures")
    func refreshScrollsToTop() {
        var state = fresh()
        _ = FeedModel().reduce(into: &state, action: .viewportChanged(viewport(top: 5)))
        #expect(state.topRow == 5)
        _ = FeedModel().reduce(into: &state, action: .refresh)
        let refresh = PageRequest(page: 1, generation: 1, reason: .refresh)
        let page = Fixtures.page(1, total: 1010, newest: 1010)
        let effects = FeedModel().reduce(into: &state, action: .pageArrived(refresh, page, at: Fixtures.date))
        #expect(state.topRow == 0 && state.viewport?.topRow == 0)
        #expect(effects.contains(.loadThumbnail(page.photos[0], size: cell)))
        #expect(effects.first == .save(SavedPage(page: page, savedAt: Fixtures.date)))
    }

    @Test("opening a photo loads it large and pauses the grid; closing cancels it and the grid resumes")
    func detail() {
        var state = fresh()
        _ = FeedModel().reduce(into: &state, action: .viewportChanged(viewport(top: 0)))
        let photo = state.photos[4]
        #expect(FeedModel().reduce(into: &state, action: .opened(index: 4, size: large))
            == [.loadLarge(photo, size: large), .loadZoomSource(photo, largest: false)])
        #expect(FeedModel().reduce(into: &state, action: .viewportChanged(viewport(top: 2))) == [])
        _ = FeedModel().reduce(into: &state, action: .largeLoaded(id: "someone else", .loaded(bitmap())))
        #expect(state.pictures.large == nil)
        _ = FeedModel().reduce(into: &state, action: .largeLoaded(id: photo.id, .loaded(bitmap())))
        #expect(state.pictures.large == LargePicture(id: photo.id, bitmap: bitmap()))
        let closing = FeedModel().reduce(into: &state, action: .closed)
        #expect(closing.first == .cancelLarge)
        #expect(closing.contains(.loadThumbnail(state.photos[14], size: cell, priority: .normal)))
        #expect(state.openIndex == nil && state.pictures.large == nil)
    }

    @Test("a refresh asks again for every failed thumbnail; the network's return for those that failed offline")
    func failedThumbnailsComeBack() {
        var state = fresh()
        _ = FeedModel().reduce(into: &state, action: .viewportChanged(viewport(top: 0)))
        let photos = state.photos
        let offline = ImagePipelineError.network(.offline(host: "live.staticflickr.com"))
        let refused = ImagePipelineError.network(.httpStatus(code: 503, url: Fixtures.imageURL))
        _ = FeedModel().reduce(into: &state, action: .thumbnailLoaded(id: photos[0].id, PictureOutcome(.failure(offline))))
        _ = FeedModel().reduce(into: &state, action: .thumbnailLoaded(id: photos[1].id, PictureOutcome(.failure(refused))))
        // Scrolling away and back does not ask again.
        _ = FeedModel().reduce(into: &state, action: .viewportChanged(viewport(top: 3)))
        #expect(!FeedModel().reduce(into: &state, action: .viewportChanged(viewport(top: 0))).contains(.loadThumbnail(photos[0], size: cell)))

        let back = FeedModel().reduce(into: &state, action: .connectivityChanged(isOnline: true))
        #expect(back.contains(.loadThumbnail(photos[0], size: cell)))
        #expect(!back.contains(.loadThumbnail(photos[1], size: cell)))
        #expect(state.pictures.failed == [photos[1].id])

        let refresh = FeedModel().reduce(into: &state, action: .refresh)
        #expect(refresh.contains(.loadThumbnail(photos[1], size: cell)))
        #expect(state.pictures.failed.isEmpty)
    }

    @Test("a failed large picture is asked for again by a refresh, and by the network's return when it failed offline")
    func failedLargeComesBack() {
        var state = fresh()
        _ = FeedModel().reduce(into: &state, action: .viewportChanged(viewport(top: 0)))
        let photo = state.photos[4]
        _ = FeedModel().reduce(into: &state, action: .opened(index: 4, size: large))
        let refused = ImagePipelineError.network(.httpStatus(code: 503, url: Fixtures.imageURL))
        _ = FeedModel().reduce(into: &state, action: .largeLoaded(id: photo.id, PictureOutcome(.failure(refused))))
        #expect(state.pictures.largeFailure != nil)
        #expect(FeedModel().reduce(into: &state, action: .connectivityChanged(isOnline: true)) == [])
        // The refresh of the large view asks for its picture and leaves the feed where it is.
        #expect(FeedModel().reduce(into: &state, action: .refresh) == [.loadLarge(photo, size: large)])
        #expect(state.pictures.largeFailure == nil && state.inFlight == nil)

        let offline = ImagePipelineError.network(.offline(host: "live.staticflickr.com"))
        _ = FeedModel().reduce(into: &state, action: .largeLoaded(id: photo.id, PictureOutcome(.failure(offline))))
        #expect(FeedModel().reduce(into: &state, action: .connectivityChanged(isOnline: true)) == [.loadLarge(photo, size: large)])
    }
}
