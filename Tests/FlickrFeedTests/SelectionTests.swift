import Foundation
import Imaging
import Testing
import FlickrFeed

/// Selection and scrolling are the model's: the screen says where the person moved the selection
/// and how many rows it shows; the model keeps the selection in range and scrolls to show it whole.
@Suite("Selection and scrolling, in the model")
struct SelectionTests {
    private let cell = PixelSize(width: 30, height: 22)

    private func feed() -> FeedState {
        var state = FeedState()
        _ = FeedModel().reduce(into: &state, action: .launched(saved: nil))
        _ = FeedModel().reduce(into: &state, action: .pageArrived(
            PageRequest(page: 1, generation: 0, reason: .launch), Fixtures.page(1), at: Fixtures.date))
        // Two whole rows of three on screen, and a third row cut at the bottom.
        _ = FeedModel().reduce(into: &state, action: .viewportChanged(
            FeedViewport(topRow: 0, visibleRows: 3, columns: 3, thumbnailSize: cell, wholeRows: 2)))
        return state
    }

    @Test("moving the selection below the last whole row scrolls just enough to show it whole")
    func scrollsToShowSelection() {
        var state = feed()
        _ = FeedModel().reduce(into: &state, action: .moveSelection(to: 4))
        #expect(state.selection == 4 && state.topRow == 0)
        let effects = FeedModel().reduce(into: &state, action: .moveSelection(to: 7))
        #expect(state.selection == 7 && state.topRow == 1 && state.viewport?.topRow == 1)
        // The row that scrolled off is let go, the row that came on screen is raised, and the row
        // ahead (photos 12...14) is planned, as when the screen reported the viewport itself.
        #expect(effects.contains(.cancelThumbnail(id: state.photos[0].id)))
        #expect(effects.contains(.prioritizeThumbnail(id: state.photos[9].id, .high)))
        #expect(effects.contains(.loadThumbnail(state.photos[12], size: cell, priority: .normal)))
        _ = FeedModel().reduce(into: &state, action: .moveSelection(to: 0))
        #expect(state.selection == 0 && state.topRow == 0)
    }

    @Test("a selection past either end is kept in range, and the last row sits whole at the bottom")
    func clamped() {
        var state = feed()
        _ = FeedModel().reduce(into: &state, action: .moveSelection(to: 1_000))
        #expect(state.selection == state.photos.count - 1)
        // 40 photos are 14 rows of three; with two whole rows the first row shown is the 13th.
        #expect(state.topRow == 12)
        _ = FeedModel().reduce(into: &state, action: .moveSelection(to: -5))
        #expect(state.selection == 0 && state.topRow == 0)
    }
}
