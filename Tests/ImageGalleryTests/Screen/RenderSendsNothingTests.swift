import Foundation
import StateStore
import TerminalUI
import Testing
@testable import gallery
import ImageGallery

@Suite("A screen only draws")
@MainActor
struct RenderSendsNothingTests {
    @Test("render sends nothing: a size never seen before is drawn from the state as it is")
    func renderSendsNothing() {
        let store = GalleryStore(state: GalleryState(urls: Fixture.urls(6)), loader: MockImageLoader())
        var handled: [GalleryAction] = []
        store.monitor = { activity in
            if case .handled(let action, _) = activity { handled.append(action) }
        }
        let screen = GalleryScreen(store: store, language: .english, connectivityUpdates: nil)
        let before = store.state
        for size in [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 120, rows: 40)] {
            _ = screen.render(size: size)
        }
        #expect(handled.isEmpty)
        #expect(store.state == before)
    }
}
