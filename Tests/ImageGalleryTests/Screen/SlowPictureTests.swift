import Foundation
import Networking
import Testing
import TerminalUI
@testable import gallery
import ImageGallery

/// A picture whose download takes more than a moment: its cell says how far it is.
@MainActor
@Suite("A slow picture's progress in its cell")
struct SlowPictureTests {
    @Test("a gallery cell shows a percentage and a bar on a slow picture, and the picture once it is in")
    func cellShowsProgress() async throws {
        let screen = await ScreenHarness(columns: 60, rows: 50)
        let token = try #require(screen.model.token(0))
        #expect(!screen.text().contains("%"))
        await screen.model.send(.loadProgressed(token, TransferProgress(received: 450, expected: 1000)))
        let loading = screen.text()
        #expect(loading.contains("Loading… 45%"))
        #expect(loading.contains("█") && loading.contains("░"))
        // A report that overtook a later one does not step it back; a stale token's is dropped.
        await screen.model.send(.loadProgressed(token, TransferProgress(received: 100, expected: 1000)))
        #expect(screen.text().contains("45%"))

        await screen.model.finish(0, .success(screen.picture))
        #expect(!screen.text().contains("45%") && screen.model.state.items[0].progress == nil)
    }
}
