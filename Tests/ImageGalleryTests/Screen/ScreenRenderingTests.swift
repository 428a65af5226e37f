import Caching
import ErrorReporting
import Foundation
import Testing
import TerminalUI
@testable import gallery
import ImageGallery

@MainActor
@Suite("The screen, as text frames at portrait 60x50 and landscape 160x40")
struct ScreenRenderingTests {
    /// The column of the first non-space character of `line`.
    func firstColumn(of character: Character, in line: String) -> Int? {
        line.firstIndex(of: character).map { line.distance(from: line.startIndex, to: $0) }
    }

    @Test("portrait: title bar, square cells one column in from each side, a one-row gap, the status bar")
    func portrait() async throws {
        let screen = await ScreenHarness(columns: 60, rows: 50)
        await screen.loadAll()
        let lines = screen.lines()
        #expect(lines[0].contains("Gallery"))
        #expect(lines[2].hasPrefix(" ┏━ 1 ━"))                 // one-column margin
        #expect(lines[2].count == 59 && lines[2].hasSuffix("┓"))  // 58 columns wide: 60 minus two margins
        #expect(screen.geometry.cellHeight == 29)                  // 58 pixels across, 29 rows of 2 pixels: square
        #expect(lines[30].hasPrefix(" ┗"))
        #expect(lines[31].isEmpty)                                  // the gap
        #expect(lines[32].hasPrefix(" ┌─ 2 ─"))
        #expect(lines[49].contains("Enter remove") && lines[49].contains("1/6"))
        #expect(lines[16].hasPrefix("▶┃"))                         // the selection marker
        #expect(lines[10].contains("▀▀▀▀"))                         // the picture
        try Snapshot.expect(screen.text(), matches: "portrait-60x50-loaded")
    }

    @Test("landscape: a cell is taller than the screen, as a square cell on a wide phone")
    func landscape() async throws {
        let screen = await ScreenHarness(columns: 160, rows: 40)
        await screen.loadAll()
        let lines = screen.lines()
        #expect(lines[2].hasPrefix(" ┏━ 1 ━") && lines[2].count == 159)
        #expect(screen.geometry.cellHeight == 79)
        #expect(screen.model.state.visibleRange == 0..<1)
        try Snapshot.expect(screen.text(), matches: "landscape-160x40-loaded")
    }

    @Test("a resize re-lays out the cells and keeps the selected one in view")
    func resize() async {
        let screen = await ScreenHarness(columns: 60, rows: 50)
        await screen.loadAll()
        _ = await screen.input(.key(.end))
        #expect(screen.model.state.selectedIndex == 5)
        var wide = screen
        wide = await ScreenHarness(columns: 160, rows: 40)
        wide.model = screen.model
        _ = await wide.input(.resize(TerminalSize(columns: 160, rows: 40)))
        #expect(wide.model.state.visibleRange.contains(5))
        #expect(wide.lines()[2].hasPrefix(" ┏━ 6 ━"))
    }

    @Test("slide-out frames move the selected cell right until it is off the screen", arguments: [
        (TerminalSize(columns: 60, rows: 50), "portrait-60x50"), (TerminalSize(columns: 160, rows: 40), "landscape-160x40"),
    ])
    func slideOut(size: TerminalSize, name: String) async throws {
        let screen = await ScreenHarness(columns: size.columns, rows: size.rows)
        await screen.loadAll()
        _ = await screen.input(.key(.enter))
        await screen.model.send(.tick(now: .zero))
        #expect(screen.lines()[2].hasPrefix(" ┏━ 1"))
        await screen.model.send(.tick(now: .milliseconds(150)))         // halfway: eased 0.5
        let half = screen.lines()
        #expect(firstColumn(of: "┏", in: half[2]) == 1 + size.columns / 2)
        try Snapshot.expect(screen.text(), matches: "\(name)-slide-out-half")
        await screen.model.send(.tick(now: .milliseconds(299)))
        #expect(firstColumn(of: "┏", in: screen.lines()[2]).map { $0 > size.columns - 2 } ?? true)
    }

    @Test("move-up frames lift the cells below into the gap, then the list settles", arguments: [
        (TerminalSize(columns: 60, rows: 50), "portrait-60x50", 450), (TerminalSize(columns: 160, rows: 40), "landscape-160x40", 540),
    ])
    func moveUp(size: TerminalSize, name: String, milliseconds: Int) async throws {
        let screen = await ScreenHarness(columns: size.columns, rows: size.rows)
        await screen.loadAll()
        let pitch = screen.geometry.cellHeight + 1
        _ = await screen.input(.key(.enter))
        await screen.model.send(.tick(now: .zero))
        await screen.model.send(.tick(now: .milliseconds(milliseconds)))   // part way through moving up
        let removal = try #require(screen.model.state.removal)
        #expect(removal.phase == .closingGap)
        let lines = screen.lines()
        let cellTwoTop = 2 + pitch - Int((removal.easedProgress * Double(pitch)).rounded())
        try #require(cellTwoTop < size.rows - 1)
        #expect(lines[cellTwoTop].contains("─ 2 ─"), "cell 2 has moved up part of the way")
        #expect(!lines.contains { $0.contains("━ 1 ━") }, "cell 1 is gone")
        try Snapshot.expect(screen.text(), matches: "\(name)-move-up-half")
        await screen.model.send(.tick(now: .milliseconds(600)))
        #expect(screen.lines()[2].hasPrefix(" ┏━ 2 ━"))            // in place, and selected
        #expect(screen.model.state.items.count == 5)
    }

    @Test("a loading cell shows a spinner; an idle one is empty")
    func spinner() async {
        let screen = await ScreenHarness(columns: 60, rows: 50)
        let lines = screen.lines()
        #expect(lines[16].contains("⠋ Loading…"))
        #expect(lines[0].hasSuffix("0/6"))
    }

    @Test("failed cells say why inside the cell; timeouts and drops also say to pull down to refresh")
    func failures() async throws {
        let screen = await ScreenHarness(columns: 60, rows: 50)
        await screen.model.finish(0, .failure(Fixture.failure(.unavailable)))
        await screen.model.finish(1, .failure(Fixture.failure(.timeout)))
        let text = screen.text()
        let lines = screen.lines()
        #expect(lines[16].contains("Image at this URL is unavailable"))
        #expect(text.contains("Took too long / the server is not responding"))
        #expect(text.contains("Pull down to refresh"))
        #expect(lines[49].contains("Took too long — pull down to refresh"))
        try Snapshot.expect(text, matches: "portrait-60x50-failures")
    }

    @Test("the messages read in Russian with --lang ru")
    func russian() async {
        let screen = await ScreenHarness(columns: 60, rows: 50)
        screen.renderer.language = .russian
        await screen.model.finish(0, .failure(Fixture.failure(.unavailable)))
        await screen.model.send(.connectivityChanged(isOnline: false))
        let text = screen.text()
        #expect(text.contains("Нет соединения с Интернетом"))
        #expect(text.contains("Изображение по заданному URL"))
        #expect(text.contains("Галерея"))
    }

    @Test("offline: a banner under the title until the network is back")
    func offlineBanner() async {
        let screen = await ScreenHarness(columns: 60, rows: 50)
        await screen.model.send(.connectivityChanged(isOnline: false))
        #expect(screen.lines()[1].contains("No internet connection"))
        await screen.model.send(.connectivityChanged(isOnline: true))
        #expect(!screen.text().contains("No internet connection"))
    }

    @Test("refresh shows a spinner at the top while pictures download again")
    func refreshSpinner() async {
        let screen = await ScreenHarness(columns: 60, rows: 50)
        await screen.loadAll()
        _ = await screen.input(.key(.character("r")))
        #expect(screen.lines()[1].contains("⠋ Refreshing…"))
        await screen.loadAll()
        #expect(screen.lines()[1].isEmpty)
    }

    @Test("selecting a cell that has not loaded says why in the status bar")
    func notLoadedStatus() async {
        let screen = await ScreenHarness(columns: 60, rows: 50)
        _ = await screen.input(.key(.enter))
        #expect(screen.lines()[49].contains("Not loaded yet — can't remove"))
    }

    @Test("a picture that could not be saved offline is shown and the status bar says so")
    func notSavedStatus() async {
        let screen = await ScreenHarness(columns: 60, rows: 50)
        var picture = screen.picture
        picture.storeError = .diskFull(path: "/cache/entries/1")
        await screen.model.finish(0, .success(picture))
        #expect(screen.lines()[10].contains("▀▀▀"))
        #expect(screen.lines()[49].contains("Could not save for offline use"))
    }

    @Test("? shows the keys; any key closes them")
    func help() async {
        let screen = await ScreenHarness(columns: 60, rows: 50)
        _ = await screen.input(.key(.character("?")))
        #expect(screen.text().contains("pull down to refresh"))
        _ = await screen.input(.key(.character("x")))
        #expect(!screen.text().contains("pull down to refresh"))
    }

    @Test("with every cell removed the screen says how to get them back")
    func empty() async {
        let screen = await ScreenHarness(columns: 60, rows: 50, count: 1)
        await screen.loadAll()
        _ = await screen.input(.key(.enter))
        await screen.model.runRemoval()
        #expect(screen.text().contains("No pictures left — pull down to refresh"))
    }
}
