import Foundation
import TestSupport
import Testing

/// The bytes the gallery writes for kitty, read from its pane's output as the program wrote it
/// (tmux's `pipe-pane`), before any terminal interprets them. The program is told it is not in
/// tmux (`TMUX=`), so it speaks to kitty directly; tmux drops the graphics commands on screen.
@Suite("The gallery's kitty commands, captured from its output", .serialized)
struct KittyCaptureTests {
    @Test("the demo's looping GIF: each frame sent once with its gap, run by kitty, then no byte for it while it plays")
    func kittyPlaysTheDemoGIF() async throws {
        let gallery = try #require(builtExecutable("gallery"), "the gallery is built with the tests")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kitty-capture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let capture = scratch.appendingPathComponent("pane.bytes")
        // A small screen: its pictures are the fewest bytes for tmux to read past.
        let tmux = try await TmuxSession(columns: 40, rows: 16)
        defer {
            tmux.stop()
            try? FileManager.default.removeItem(at: scratch)
        }
        try await tmux.tmux(["pipe-pane", "-t", "0", "-o", "cat >> '\(capture.path)'"])
        try await tmux.start([gallery, "--demo", "--demo-port", "0", "--cache-dir", scratch.appendingPathComponent("cache").path,
                              "--graphics", "kitty"], environment: ["TMUX": ""])
        func written() -> [UInt8] { (try? [UInt8](Data(contentsOf: capture))) ?? [] }

        // Cell 2 is the demo's animated GIF: select it, and wait for kitty to be told to run it.
        try await tmux.waitFor("two cells loaded") { $0.contains("loaded 2/") || $0.contains("loaded 3/") }
        // The status line says which picture is selected once the key is read.
        try await tmux.send("j")
        try await tmux.waitFor("picture 2 selected") { $0.contains("picture 2/") }
        var run: (id: Int, keys: [String: String])?
        // The frames are made as the cell first shows: a while in a debug build.
        let started = await waitUntil(timeout: .seconds(40), every: .milliseconds(50)) {
            run = KittyCommands(written()).controls.first { $0.keys["s"] == "3" }
            return run != nil
        }
        #expect(started, "kitty is never told to run an animation")
        let id = try #require(run?.id)
        let stream = KittyCommands(written())
        let frames = stream.frames.filter { $0.id == id }
        // Twelve frames of 80 ms, looping for ever: eleven after the first, which went as the image.
        #expect(frames.count == 11)
        #expect(stream.framesChunksWithoutKeys == 0)
        #expect(frames.allSatisfy { $0.gap == 80 })
        #expect(stream.controls.contains { $0.id == id && $0.keys["r"] == "1" && $0.keys["z"] == "80" })
        #expect(run?.keys["v"] == "1")
        let image = try #require(stream.images[id])
        #expect(frames.allSatisfy { $0.bitmap.size == image.size })

        // While kitty plays it, the gallery writes nothing for it: watched for two whole loops
        // (12 x 80 ms each), no command naming the image comes.
        let mark = written().count
        let wrote = await waitUntil(timeout: .milliseconds(2 * 12 * 80 + 500), every: .milliseconds(20)) {
            let later = Array(written().dropFirst(mark))
            return KittyCommands(later).names(id)
        }
        #expect(!wrote, "the gallery wrote for the playing image")
        try await tmux.send("q")
        try await tmux.expectRestored()
    }
}
