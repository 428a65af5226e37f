import Foundation
import Testing

/// A private tmux server (its own socket), torn down by `stop()`.
final class Tmux {
    let socket = "flickr-test-\(getpid())-\(UUID().uuidString.prefix(8))"

    init(columns: Int, rows: Int, command: String) throws {
        try run(["-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", command])
    }

    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "-L", socket] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["TERM"] = "xterm-256color"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func send(_ keys: String...) throws { try run(["send-keys", "-t", "0"] + keys) }
    func screen() throws -> String { try run(["capture-pane", "-p", "-t", "0"]) }

    @discardableResult
    func waitFor(_ what: String, _ condition: (String) -> Bool) async throws -> String {
        var last = ""
        for _ in 0..<200 {
            last = try screen()
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("timed out waiting for \(what); screen was:\n\(last)")
        return last
    }

    func stop() { _ = try? run(["kill-server"]) }
}

@Suite("flickr in tmux")
struct TmuxTests {
    @Test("the feed scrolls to the second page, refreshes with r, opens a photo, and quits cleanly")
    func scrollsToSecondPage() async throws {
        let path = try #require(flickrExecutablePath(), "flickr is built next to the tests")
        let cache = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let tmux = try Tmux(columns: 100, rows: 40,
                            command: "\(path) --demo --lang en --demo-upload-interval 0 --cache-dir \(cache.path); sleep 30")
        defer { tmux.stop() }
        try await tmux.waitFor("page 1") { $0.contains("page 1/25") }
        try tmux.send("End")
        let second = try await tmux.waitFor("page 2") { $0.contains("page 2/25") }
        #expect(second.contains("80 photos"))
        try tmux.send("Enter")
        try await tmux.waitFor("the large view") { $0.contains("Esc back") && $0.contains("ID: ") }
        try tmux.send("Escape")
        try tmux.send("r")
        try await tmux.waitFor("refreshed to page 1") { $0.contains("40 photos · page 1/25") }
        try tmux.send("q")
        // The program ended and the shell's `sleep` holds the pane: the alternate screen is gone.
        try await tmux.waitFor("the normal screen") { !$0.contains("Flickr · recent photos") }
    }
}
