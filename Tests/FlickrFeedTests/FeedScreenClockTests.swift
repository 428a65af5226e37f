import Foundation
import Locking
@testable import TerminalUI
import Testing
@testable import FlickrFeed
@testable import flickr

@Suite("The feed screen reads its clock on events, not in render")
@MainActor
struct FeedScreenClockTests {
    @Test("the saved page's age moves on a tick: renders between ticks draw the same frame, whatever the clock says")
    func ageMovesOnTicks() {
        let time = LockedValue(Fixtures.date)
        let saved = SavedPage(page: Fixtures.page(1), savedAt: Fixtures.date.addingTimeInterval(-60))
        let feed = FeedStore(api: MockAPI(), store: MemoryStore(saved: saved))
        defer { feed.cancelAll() }
        let screen = FeedScreen(store: feed, connectivity: nil, language: .english, now: { time.withLock { $0 } })
        let size = TerminalSize(columns: 100, rows: 30)
        let context = ScreenContext(size: size, capabilities: TerminalCapabilities(colorMode: .trueColor)) { _ in }
        screen.start(context: context)
        let first = screen.render(size: size).plainText()
        #expect(first.contains("Saved 1 min ago"), "\(first)")
        time.withLock { $0 = $0.addingTimeInterval(120) }
        #expect(screen.render(size: size).plainText() == first, "no event, no new time")
        screen.handle(.tick, context: context)
        #expect(screen.render(size: size).plainText().contains("Saved 3 min ago"))
    }
}
