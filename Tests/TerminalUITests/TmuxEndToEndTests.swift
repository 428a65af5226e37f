import Foundation
import Testing

/// A private tmux server (its own socket) running `sh`, torn down by `stop()`.
final class TmuxSession {
    let socket = "tui-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("tui-demo-\(UUID().uuidString).pid")

    init(columns: Int, rows: Int) throws {
        try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "sh"])
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "-L", socket] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["PS1"] = "$ "
        environment["ENV"] = nil
        process.environment = environment
        // Output goes to a file, not a pipe: the tmux server started by new-session inherits the
        // descriptor and would keep a pipe open forever.
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return String(decoding: try Data(contentsOf: output), as: UTF8.self)
    }

    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", "0"] + keys) }
    func type(_ text: String) throws { try tmux(["send-keys", "-t", "0", "-l", text]) }
    func sendHex(_ bytes: [UInt8]) throws {
        try tmux(["send-keys", "-t", "0", "-H"] + bytes.map { String(format: "%02x", $0) })
    }
    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", "0"]) }
    func flag(_ name: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "0", "#{\(name)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls the pane until `condition` holds (up to 10 s); returns the last capture.
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

    func waitFor(_ text: String) async throws {
        try await waitFor("\"\(text)\"") { $0.contains(text) }
    }

    /// The pid of the demo, written by the shell that execs it.
    func demoPID() async throws -> Int32 {
        for _ in 0..<100 {
            if let text = try? String(contentsOf: pidFile, encoding: .utf8),
               let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return pid
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw CocoaError(.fileNoSuchFile)
    }

    func startDemo(_ path: String) throws {
        try type("sh -c 'echo $$ > \(pidFile.path); exec \(path)'")
        try send("Enter")
    }

    /// The terminal is back to normal: main screen, cursor shown, mouse off, and the shell reads
    /// a line again (it would not in raw mode).
    func expectRestored() async throws {
        try await waitFor("the main screen") { _ in (try? self.flag("alternate_on")) == "0" }
        #expect(try flag("alternate_on") == "0")
        #expect(try flag("cursor_flag") == "1")
        #expect(try flag("mouse_any_flag") == "0")
        try type("echo restored-$((40+2))")
        try send("Enter")
        try await waitFor("restored-42")
    }

    func stop() {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: pidFile)
    }
}

/// Where the built `tui-demo` is: next to the test bundle, or in .build/debug.
func tuiDemoPath() -> String? {
    var candidates: [URL] = []
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    candidates.append(runner.deletingLastPathComponent())
    candidates.append(runner.deletingLastPathComponent().deletingLastPathComponent())
    if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    candidates.append(root.appendingPathComponent(".build/debug"))
    return candidates.map { $0.appendingPathComponent("tui-demo").path }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
}

@Suite("tui-demo in tmux")
struct TmuxEndToEndTests {
    @Test("keys, a click and the alert drive the demo; q quits and the terminal is restored")
    func drive() async throws {
        let demo = try #require(tuiDemoPath(), "tui-demo is built next to the tests")
        let tmux = try TmuxSession(columns: 80, rows: 24)
        defer { tmux.stop() }
        try tmux.startDemo(demo)
        try await tmux.waitFor("TerminalUI demo")
        #expect(try tmux.flag("alternate_on") == "1")
        #expect(try tmux.flag("mouse_sgr_flag") == "1")
        let first = try tmux.screen()
        #expect(first.contains("Apple") && first.contains("selected: Apple") && first.contains("80x24"))

        // SIGWINCH: the demo redraws at the new size.
        try tmux.tmux(["resize-window", "-t", "0", "-x", "100", "-y", "30"])
        try await tmux.waitFor("100x30")
        try tmux.tmux(["resize-window", "-t", "0", "-x", "80", "-y", "24"])
        try await tmux.waitFor("80x24")

        try tmux.send("j")
        try tmux.send("j")
        try await tmux.waitFor("selected: Banana")
        try tmux.send("Down")
        try await tmux.waitFor("selected: Blackberry")

        // A left click on the fifth line of the list (row 9 on screen, 1-based) selects Blueberry.
        try tmux.sendHex(Array("\u{1b}[<0;5;9M\u{1b}[<0;5;9m".utf8))
        try await tmux.waitFor("selected: Blueberry")

        try tmux.send("Tab")
        try tmux.type("li")
        try await tmux.waitFor("selected: Lime")
        let filtered = try tmux.screen()
        #expect(!filtered.contains("Apple"))
        try tmux.send("Escape")
        try tmux.type("a")
        try await tmux.waitFor("You picked Lime.")
        try tmux.send("Enter")
        try await tmux.waitFor("the alert to close") { !$0.contains("You picked") }

        try tmux.type("q")
        try await tmux.expectRestored()
    }

    @Test("Ctrl-C, SIGTERM, SIGHUP and crash signals all leave the terminal restored",
          arguments: ["C-c", "TERM", "HUP", "INT", "SEGV", "ABRT"])
    func restoredOnEveryExit(how: String) async throws {
        let demo = try #require(tuiDemoPath(), "tui-demo is built next to the tests")
        let tmux = try TmuxSession(columns: 60, rows: 20)
        defer { tmux.stop() }
        try tmux.startDemo(demo)
        try await tmux.waitFor("TerminalUI demo")
        #expect(try tmux.flag("alternate_on") == "1")
        if how == "C-c" {
            try tmux.send("C-c")
        } else {
            let pid = try await tmux.demoPID()
            let signals: [String: Int32] = ["TERM": SIGTERM, "HUP": SIGHUP, "INT": SIGINT, "SEGV": SIGSEGV, "ABRT": SIGABRT]
            kill(pid, try #require(signals[how]))
        }
        try await tmux.expectRestored()
    }

    @Test("the demo looks right at 200x60")
    func large() async throws {
        let demo = try #require(tuiDemoPath(), "tui-demo is built next to the tests")
        let tmux = try TmuxSession(columns: 200, rows: 60)
        defer { tmux.stop() }
        try tmux.startDemo(demo)
        try await tmux.waitFor("200x60")
        let screen = try tmux.screen()
        #expect(screen.contains("Watermelon"))
        #expect(screen.contains("▀▀▀▀▀▀▀▀▀▀"))
        try tmux.type("q")
        try await tmux.expectRestored()
    }
}
