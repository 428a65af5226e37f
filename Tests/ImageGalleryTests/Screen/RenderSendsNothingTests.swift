import Foundation
import StateStore
@testable import TerminalUI
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

    @Test("the spinner turns one frame per tick: renders between ticks draw the same frame, whatever the time")
    func spinnerTurnsOnTicks() {
        let store = GalleryStore(state: GalleryState(urls: Fixture.urls(6)), loader: MockImageLoader())
        let screen = GalleryScreen(store: store, language: .english, connectivityUpdates: nil)
        let size = TerminalSize(columns: 60, rows: 30)
        // Attaching tells the model the layout, and the cells on screen start loading (the mock never answers).
        screen.start(context: ScreenContext(size: size, capabilities: TerminalCapabilities(colorMode: .trueColor)) { _ in })
        #expect(store.state.hasLoadsInFlight)
        let first = screen.render(size: size).plainText()
        #expect(first.contains("\(Spinner(phase: 0).symbol) Loading…"))
        #expect(screen.render(size: size).plainText() == first, "no tick, no turn")
        screen.handle(.tick, context: ScreenContext(size: size, capabilities: TerminalCapabilities(colorMode: .trueColor)) { _ in })
        let turned = screen.render(size: size).plainText()
        #expect(turned.contains("\(Spinner(phase: 1).symbol) Loading…"))
        #expect(screen.render(size: size).plainText() == turned)
    }
}
