import Foundation
import TestSupport
import Testing

extension ServerAndProcessTests {
    @Suite("gallery full-screen in tmux", .serialized)
    struct GalleryTmuxTests {
        @Test("Enter on the first loaded cell slides it away and the second takes its place; q quits and restores the terminal")
        func removeFirstCell() async throws {
            let port = try await GalleryProcess.freePort()
            let cache = GalleryProcess.temporaryDirectory()
            let tmux = try await TmuxSession(columns: 100, rows: 40)
            defer {
                tmux.stop()
                try? FileManager.default.removeItem(at: cache)
            }
            try await tmux.start([GalleryProcess.executable, "--demo", "--demo-port", "\(port)", "--cache-dir", cache.path])

            // Cell 1 fills the 100x40 screen; loaded means no spinner on it and a count in the title.
            let loaded = try await tmux.waitFor("cell 1 loaded") { screen in
                let title = screen.split(separator: "\n").first.map(String.init) ?? ""
                return screen.contains("━ 1 ━") && !screen.contains("Loading") && title.hasSuffix("/6") && !title.hasSuffix(" 0/6")
            }
            #expect(loaded.contains("Gallery"))
            #expect(loaded.contains("▀▀▀▀"))
            try await tmux.send("Enter")
            let after = try await tmux.waitFor("cell 2 in the first place") { screen in
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return lines.count > 2 && lines[2].contains("━ 2 ━") && !screen.contains("─ 1 ─") && !screen.contains("━ 1 ━")
            }
            #expect(!after.contains("━ 1 ━"))
            #expect(after.contains("1/5"))
            try await tmux.send("q")
            try await tmux.expectRestored()
        }
    }
}
