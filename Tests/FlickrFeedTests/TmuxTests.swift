import Foundation
import Glibc
import Testing

/// A private tmux server (its own socket), torn down by `stop()`.
final class Tmux {
    let socket = "flickr-test-\(getpid())-\(UUID().uuidString.prefix(8))"

    init(columns: Int, rows: Int, command: String) throws {
        // The server forks from this client and would inherit a pipe for its output, which then never
        // reaches end-of-file: start it with its output thrown away.
        try run(
            ["-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", command],
            capture: false)
    }

    /// Runs `tmux -L socket arguments` and returns what it printed.
    ///
    /// Spawned and reaped here with posix_spawn and waitpid rather than Foundation's `Process`:
    /// the client that starts the server exits while the forked server lives on, and `Process`
    /// was seen leaving that client unreaped, so `waitUntilExit` never returned.
    @discardableResult
    func run(_ arguments: [String], capture: Bool = true) throws -> String {
        var pipe: [Int32] = [-1, -1]
        guard Glibc.pipe(&pipe) == 0 else { throw CocoaError(.fileWriteUnknown) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capture {
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        } else {
            // The server forks from this client and would keep a pipe open for ever.
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else of this process may leak into the server (it lives on, and so would any pipe
        // another test is reading to its end).
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["TERM"] = "xterm-256color"
        let argv = ["tmux", "-L", socket] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        var cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, nil, &cArguments, &cEnvironment)
        close(pipe[1])
        defer { close(pipe[0]) }
        guard spawned == 0 else { throw CocoaError(.executableNotLoadable) }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(pipe[0], &buffer, buffer.count)
            guard count > 0 else { break }
            output.append(contentsOf: buffer[..<count])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return String(decoding: output, as: UTF8.self)
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

    func stop() { _ = try? run(["kill-server"], capture: false) }
}

@Suite("flickr in tmux")
struct TmuxTests {
    @Test(
        "the feed scrolls to the second page, opens a photo, refreshes by the wheel at the top and by r, quits"
    )
    func scrollsToSecondPage() async throws {
        let path = try #require(flickrExecutablePath(), "flickr is built next to the tests")
        let cache = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let tmux = try Tmux(
            columns: 100, rows: 40,
            command: "\(path) --demo --lang en --demo-upload-interval 0 --cache-dir \(cache.path); sleep 30")
        defer { tmux.stop() }
        try await tmux.waitFor("page 1") { $0.contains("page 1/25") }
        try tmux.send("End")
        let second = try await tmux.waitFor("page 2") { $0.contains("page 2/25") }
        #expect(second.contains("80 photos"))
        try tmux.send("Enter")
        try await tmux.waitFor("the large view") { $0.contains("Esc back") && $0.contains("ID: ") }
        try tmux.send("Escape")
        // Pull-to-refresh with the mouse: back to the top, then the wheel up once more.
        try tmux.send("Home")
        try await tmux.waitFor("the large view closed") { !$0.contains("Esc back") }
        try tmux.run(
            ["send-keys", "-t", "0", "-H"]
                + Array("\u{1b}[<64;10;10M".utf8).map { String(format: "%02x", $0) })
        try await tmux.waitFor("refreshed by the wheel") { $0.contains("40 photos · page 1/25") }
        try tmux.send("End")
        try await tmux.waitFor("page 2 again") { $0.contains("80 photos · page 2/25") }
        try tmux.send("r")
        try await tmux.waitFor("refreshed to page 1 by r") { $0.contains("40 photos · page 1/25") }
        try tmux.send("q")
        // The program ended and the shell's `sleep` holds the pane: the alternate screen is gone.
        try await tmux.waitFor("the normal screen") { !$0.contains("Flickr · recent photos") }
    }
}
