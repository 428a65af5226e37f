import Caching
import ErrorReporting
import Foundation
import TerminalUI
import Testing
import FlickrFeed
@testable import flickr

/// Screens as text: `render(state, size)` read back with `plainText()`.
@Suite("Feed screen as text")
@MainActor
struct FeedViewTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func view(offline: Bool = false) -> FeedView {
        FeedView(language: .english, imageMode: .text, now: now, isOffline: offline)
    }

    private func feed(_ photos: [FlickrPhoto], pages: Int = 25, total: Int = 1000, saved: Date? = nil)
        -> FeedState
    {
        var state = FeedState()
        let page = FlickrPage(page: 1, pages: pages, perPage: 40, total: total, photos: photos)
        if let saved {
            _ = FeedModel().reduce(into: &state, action: .launched(saved: SavedPage(page: page, savedAt: saved)))
        } else {
            _ = FeedModel().reduce(into: &state, action: .launched(saved: nil))
            _ = FeedModel().reduce(into: &state, action: .pageArrived(PageRequest(page: 1, generation: 0, reason: .launch), page, at: now))
        }
        return state
    }

    @Test("three columns of 4:3 frames, titles cut with an ellipsis, the loading row under the last")
    func threeColumns() {
        let photos = [
            FlickrPhoto(id: "1", owner: "o", secret: "s", server: "1", title: "Short"),
            FlickrPhoto(
                id: "2", owner: "o", secret: "s", server: "1",
                title: "A very long title that cannot fit in one cell"),
            FlickrPhoto(id: "3", owner: "o", secret: "s", server: "1", title: "Third"),
            FlickrPhoto(id: "4", owner: "o", secret: "s", server: "1", title: ""),
        ]
        let text = view().render(feed(photos), FeedViewState(), size: TerminalSize(columns: 48, rows: 20))
            .plainText()
        let expected = """
             Flickr · recent photos    4 photos · page 1/25



                  …               …               …


            Short           A very long t…  Third



                  …


            (untitled)

                                Loading…


            ↑↓←→ move · Enter open · r refresh · q quit
            """
        // (48 columns leave out "? help" rather than cut a word.)
        #expect(text == expected)
        let layout = FeedLayout(size: TerminalSize(columns: 48, rows: 20))
        #expect(layout.cellWidth == 14 && layout.imageLines == 5)  // 14 x 10 pixels: 4:3 as near as whole lines go
    }

    @Test("a title never wraps into the next cell", arguments: [60, 80, 100, 133])
    func titlesNeverWrap(columns: Int) {
        let long = String(repeating: "Wide 写真 ", count: 20)
        let photos = (1...6).map {
            FlickrPhoto(id: "\($0)", owner: "o", secret: "s", server: "1", title: long)
        }
        let frame = view().render(
            feed(photos), FeedViewState(), size: TerminalSize(columns: columns, rows: 40))
        let layout = FeedLayout(size: frame.size)
        let titleRow = layout.gridRect.row + layout.imageLines
        let line = frame.plainText().split(separator: "\n", omittingEmptySubsequences: false)[titleRow]
        #expect(line.filter { $0 == "…" }.count == 3)
        for column in 0..<3 {
            let start = column * (layout.cellWidth + FeedLayout.columnSpacing)
            // The gap after each title is blank: nothing spilled over.
            for x
                in (start + layout.cellWidth)..<min(frame.size.columns, start + layout.cellWidth + FeedLayout.columnSpacing)
            {
                #expect(frame[x, titleRow].grapheme == " ")
            }
        }
    }

    @Test("a saved page is marked with its age; offline says more needs the network")
    func savedAndOffline() {
        var state = feed((1...3).map { Fixtures.photo($0) }, saved: now.addingTimeInterval(-300))
        _ = FeedModel().reduce(into: &state, action: .pageFailed(PageRequest(page: 1, generation: 0, reason: .launch), Fixtures.offline))
        let text = view().render(state, FeedViewState(), size: TerminalSize(columns: 80, rows: 24))
            .plainText()
        #expect(text.contains("No internet connection · Saved 5 min ago"))
        #expect(text.contains("More photos need the network"))
    }

    @Test("a first page that could not be kept says so on the bottom line, in place of the key hints")
    func notSaved() {
        var viewState = FeedViewState()
        viewState.notSaved = FlickrAdvice.shown(.firstPage(.diskFull(path: "/cache/flickr/first-page.sqlite")))
        let frame = view().render(feed((1...3).map { Fixtures.photo($0) }), viewState, size: TerminalSize(columns: 80, rows: 24))
        let bottom = frame.plainText().split(separator: "\n", omittingEmptySubsequences: false)[23]
        #expect(bottom.hasPrefix("The first page could not be kept for the next launch: the disk is full. Free so"))
        #expect(!bottom.contains("q quit"))
        let plain = view().render(feed((1...3).map { Fixtures.photo($0) }), FeedViewState(), size: TerminalSize(columns: 80, rows: 24))
        #expect(plain.plainText().contains("q quit"))
    }

    @Test("the end of the stream says so")
    func end() {
        let text = view().render(
            feed([Fixtures.photo(1)], pages: 1, total: 1), FeedViewState(),
            size: TerminalSize(columns: 80, rows: 24)
        ).plainText()
        #expect(text.contains("That is all for now") && !text.contains("Loading"))
    }

    @Test("Enter shows the photo large with its title, owner and id")
    func detail() {
        var photo = Fixtures.photo(7, title: "Harbour at dusk")
        photo.ownerName = "Ann"
        var viewState = FeedViewState()
        viewState.mode = .detail(index: 0)
        let text = view().render(feed([photo]), viewState, size: TerminalSize(columns: 60, rows: 20))
            .plainText()
        #expect(
            text.contains("Harbour at dusk") && text.contains("Owner: Ann (owner7@N00)")
                && text.contains("ID: 50007"))
        #expect(text.contains("Esc back"))
    }

    @Test("Russian when asked")
    func russian() {
        let text = FeedView(language: .russian, imageMode: .text, now: now, isOffline: true)
            .render(feed([Fixtures.photo(1)]), FeedViewState(), size: TerminalSize(columns: 80, rows: 24))
            .plainText()
        #expect(text.contains("Нет соединения с Интернетом"))
    }

    @Test("the repeated-photos notice shows on the page that skipped them only, with that page's count")
    func repeatsNoticePerPage() throws {
        // Page 2 repeats four of page 1 (uploads shifted the pages), page 3 two of page 2.
        let pages = [Array(1...6), Array(3...8), Array(7...12)].map { $0.map { Fixtures.photo($0) } }
        var state = FeedState()
        var effects = FeedModel().reduce(into: &state, action: .launched(saved: nil))
        func fetch(in effects: [FeedEffect]) -> PageRequest? {
            for case .fetch(let request) in effects { return request }
            return nil
        }
        for (index, photos) in pages.enumerated() {
            let request = try #require(
                fetch(in: effects) ?? fetch(in: FeedModel().reduce(into: &state, action: .viewed(lastVisibleIndex: state.photos.count - 1))))
            #expect(request.page == index + 1)
            effects = FeedModel().reduce(into: &state, action: .pageArrived(
                request, FlickrPage(page: index + 1, pages: 25, perPage: 6, total: 150, photos: photos), at: now))
        }
        #expect(state.photos.count == 12)
        let size = TerminalSize(columns: 100, rows: 30)
        func banner(selecting index: Int) -> String {
            var selected = state
            _ = FeedModel().reduce(into: &selected, action: .select(index: index))
            return view().render(selected, FeedViewState(), size: size).plainText()
                .split(separator: "\n", omittingEmptySubsequences: false)[1].description
        }
        #expect(banner(selecting: 0).trimmingCharacters(in: .whitespaces).isEmpty, "page 1 skipped nothing")
        #expect(banner(selecting: 6).contains("4 repeated photos skipped"), "\(banner(selecting: 6))")
        #expect(banner(selecting: 9).contains("2 repeated photos skipped"), "\(banner(selecting: 9))")
        #expect(banner(selecting: 0).trimmingCharacters(in: .whitespaces).isEmpty, "back at the top: no notice")
    }
}
