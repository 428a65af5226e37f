import ErrorReporting
import Foundation
import Imaging
import TerminalUI
import TestSupport
import Testing
import FlickrFeed
@testable import flickr

/// Every scene of the feed at the sizes terminals open at, checked as a person would look at it.
@Suite("Flickr at 80x24, 120x40 and 200x60 in every state")
@MainActor
struct ScreenSizesTests {
    nonisolated static let sizes = [
        TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 120, rows: 40), TerminalSize(columns: 200, rows: 60),
    ]

    enum Scene: String, CaseIterable {
        case loadingFirstPage, loaded, scrolled, failed, failedFirstPage, offlineSaved, offlineNothingSaved, empty, help, largeView
    }

    private let now = Fixtures.date
    /// A mid-grey picture: shading draws it as "▒", so a drawn picture row is never blank text.
    private let grey = Bitmap(width: 64, height: 48, filledWith: RGBA(r: 128, g: 128, b: 128))

    private func state(_ scene: Scene) -> (FeedState, FeedViewState, offline: Bool) {
        var feed = FeedState()
        var view = FeedViewState()
        let first = PageRequest(page: 1, generation: 0, reason: .launch)
        switch scene {
        case .loadingFirstPage:
            _ = FeedModel().reduce(into: &feed, action: .launched(saved: nil))
        case .offlineNothingSaved:
            _ = FeedModel().reduce(into: &feed, action: .launched(saved: nil))
            _ = FeedModel().reduce(into: &feed, action: .pageFailed(first, Fixtures.offline))
            return (feed, view, true)
        case .failedFirstPage:
            _ = FeedModel().reduce(into: &feed, action: .launched(saved: nil))
            _ = FeedModel().reduce(into: &feed, action: .pageFailed(first, Fixtures.timeout))
        case .empty:
            _ = FeedModel().reduce(into: &feed, action: .launched(saved: nil))
            _ = FeedModel().reduce(into: &feed, action: .pageArrived(first, FlickrPage(page: 1, pages: 1, perPage: 40, total: 0, photos: []), at: now))
        case .offlineSaved:
            _ = FeedModel().reduce(into: &feed, action: .launched(saved: SavedPage(page: Fixtures.page(1), savedAt: now.addingTimeInterval(-600))))
            _ = FeedModel().reduce(into: &feed, action: .pageFailed(first, Fixtures.offline))
            view = FeedViewState(feed)
            for photo in feed.photos { view.thumbnails[photo.id] = grey }
            return (feed, view, true)
        default:
            _ = FeedModel().reduce(into: &feed, action: .launched(saved: nil))
            _ = FeedModel().reduce(into: &feed, action: .pageArrived(first, Fixtures.page(1), at: now))
        }
        if scene == .scrolled { _ = FeedModel().reduce(into: &feed, action: .select(index: 19)) }
        view = FeedViewState(feed)
        for photo in feed.photos {
            if scene == .failed, Int(photo.id)! % 2 == 0 {
                view.failedThumbnails.insert(photo.id)
            } else {
                view.thumbnails[photo.id] = grey
            }
        }
        switch scene {
        case .help:
            view.isShowingHelp = true
        case .largeView:
            view.mode = .detail(index: 0)
            view.large = (feed.photos[0].id, grey)
        default:
            break
        }
        return (feed, view, false)
    }

    /// The frame as text, with cells painted in a background colour (a picture frame) shown as "·".
    private func lines(_ frame: Frame) -> [String] {
        (0..<frame.size.rows).map { row in
            String((0..<frame.size.columns).map { column -> String in
                let cell = frame[column, row]
                return cell.grapheme == " " && cell.style.background != Style.plain.background ? "·" : cell.grapheme
            }.joined())
        }
    }

    @Test("no word is cut where it could be shortened, no rows are left blank, every photo row shows",
          arguments: sizes, Scene.allCases)
    func scene(size: TerminalSize, scene: Scene) throws {
        let (feed, view, offline) = state(scene)
        let feedView = FeedView(language: .english, imageMode: .text, now: now, isOffline: offline)
        let frame = feedView.render(feed, view, size: size)
        let lines = lines(frame)
        let bars = [0, 1, size.rows - 1]
        #expect(ScreenAudit.midWordCuts(in: lines, rows: bars).isEmpty, "\(lines.joined(separator: "\n"))")
        if view.mode == .grid, !view.isShowingHelp {
            #expect(lines[0].contains("Flickr · recent photos"))
            let layout = feedView.layout(size: size, columns: feed.configuration.columns)
            let area = layout.gridRect
            if !feed.photos.isEmpty {
                // Between cells one blank row at most, and the grid runs down to the last row it has.
                #expect(ScreenAudit.blankRuns(in: lines, rows: area.row..<area.maxRow, longest: 1).isEmpty,
                        "\(lines.joined(separator: "\n"))")
                let grid = layout.grid(selection: feed.selection, topRow: view.topRow)
                let shown = grid.visibleRange(itemCount: feed.photos.count, height: area.height)
                let rowsShown = (shown.count + grid.columns - 1) / grid.columns
                #expect(rowsShown == min(grid.partlyVisibleRows(height: area.height),
                                         grid.rowCount(itemCount: feed.photos.count) - grid.visibleOffsetRow(
                                            itemCount: feed.photos.count, height: area.height)))
                // The last row of the grid area is drawn whenever photos go on below it.
                let last = grid.visibleOffsetRow(itemCount: feed.photos.count, height: area.height) * grid.columns
                    + rowsShown * grid.columns
                if last < feed.photos.count { #expect(!lines[area.maxRow - 1].allSatisfy { $0 == " " }) }
                // Cells never overlap one another, the bars, or the edges.
                let rects = shown.compactMap { grid.cellRect(for: $0, in: area, itemCount: feed.photos.count) }
                for (i, a) in rects.enumerated() {
                    #expect(area.intersection(a) == a)
                    for b in rects[(i + 1)...] { #expect(a.intersection(b).isEmpty) }
                }
            } else {
                #expect(lines[area.row..<area.maxRow].contains { !$0.allSatisfy { $0 == " " } }, "the empty grid says why")
            }
        }
        if view.isShowingHelp {
            #expect(lines.contains { $0.contains("pull to refresh") } && lines.contains { $0.contains("any key closes") })
        }
        if case .detail = view.mode {
            #expect(lines.filter { $0.contains("Photo 1000") }.count == 1, "the title shows once")
            #expect(lines.contains { $0.contains("Owner: owner1000@N00") } && lines.contains { $0.contains("ID: 51000") })
        }
        if scene == .offlineNothingSaved {
            #expect(!lines[0].contains("0 photos") && !lines.joined().contains("More photos"))
            #expect(lines.joined(separator: " ").contains("No photos saved yet"))
        }
    }

    @Test("in Russian too, no bar cuts a word where it could be shortened", arguments: sizes)
    func russian(size: TerminalSize) {
        for scene in Scene.allCases {
            let (feed, view, offline) = state(scene)
            let lines = lines(FeedView(language: .russian, imageMode: .text, now: now, isOffline: offline)
                .render(feed, view, size: size))
            #expect(ScreenAudit.midWordCuts(in: lines, rows: [0, 1, size.rows - 1]).isEmpty,
                    "\(scene): \(lines.joined(separator: "\n"))")
        }
    }

    @Test("every scene in Russian shows no English word but names, numbers and keys", arguments: sizes)
    func russianWords(size: TerminalSize) {
        for scene in Scene.allCases {
            let (feed, view, offline) = state(scene)
            let text = lines(FeedView(language: .russian, imageMode: .text, now: now, isOffline: offline)
                .render(feed, view, size: size)).joined(separator: "\n")
            // The photos' titles and owners are the strangers' own words (here "Photo 1", "owner1").
            let words = ScreenAudit.englishWords(in: text, allowing: ["Photo", "owner", "N00"])
            #expect(words.isEmpty, "\(scene): \(words)\n\(text)")
        }
    }

    @Test("every plain line reads in Russian: page headers, sources, errors")
    func russianPlain() {
        let urls = FlickrImageURLs(imageBase: URL(string: "http://127.0.0.1:9")!)
        let formatter = PagerFormatter(style: .plain, imageURLs: urls, language: .russian)
        let network = PageReport(page: 1, source: .network, photos: [Fixtures.photo(1)], pages: 25, total: 1000, dropped: 2)
        let saved = PageReport(page: 1, source: .saved, photos: [Fixtures.photo(1)], pages: 25, total: 1000, dropped: 0,
                               savedAt: now.addingTimeInterval(-9))
        var lines = formatter.lines(for: .page(network), now: now) + formatter.lines(for: .page(saved), now: now)
        // A refused key's message quotes Flickr's own English words, so it is not among these.
        lines += [Fixtures.offline, Fixtures.timeout].map { formatter.failureLine($0) }
        lines.append(formatter.failureLine(FlickrAdvice.missingKey))
        let text = lines.joined(separator: "\n")
        let words = ScreenAudit.englishWords(in: text, allowing: ["Photo", "owner", "N00", "FLICKR", "API", "KEY", "api", "key", "demo"])
        #expect(words.isEmpty, "\(words)\n\(text)")
        #expect(lines[0].hasPrefix("# страница 1/25 · сеть · фото: 1"), "\(lines[0])")
    }

    @Test("at 80x24 and 160x45 two rows of photos show, the second cut by the bottom edge where it must be")
    func twoRows() {
        let (feed, view, _) = state(.loaded)
        for size in [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 160, rows: 45)] {
            let frame = FeedView(language: .english, imageMode: .text, now: now, isOffline: false)
                .render(feed, view, size: size)
            let text = frame.plainText()
            // Photos 1000-998 are the first row, 997-995 the second.
            #expect(text.contains("Photo 1000") && text.contains("▒"))
            let secondRowPictures = lines(frame)[(size.rows / 2 + 2)...].contains { $0.contains("▒") }
            #expect(secondRowPictures, "the second row's pictures are drawn at \(size)")
        }
    }

    @Test("with the cell size in pixels a cell's picture frame is exactly 4:3 and the picture loads at 4:3")
    func pixelCells() {
        let layout = FeedLayout(size: TerminalSize(columns: 160, rows: 45), cellPixels: PixelSize(width: 10, height: 20))
        let width = layout.cellWidth * 10, height = layout.imageLines * 20
        #expect(abs(Double(width) * 3 / 4 - Double(height)) <= 10, "4:3 to the nearest row")
        #expect(layout.thumbnailSize == PixelSize(width: width, height: width * 3 / 4))
        // Drawn with real pixels, each cell's frame is exactly 4:3, whatever the photo's own shape.
        let (feed, _, _) = state(.loaded)
        var view = FeedViewState(feed)
        for photo in feed.photos { view.thumbnails[photo.id] = Bitmap(width: 30, height: 60, filledWith: RGBA(r: 9, g: 9, b: 9)) }
        let frame = FeedView(language: .english, imageMode: .pixels(.kitty, cell: PixelSize(width: 10, height: 20)),
                             now: now, isOffline: false).render(feed, view, size: TerminalSize(columns: 160, rows: 45))
        let mattes = frame.images.compactMap(\.matte?.size)
        #expect(!mattes.isEmpty && mattes.allSatisfy { $0 == layout.thumbnailSize })
    }
}
