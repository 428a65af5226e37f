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
        // Titles sit under each photo row: two rows of photos mean two lines of titles. The page
        // count is on the top line and the titles further down, so one capture may fall between
        // them while tmux is still reading the frame: wait for the whole of it (a screen that never
        // gets there is recorded, with the last capture).
        try await tmux.waitFor("page 1 with two rows of titles") { screen in
            let titleLines = screen.split(separator: "\n").filter { $0.contains("#99") || $0.contains("Фото 99") }
            return screen.contains("page 1/25") && titleLines.count >= 2
        }
        try await tmux.send("?")
        try await tmux.waitFor("the help") { $0.contains("Keys") && $0.contains("any key closes") }
        try await tmux.send("x")
        try await tmux.waitFor("the help closed") { !$0.contains("any key closes") }
        try await tmux.send("Right")
        try await tmux.send("Enter")
        // The large view names its photo once, in the title bar: no label over the picture.
        try await tmux.waitFor("the large view, its title shown once") { screen in
            let title = screen.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            return screen.contains("Esc back") && screen.contains("ID: ")
                && !title.isEmpty && screen.components(separatedBy: title).count == 2
        }
        try await tmux.send("Escape")
        try await tmux.waitFor("the grid again") { !$0.contains("Esc back") }
        try await tmux.send("q")
        try await tmux.expectRestored()
    }
}
