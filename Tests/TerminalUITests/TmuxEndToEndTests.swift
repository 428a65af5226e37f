import Foundation
import TestSupport
import Testing

@Suite("tui-demo in tmux")
struct TmuxEndToEndTests {
    @Test("keys, a click and the alert drive the demo; q quits and the terminal is restored")
    func drive() async throws {
        let demo = try #require(builtExecutable("tui-demo"), "tui-demo is built next to the tests")
        let tmux = try await TmuxSession(columns: 80, rows: 24)
        defer { tmux.stop() }
        try await tmux.start([demo])
        // The whole first frame: its title is on the top line, and a capture taken while tmux is
        // still reading the frame would have it without the rows below.
        try await tmux.waitFor("the first frame") {
            $0.contains("TerminalUI demo") && $0.contains("Apple") && $0.contains("selected: Apple") && $0.contains("80x24")
        }
        #expect(try await tmux.flag("alternate_on") == "1")
        #expect(try await tmux.flag("mouse_sgr_flag") == "1")

        // SIGWINCH: the demo redraws at the new size.
        try await tmux.tmux(["resize-window", "-t", "0", "-x", "100", "-y", "30"])
        try await tmux.waitFor("100x30")
        try await tmux.tmux(["resize-window", "-t", "0", "-x", "80", "-y", "24"])
        try await tmux.waitFor("80x24")

        try await tmux.send("j")
        try await tmux.send("j")
        try await tmux.waitFor("selected: Banana")
        try await tmux.send("Down")
        try await tmux.waitFor("selected: Blackberry")

        // A left click on the fifth line of the list (row 9 on screen, 1-based) selects Blueberry.
        try await tmux.sendHex(Array("\u{1b}[<0;5;9M\u{1b}[<0;5;9m".utf8))
        try await tmux.waitFor("selected: Blueberry")

        try await tmux.send("Tab")
        try await tmux.type("li")
        try await tmux.waitFor("selected: Lime")
        let filtered = try await tmux.screen()
        #expect(!filtered.contains("Apple"))
        try await tmux.send("Escape")
        try await tmux.type("a")
        try await tmux.waitFor("You picked Lime.")
        try await tmux.send("Enter")
        try await tmux.waitFor("the alert to close") { !$0.contains("You picked") }

        try await tmux.type("q")
        try await tmux.expectRestored()
    }

    @Test("Ctrl-C, SIGTERM, SIGHUP and crash signals all leave the terminal restored",
          arguments: ["C-c", "TERM", "HUP", "INT", "SEGV", "ABRT"])
    func restoredOnEveryExit(how: String) async throws {
        let demo = try #require(builtExecutable("tui-demo"), "tui-demo is built next to the tests")
        let tmux = try await TmuxSession(columns: 60, rows: 20)
        defer { tmux.stop() }
        try await tmux.start([demo])
        try await tmux.waitFor("TerminalUI demo")
        #expect(try await tmux.flag("alternate_on") == "1")
        if how == "C-c" {
            try await tmux.send("C-c")
        } else {
            let pid = try await tmux.programPID()
            let signals: [String: Int32] = ["TERM": SIGTERM, "HUP": SIGHUP, "INT": SIGINT, "SEGV": SIGSEGV, "ABRT": SIGABRT]
            kill(pid, try #require(signals[how]))
        }
        try await tmux.expectRestored()
    }

    @Test("the demo looks right at 200x60")
    func large() async throws {
        let demo = try #require(builtExecutable("tui-demo"), "tui-demo is built next to the tests")
        let tmux = try await TmuxSession(columns: 200, rows: 60)
        defer { tmux.stop() }
        try await tmux.start([demo])
        try await tmux.waitFor("200x60")
        // The whole first frame, not just its first rows: on a loaded machine the capture can
        // come while tmux is still reading the frame.
        try await tmux.waitFor("the list and the picture") { $0.contains("Watermelon") && $0.contains("▀▀▀▀▀▀▀▀▀▀") }
        try await tmux.type("q")
        try await tmux.expectRestored()
    }
}
