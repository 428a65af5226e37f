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
                return screen.contains("━ 1 ━") && !screen.contains("Loading") && title.hasSuffix("/7") && !title.hasSuffix(" 0/7")
            }
            #expect(loaded.contains("Gallery"))
            #expect(loaded.contains("▀▀▀▀"))
            try await tmux.send("Enter")
            let after = try await tmux.waitFor("cell 2 in the first place") { screen in
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return lines.count > 2 && lines[2].contains("━ 2 ━") && !screen.contains("─ 1 ─") && !screen.contains("━ 1 ━")
            }
            #expect(!after.contains("━ 1 ━"))
            #expect(after.contains("1/6"))
            try await tmux.send("q")
            try await tmux.expectRestored()
        }

        /// The cells' rows of the pane with their colours (half-block pictures differ only in
        /// colour), without the title and status bars, whose counters change as cells ahead load.
        private static func colours(_ tmux: TmuxSession) async throws -> String {
            let lines = try await tmux.tmux(["capture-pane", "-p", "-e", "-t", "0"]).split(separator: "\n")
            return lines.dropFirst().dropLast().joined(separator: "\n")
        }

        /// Starts the demo at 100x40 with `extra` arguments and selects cell 2, the animated GIF,
        /// which then fills the screen; returns once it has loaded.
        private static func showAnimatedCell(_ extra: [String]) async throws -> (TmuxSession, URL) {
            let port = try await GalleryProcess.freePort()
            let cache = GalleryProcess.temporaryDirectory()
            let tmux = try await TmuxSession(columns: 100, rows: 40)
            try await tmux.start([GalleryProcess.executable, "--demo", "--demo-port", "\(port)", "--cache-dir", cache.path] + extra)
            try await tmux.waitFor("cell 1 loaded") { $0.contains("━ 1 ━") && !$0.contains("Loading") }
            try await tmux.send("j")
            try await tmux.waitFor("cell 2 loaded, alone on screen") { screen in
                screen.contains("━ 2 ━") && !screen.contains("Loading") && !screen.contains("─ 1 ─") && !screen.contains("━ 1 ━")
            }
            return (tmux, cache)
        }

        /// The cells' rows once they have read the same for `quiet`. A frame reaches tmux as many
        /// writes, and a capture taken between them shows it part-drawn: the condition a test
        /// waited for ("Loading" gone) can hold while the rows below it still show the last frame.
        /// Records an issue when the pane never goes quiet within `limit`.
        private static func settled(
            _ tmux: TmuxSession, quiet: Duration = .milliseconds(300), limit: Duration = .seconds(10),
            sourceLocation: SourceLocation = #_sourceLocation
        ) async throws -> String {
            var last = try await colours(tmux)
            var since = ContinuousClock.now
            let end = since + limit
            while ContinuousClock.now < end {
                let now = try await colours(tmux)
                if now != last {
                    last = now
                    since = ContinuousClock.now
                } else if ContinuousClock.now - since >= quiet {
                    return last
                }
            }
            Issue.record("the pane never stayed the same for \(quiet)", sourceLocation: sourceLocation)
            return last
        }

        /// Records an issue when the pane, once its last frame is drawn, changes within `window`
        /// (many frame delays of the demo GIF).
        private static func expectStill(
            _ tmux: TmuxSession, for window: Duration, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
        ) async throws {
            let first = try await settled(tmux, sourceLocation: sourceLocation)
            var changed = false
            // Absence can only be shown over a span of time: the pane is read again and again
            // through the window (each read is a tmux process, which paces the loop).
            let end = ContinuousClock.now + window
            while ContinuousClock.now < end, !changed {
                changed = try await colours(tmux) != first
            }
            #expect(!changed, "\(what): the pane changed", sourceLocation: sourceLocation)
        }

        @Test("the animated GIF's cell changes on screen over time, and stops changing once it scrolls away")
        func animatedCellPlaysOnlyOnScreen() async throws {
            let (tmux, cache) = try await Self.showAnimatedCell([])
            defer {
                tmux.stop()
                try? FileManager.default.removeItem(at: cache)
            }
            // The demo GIF turns its spinner every 80 ms and loops: the pane changes without a key
            // pressed, and comes back to a picture it showed before. Coming back is what tells
            // playing from one frame arriving in parts (see `settled`), which never repeats.
            var seen = [try await Self.colours(tmux)]
            var looped = false
            // A loop takes about a second; the bound is for a debug build on a loaded machine,
            // where each text-art frame and each capture can take many times its usual time.
            let deadline = ContinuousClock.now + .seconds(30)
            while !looped, ContinuousClock.now < deadline {
                let now = try await Self.colours(tmux)
                guard now != seen.last else { continue }
                looped = seen.dropLast().contains(now) && Set(seen).count >= 3
                seen.append(now)
            }
            #expect(looped, "the animated cell never went round its loop (\(Set(seen).count) pictures seen)")

            try await tmux.send("j", "j")
            try await tmux.waitFor("cell 4 loaded, cell 2 off screen") { screen in
                screen.contains("━ 4 ━") && !screen.contains("Loading") && !screen.contains("─ 2 ─") && !screen.contains("━ 2 ━")
            }
            try await Self.expectStill(tmux, for: .seconds(1), "cell 2 scrolled away")
            try await tmux.send("q")
            try await tmux.expectRestored()
        }

        @Test("with --no-animation the animated GIF's cell shows its first frame and never changes")
        func noAnimationStaysStill() async throws {
            let (tmux, cache) = try await Self.showAnimatedCell(["--no-animation"])
            defer {
                tmux.stop()
                try? FileManager.default.removeItem(at: cache)
            }
            try await Self.expectStill(tmux, for: .seconds(1), "--no-animation")
            try await tmux.send("q")
            try await tmux.expectRestored()
        }
    }
}
