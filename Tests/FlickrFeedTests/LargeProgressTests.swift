import Foundation
import Imaging
import Networking
import TerminalUI
import Testing
import FlickrFeed
@testable import flickr

/// The large view of a photo whose download takes more than a moment: a bar and a percentage.
@Suite("Progress of a slow large photo")
@MainActor
struct LargeProgressTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let size = TerminalSize(columns: 60, rows: 24)

    private func openedFeed() -> FeedState {
        var state = FeedState()
        let photos = (1...3).map { FlickrPhoto(id: "\($0)", owner: "o", secret: "s", server: "1", title: "Photo \($0)") }
        _ = FeedModel().reduce(into: &state, action: .launched(saved: nil))
        _ = FeedModel().reduce(into: &state, action: .pageArrived(
            PageRequest(page: 1, generation: 0, reason: .launch),
            FlickrPage(page: 1, pages: 1, perPage: 40, total: 3, photos: photos), at: now))
        _ = FeedModel().reduce(into: &state, action: .opened(index: 1, size: PixelSize(width: 160, height: 90)))
        return state
    }

    private func text(_ state: FeedState) -> String {
        FeedView(language: .english, imageMode: .text, now: now, isOffline: false)
            .render(state, FeedViewState(state), size: size).plainText()
    }

    @Test("the large view shows a percentage and a bar while a slow photo downloads, and neither once it is in")
    func percentageWhileLoading() {
        var state = openedFeed()
        #expect(!text(state).contains("%"))
        _ = FeedModel().reduce(into: &state, action: .largeProgress(id: "2", TransferProgress(received: 620, expected: 1000)))
        let loading = text(state)
        #expect(loading.contains("62%") && loading.contains("█") && loading.contains("░"))
        // A report that overtook a later one on its way does not step the bar back.
        _ = FeedModel().reduce(into: &state, action: .largeProgress(id: "2", TransferProgress(received: 310, expected: 1000)))
        #expect(text(state).contains("62%"))
        // Another photo's report is not this one's.
        _ = FeedModel().reduce(into: &state, action: .largeProgress(id: "3", TransferProgress(received: 990, expected: 1000)))
        #expect(text(state).contains("62%"))

        _ = FeedModel().reduce(into: &state, action: .largeLoaded(id: "2", .loaded(Bitmap(width: 4, height: 3, filledWith: RGBA(r: 1, g: 2, b: 3)))))
        #expect(!text(state).contains("%") && state.pictures.largeProgress == nil)
    }
}
