import Testing
import TerminalUI
@testable import gallery
import ImageGallery

@MainActor
@Suite("Keys and mouse map to gallery actions")
struct InputMappingTests {
    func makeScreen() async -> ScreenHarness { await ScreenHarness(columns: 60, rows: 50) }

    @Test("keys", arguments: [
        (Key.up, GalleryInput.action(.moveSelection(by: -1))), (.character("k"), .action(.moveSelection(by: -1))),
        (.down, .action(.moveSelection(by: 1))), (.character("j"), .action(.moveSelection(by: 1))),
        (.pageUp, .action(.page(by: -1))), (.pageDown, .action(.page(by: 1))),
        (.home, .action(.selectFirst)), (.end, .action(.selectLast)),
        (.enter, .action(.activateSelected)), (.character("r"), .action(.refresh)),
        (.character("?"), .action(.toggleHelp)), (.character("q"), .quit), (.control("c"), .quit),
        (.character("z"), .ignore),
    ])
    func keys(key: Key, meaning: GalleryInput) async {
        let screen = await makeScreen()
        #expect(GalleryInput.interpret(.key(key), geometry: screen.geometry, state: screen.model.state) == meaning)
    }

    @Test("a click on a cell taps it; a click on the gap, the margin or the bars does nothing", arguments: [
        (10, 5, 0 as Int?), (10, 32, 1), (58, 40, 1), (10, 31, nil), (0, 10, nil), (59, 10, nil), (10, 0, nil), (10, 49, nil),
    ])
    func clicks(column: Int, row: Int, index: Int?) async {
        let screen = await makeScreen()
        let event = Event.mouse(MouseEvent(kind: .press(.left), column: column, row: row))
        let meaning = GalleryInput.interpret(event, geometry: screen.geometry, state: screen.model.state)
        #expect(meaning == (index.map { .action(.tap(index: $0)) } ?? .ignore))
    }

    @Test("a click after scrolling finds the cell under the pointer")
    func clickAfterScroll() async {
        let screen = await makeScreen()
        let scrolled = screen
        _ = await scrolled.input(.key(.end))
        let offset = scrolled.model.state.scrollOffset
        let row = 2 + (5 * 30 - offset) + 3
        let event = Event.mouse(MouseEvent(kind: .press(.left), column: 20, row: row))
        #expect(GalleryInput.interpret(event, geometry: scrolled.geometry, state: scrolled.model.state) == .action(.tap(index: 5)))
    }

    @Test("the wheel scrolls; up at the top pulls to refresh")
    func wheel() async {
        let screen = await makeScreen()
        let harness = screen
        await harness.loadAll()
        #expect(await harness.input(.mouse(MouseEvent(kind: .wheelDown, column: 5, row: 5))) == .action(.scroll(by: 3)))
        #expect(harness.model.state.scrollOffset == 3)
        _ = await harness.input(.mouse(MouseEvent(kind: .wheelUp, column: 5, row: 5)))
        #expect(!harness.model.state.isRefreshing)
        _ = await harness.input(.mouse(MouseEvent(kind: .wheelUp, column: 5, row: 5)))
        #expect(harness.model.state.isRefreshing)
    }

    @Test("a resize becomes the new layout")
    func resize() async {
        let screen = await makeScreen()
        let size = TerminalSize(columns: 100, rows: 30)
        let meaning = GalleryInput.interpret(.resize(size), geometry: screen.geometry, state: screen.model.state)
        #expect(meaning == .action(.layoutChanged(ScreenGeometry(size: size).galleryLayout)))
    }

    @Test("while help shows, keys close it and q still quits")
    func helpKeys() async {
        let screen = await makeScreen()
        let harness = screen
        _ = await harness.input(.key(.character("?")))
        #expect(await harness.input(.key(.down)) == .action(.toggleHelp))
        _ = await harness.input(.key(.character("?")))
        #expect(await harness.input(.key(.character("q"))) == .quit)
    }
}
