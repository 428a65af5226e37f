import Foundation
import TestSupport
import Testing

@Suite("flickr in tmux")
struct TmuxTests {
    @Test(
        "the feed scrolls to the second page, opens a photo, refreshes by the wheel at the top and by r, quits"
    )
    func scrollsToSecondPage() async throws {
        let path = try #require(flickrExecutablePath(), "flickr is built next to the tests")
        let cache = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let tmux = try await TmuxSession(columns: 100, rows: 40)
        defer { tmux.stop() }
        try await tmux.start(
            [path, "--demo", "--lang", "en", "--demo-upload-interval", "0", "--cache-dir", cache.path],
            environment: ["TERM": "xterm-256color"])
        try await tmux.waitFor("page 1") { $0.contains("page 1/25") }
        try await tmux.send("End")
        let second = try await tmux.waitFor("page 2") { $0.contains("page 2/25") }
        #expect(second.contains("80 photos"))
        try await tmux.send("Enter")
        try await tmux.waitFor("the large view") { $0.contains("Esc back") && $0.contains("ID: ") }
        try await tmux.send("Escape")
        // Pull-to-refresh with the mouse: back to the top, then the wheel up once more.
        try await tmux.send("Home")
        try await tmux.waitFor("the large view closed") { !$0.contains("Esc back") }
        try await tmux.sendHex(Array("\u{1b}[<64;10;10M".utf8))
        try await tmux.waitFor("refreshed by the wheel") { $0.contains("40 photos · page 1/25") }
        try await tmux.send("End")
        try await tmux.waitFor("page 2 again") { $0.contains("80 photos · page 2/25") }
        try await tmux.send("r")
        try await tmux.waitFor("refreshed to page 1 by r") { $0.contains("40 photos · page 1/25") }
        try await tmux.send("q")
        try await tmux.expectRestored()
    }
}
