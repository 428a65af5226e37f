import ErrorReporting
import Foundation
import ImageGallery
import Imaging
import Networking
import TerminalUI
import TestSupport
import Testing
@testable import gallery

/// Every scene of the gallery at the sizes terminals open at, checked as a person would look at it.
@MainActor
@Suite("The gallery at 80x24, 120x40 and 200x60 in every state")
struct GalleryScreenSizesTests {
    nonisolated static let sizes = [
        TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 120, rows: 40), TerminalSize(columns: 200, rows: 60),
    ]

    enum Scene: String, CaseIterable {
        case loading, loaded, failed, failedSelected, timedOut, offline, empty, help, fitted, slideOutFrame, moveUpFrame
    }

    private func screen(_ scene: Scene, size: TerminalSize) async -> ScreenHarness {
        var screen = await ScreenHarness(columns: size.columns, rows: size.rows)
        switch scene {
        case .loading:
            break
        case .loaded:
            await screen.loadAll()
        case .failed, .failedSelected:
            await screen.model.finish(0, .failure(LoadFailure(NetworkError.httpStatus(code: 404, url: Fixture.url(1)))))
            await screen.loadAll()
            if scene == .failedSelected { _ = await screen.input(.key(.enter)) }
        case .timedOut:
            await screen.model.finish(0, .failure(Fixture.failure(.timeout)))
            await screen.loadAll()
        case .offline:
            await screen.loadAll()
            await screen.model.send(.connectivityChanged(isOnline: false))
        case .empty:
            screen = await ScreenHarness(columns: size.columns, rows: size.rows, count: 1)
            await screen.loadAll()
            _ = await screen.input(.key(.enter))
            await screen.model.runRemoval()
        case .help:
            await screen.loadAll()
            _ = await screen.input(.key(.character("?")))
        case .fitted:
            await screen.toggleFit()
            await screen.loadAll()
        case .slideOutFrame, .moveUpFrame:
            await screen.loadAll()
            _ = await screen.input(.key(.enter))
            await screen.model.send(.tick(now: .zero))
            await screen.model.send(.tick(now: .milliseconds(scene == .slideOutFrame ? 150 : 450)))
        }
        return screen
    }

    @Test("no word is cut where it could be shortened, nothing overlaps the bars, no rows are left blank",
          arguments: sizes, Scene.allCases)
    func scene(size: TerminalSize, scene: Scene) async {
        let screen = await screen(scene, size: size)
        let lines = screen.lines()
        let dump = lines.joined(separator: "\n")
        #expect(ScreenAudit.midWordCuts(in: lines, rows: [0, 1, size.rows - 1]).isEmpty, "\(dump)")
        #expect(lines[0].contains("Gallery") && lines[0].contains("loaded "), "\(dump)")
        if scene != .help {
            // The status bar shows its words whole: the selected picture's number, or the status.
            let status = lines[size.rows - 1]
            #expect(status.contains("q quit"), "\(dump)")
            if let text = screen.model.state.status {
                #expect(status.contains(text.text.english) || status.contains(text.shortText.english), "\(dump)")
            } else if screen.model.state.selectedIndex != nil {
                #expect(status.contains("picture "), "\(dump)")
            }
        }
        if scene != .moveUpFrame, scene != .empty, scene != .help {
            // A closing gap may be wider while it closes; otherwise one blank row between cells at most.
            #expect(ScreenAudit.blankRuns(in: lines, rows: 2..<(size.rows - 1), longest: 1).isEmpty, "\(dump)")
        }
        switch scene {
        case .failed, .failedSelected:
            #expect(dump.contains("Image at this URL is unavailable") && dump.contains("not found (HTTP 404)"), "\(dump)")
            if scene == .failedSelected { #expect(lines[size.rows - 1].contains("Failed"), "\(dump)") }
        case .timedOut:
            #expect(dump.contains("Pull down to refresh (r)"), "\(dump)")
        case .offline:
            #expect(lines[1].contains("No internet connection"))
        case .empty:
            #expect(dump.contains("No pictures left — pull down to refresh (r)"))
        case .help:
            #expect(dump.contains("pull down to refresh") && dump.contains("any key closes"))
        case .fitted:
            // A whole picture on screen: the first cell's top and bottom border both show.
            #expect(lines[2].contains("┏") && lines[2...].contains { $0.contains("┗") }, "\(dump)")
        default:
            break
        }
    }

    @Test("in Russian too, no bar cuts a word where it could be shortened", arguments: sizes)
    func russian(size: TerminalSize) async {
        for scene in Scene.allCases {
            let screen = await screen(scene, size: size)
            screen.renderer.language = .russian
            let lines = screen.lines()
            #expect(ScreenAudit.midWordCuts(in: lines, rows: [0, 1, size.rows - 1]).isEmpty, "\(scene): \(lines.joined(separator: "\n"))")
            #expect(lines[0].contains("Галерея"))
        }
    }

    @Test("every scene in Russian shows no English word but names, numbers, URLs and keys; the footer keeps its help hint",
          arguments: sizes)
    func russianWords(size: TerminalSize) async {
        for scene in Scene.allCases {
            let screen = await screen(scene, size: size)
            screen.renderer.language = .russian
            let text = screen.text()
            #expect(ScreenAudit.englishWords(in: text).isEmpty, "\(scene): \(ScreenAudit.englishWords(in: text))\n\(text)")
            if scene == .loaded {
                #expect(screen.lines()[size.rows - 1].contains("? справка"), "the footer keeps its help hint: \(text)")
            }
        }
    }

    @Test("at 40 columns the status says less before anything is cut mid-word")
    func narrow() async {
        let screen = await ScreenHarness(columns: 40, rows: 24)
        await screen.model.finish(0, .failure(Fixture.failure(.timeout)))
        let status = screen.lines()[23]
        #expect(status.contains("Took too long — r refreshes") && !status.contains("ref…"), "\(status)")
    }

    @Test("one key press moves to the next picture at any size; J/K scroll by rows inside a tall one", arguments: sizes)
    func onePressPerPicture(size: TerminalSize) async {
        let screen = await ScreenHarness(columns: size.columns, rows: size.rows)
        await screen.loadAll()
        _ = await screen.input(.key(.down))
        _ = await screen.input(.key(.down))
        #expect(screen.model.state.selectedIndex == 2, "picture 3 in two presses at \(size)")
        let layout = screen.model.state.layout
        #expect(screen.model.state.scrollOffset <= layout.top(ofCellAt: 2), "its top is on screen")
        let before = screen.model.state.scrollOffset
        _ = await screen.input(.key(.character("J")))
        if layout.cellHeight > layout.viewportHeight {
            #expect(screen.model.state.scrollOffset == before + GalleryInput.wheelStep)
            #expect(screen.model.state.selectedIndex == 2, "scrolling inside keeps the picture")
        }
        _ = await screen.input(.key(.up))
        #expect(screen.model.state.selectedIndex == 1)
    }

    @Test("with f, PgDn and PgUp land on a cell's top, its border whole", arguments: sizes)
    func fitPageLandsOnTop(size: TerminalSize) async {
        let screen = await ScreenHarness(columns: size.columns, rows: size.rows)
        await screen.toggleFit()
        await screen.loadAll()
        let layout = screen.model.state.layout
        let maxOffset = max(0, 6 * layout.pitch - layout.gap - layout.viewportHeight)
        var offsets: [Int] = []
        for _ in 0..<3 {
            _ = await screen.input(.key(.pageDown))
            offsets.append(screen.model.state.scrollOffset)
        }
        _ = await screen.input(.key(.pageUp))
        offsets.append(screen.model.state.scrollOffset)
        for offset in offsets {
            #expect(offset % layout.pitch == 0 || offset == maxOffset, "offset \(offset), pitch \(layout.pitch) at \(size)")
        }
        #expect(offsets[0] > 0, "PgDn moved")
    }

    @Test("the title's loaded count counts pictures loaded, not pictures still in memory")
    func loadedCountStays() async {
        let screen = await ScreenHarness(columns: 80, rows: 24)
        await screen.loadAll()
        var seen = screen.model.state.loadedCount
        #expect(seen > 0)
        for _ in 0..<6 {
            _ = await screen.input(.key(.down))
            await screen.loadAll()
            let now = screen.model.state.loadedCount
            #expect(now >= seen, "loaded went down from \(seen) to \(now)")
            seen = now
        }
        #expect(seen == 6)
        #expect(screen.lines()[0].contains("loaded 6/6"), "\(screen.lines()[0])")
        _ = await screen.input(.key(.home))
        #expect(screen.lines()[0].contains("loaded 6/6"), "back at the top, far pictures let go: \(screen.lines()[0])")
    }

    @Test("in pixels, f makes the square as tall as the list allows, centred, with its 10-pixel margins")
    func fitInPixels() async throws {
        let screen = await ScreenHarness(columns: 80, rows: 24, cellPixels: PixelSize(width: 10, height: 20))
        await screen.toggleFit()
        let square = try #require(screen.geometry.squarePixels)
        #expect(square.height == 21 * 20 - 20 && square.width == square.height)
        #expect(square.x == (800 - square.width) / 2 && square.y == 10)
        #expect(screen.geometry.cellHeight == 21)
        #expect(screen.model.state.layout.cellPixelSize == PixelSize(width: square.width, height: square.height))
    }

    @Test("f fits cells to the screen's height and back", arguments: sizes)
    func fit(size: TerminalSize) async {
        let screen = await ScreenHarness(columns: size.columns, rows: size.rows)
        let wide = screen.geometry.cellHeight
        #expect(await screen.input(.key(.character("f"))) == .toggleFit)
        await screen.toggleFit()
        #expect(screen.geometry.cellHeight <= size.rows - 3 && screen.geometry.cellHeight <= wide)
        await screen.toggleFit()
        #expect(screen.geometry.cellHeight == wide)
    }
}

@MainActor
@Suite("A failed cell says which failure it is")
struct FailureReasonTests {
    @Test("not found, not an image and damaged keep the seed's words, with the reason beside them",
          arguments: [
            (LoadFailure(NetworkError.httpStatus(code: 404, url: URL(string: "http://x.test/a.jpg")!)), "not found (HTTP 404)"),
            (LoadFailure(ImagingError.notAnImage), "not an image"),
            (LoadFailure(ImagingError.corrupt("bad marker")), "the image is damaged"),
          ])
    func reasons(failure: LoadFailure, reason: String) async {
        #expect(failure.cellMessage.english == "Image at this URL is unavailable (\(reason))")
        #expect(failure.cellMessage.russian.hasPrefix("Изображение по заданному URL недоступно ("))
    }

    @Test("Enter on a failed cell says it failed and why, not that it is still loading")
    func enterOnFailed() async {
        let model = await GalleryTestStore()
        await model.finish(0, .failure(LoadFailure(ImagingError.notAnImage)))
        await model.send(.activateSelected)
        #expect(model.state.status?.text.english == "Failed to load: Image at this URL is unavailable (not an image) — can't remove")
    }
}
