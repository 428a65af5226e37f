import Foundation
import Testing

@Suite("gallery full-screen in tmux", .serialized)
struct GalleryTmuxTests {
    /// A private tmux server for this test, so no other test or person's session is touched.
    let socket = "gallery-test-\(UUID().uuidString.prefix(8))"

    /// Runs `tmux` on the private server with `arguments`; returns its output when `capture` is set.
    ///
    /// Only `capture-pane` pipes stdout: a server started by `new-session` would inherit the pipe
    /// and keep it open, and reading it would never end.
    @discardableResult
    func tmux(_ arguments: [String], capture: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        process.arguments = ["-L", socket, "-f", "/dev/null"] + arguments
        let out = Pipe()
        process.standardOutput = capture ? out : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = capture ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Polls the pane until `condition` holds (up to 10 s) and returns the last capture.
    func waitForScreen(_ session: String, _ condition: (String) -> Bool) async throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        var screen = ""
        while clock.now < deadline {
            screen = try tmux(["capture-pane", "-p", "-t", session], capture: true)
            if condition(screen) { return screen }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the screen never matched; last capture:\n\(screen)")
        return screen
    }

    @Test("Enter on the first loaded cell slides it away and the second takes its place; q quits")
    func removeFirstCell() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"))
        let port = try await GalleryProcess.freePort()
        let cache = GalleryProcess.temporaryDirectory()
        let session = "gallery-\(UUID().uuidString.prefix(8))"
        defer {
            _ = try? tmux(["kill-server"])
            try? FileManager.default.removeItem(at: cache)
        }
        let command = "\(GalleryProcess.executable.path) --demo --demo-port \(port) --cache-dir \(cache.path); sleep 30"
        try tmux(["new-session", "-d", "-s", session, "-x", "100", "-y", "40", command])

        // Cell 1 fills the 100x40 screen; loaded means no spinner on it and a count in the title.
        let loaded = try await waitForScreen(session) { screen in
            let title = screen.split(separator: "\n").first.map(String.init) ?? ""
            return screen.contains("━ 1 ━") && !screen.contains("Loading") && title.hasSuffix("/6") && !title.hasSuffix(" 0/6")
        }
        #expect(loaded.contains("Gallery"))
        try tmux(["send-keys", "-t", session, "Enter"])
        let after = try await waitForScreen(session) { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count > 2 && lines[2].contains("━ 2 ━") && !screen.contains("─ 1 ─") && !screen.contains("━ 1 ━")
        }
        #expect(!after.contains("━ 1 ━"))
        #expect(after.contains("1/5"))
        try tmux(["send-keys", "-t", session, "q"])
        _ = try await waitForScreen(session) { !$0.contains("Gallery") }
    }
}
