import Foundation
import TestSupport
import Testing

@Suite("flickr at 80x24 in tmux")
struct SmallTerminalTests {
    @Test("two rows of photos show, ? shows the keys, the large view names the photo once, q restores the terminal")
    func smallTerminal() async throws {
        let path = try #require(flickrExecutablePath(), "flickr is built next to the tests")
        let cache = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let tmux = try await TmuxSession(columns: 80, rows: 24)
        defer { tmux.stop() }
        try await tmux.start(
            [path, "--demo", "--lang", "en", "--demo-upload-interval", "0", "--cache-dir", cache.path],
            environment: ["TERM": "xterm-256color"])
        let grid = try await tmux.waitFor("page 1") { $0.contains("page 1/25") }
        // Titles sit under each photo row: two rows of photos mean two lines of titles.
        let titleLines = grid.split(separator: "\n").filter { $0.contains("#99") || $0.contains("Фото 99") }
        #expect(titleLines.count >= 2, "\(grid)")
        try await tmux.send("?")
        try await tmux.waitFor("the help") { $0.contains("Keys") && $0.contains("any key closes") }
        try await tmux.send("x")
        try await tmux.waitFor("the help closed") { !$0.contains("any key closes") }
        try await tmux.send("Right")
        try await tmux.send("Enter")
        let large = try await tmux.waitFor("the large view") { $0.contains("Esc back") && $0.contains("ID: ") }
        let title = large.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        #expect(!title.isEmpty && large.components(separatedBy: title).count == 2, "the title shows once: \(large)")
        try await tmux.send("Escape")
        try await tmux.waitFor("the grid again") { !$0.contains("Esc back") }
        try await tmux.send("q")
        try await tmux.expectRestored()
    }
}
