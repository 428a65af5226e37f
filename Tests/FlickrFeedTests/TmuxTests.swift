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

/// A listener that accepts connections (the kernel completes them from the backlog) and never
/// answers: a server that hangs.
final class SilentListener: Sendable {
    let descriptor: Int32
    let port: Int

    init() throws {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, length) }
        }
        guard bound == 0, listen(socketDescriptor, 64) == 0 else {
            close(socketDescriptor)
            throw POSIXError(.EADDRINUSE)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketDescriptor, $0, &length) }
        }
        descriptor = socketDescriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}

@Suite("flickr in tmux against a server that never answers")
struct SilentServerTmuxTests {
    @Test("over a saved page a refresh shows that it runs, then its failure; the saved page's age moves on")
    func refreshOverSavedPage() async throws {
        let path = try #require(flickrExecutablePath(), "flickr is built next to the tests")
        let cache = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let saved = try await Run.flickr(["--demo", "--json", "--pages", "1", "--cache-dir", cache.path,
                                          "--demo-upload-interval", "0"])
        #expect(saved.status == 0, "\(saved.stderr)")
        let (tmux, silent) = try await Self.startAgainstSilentServer(path, cache: cache)
        defer {
            tmux.stop()
            withExtendedLifetime(silent) {}
        }
        try await tmux.waitFor("the saved page, refreshing") { $0.contains("Saved") && $0.contains("Refreshing…") }
        let failed = try await tmux.waitFor("the timeout, beside the saved page", seconds: 15) {
            $0.contains("Saved") && $0.contains("Took too long")
        }
        // The age is worded in seconds at first: with no key pressed it must move on.
        let age = failed.split(separator: "\n").first { $0.contains("Saved") }.map(String.init) ?? ""
        try await tmux.waitFor("the age moving with no key pressed", seconds: 5) { screen in
            let line = screen.split(separator: "\n").first { $0.contains("Saved") }.map(String.init) ?? ""
            return !line.isEmpty && line != age
        }
        // The automatic retries run on; r asks at once, and the banner keeps saying both.
        try await tmux.send("r")
        try await tmux.waitFor("r runs a refresh that shows, with the failure beside it", seconds: 15) {
            $0.contains("Refreshing…") && $0.contains("Took too long") && $0.contains("Saved")
        }
        try await tmux.send("q")
        try await tmux.expectRestored()
    }

    @Test("with no saved page the body shows the failure, never \"Loading\" beside a failed banner")
    func firstPageFails() async throws {
        let path = try #require(flickrExecutablePath(), "flickr is built next to the tests")
        let cache = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let (tmux, silent) = try await Self.startAgainstSilentServer(path, cache: cache)
        defer {
            tmux.stop()
            withExtendedLifetime(silent) {}
        }
        let screen = try await tmux.waitFor("the timeout", seconds: 15) { $0.contains("Took too long") }
        #expect(!screen.contains("Loading the first page"), "\(screen)")
        try await tmux.send("q")
        try await tmux.expectRestored()
    }

    /// flickr in a 100x30 tmux whose API and pictures are a server that accepts and never answers
    /// (a 2 s timeout); the listener lives as long as the caller keeps it.
    private static func startAgainstSilentServer(_ path: String, cache: URL) async throws -> (TmuxSession, SilentListener) {
        let silent = try SilentListener()
        let tmux = try await TmuxSession(columns: 100, rows: 30)
        do {
            try await tmux.start(
                [path, "--lang", "en", "--cache-dir", cache.path, "--api-key", "demo", "--timeout", "2",
                 "--api-base", "http://127.0.0.1:\(silent.port)/services/rest/",
                 "--image-base", "http://127.0.0.1:\(silent.port)/img"],
                environment: ["TERM": "xterm-256color"])
        } catch {
            tmux.stop()
            throw error
        }
        return (tmux, silent)
    }
}
