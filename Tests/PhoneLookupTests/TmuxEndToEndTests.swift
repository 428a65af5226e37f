import Foundation
import TestSupport
import Testing

/// Drives the real `lookup --demo` in a private tmux server, as a person would.
@Suite("lookup in tmux, end to end")
struct TmuxEndToEndTests {
    @Test("open the picker, filter, pick, type a number, search, see the results, Continue")
    func wholeStory() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("lookup-tmux-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let tmux = try await TmuxSession(columns: 80, rows: 24)
        defer { tmux.stop() }
        try await tmux.start(
            [try lookupExecutable().path, "--demo", "--cache-dir", cache.path],
            environment: ["LANG": "en_US.UTF-8", "TERM": "xterm-256color"]
        )

        #expect(try await screen(tmux, showing: "e.g. (201) 555-0123", "[ +1 ]").contains("[ Search ]"))
        try await tmux.send("BTab")
        try await tmux.send("Enter")
        #expect(try await screen(tmux, showing: "Select Country").contains("Filter:"))
        try await tmux.type("cay")
        let picker = try await screen(tmux, showing: "Filter: cay", "Cayman Islands")
        #expect(picker.contains("+1 345"))   // the code as the button and the result tell it
        #expect(!picker.contains("+345"))
        try await tmux.send("Enter")
        #expect(try await screen(tmux, showing: "[ +1 345 ]").contains("e.g. (345) 323-1234"))
        try await tmux.type("9161234")
        #expect(try await screen(tmux, showing: "[ +1 345 ] 916-1234").contains("[ Search ]"))
        try await tmux.send("Enter")
        let results = try await screen(tmux, showing: "Search results for number:", "+13459161234", "Cayman Islands")
        #expect(results.contains("Cayman Islands"))
        #expect(results.contains("[ Continue ]"))
        try await tmux.send("Enter")
        let back = try await screen(tmux, showing: "[ +1 345 ] 916-1234")
        #expect(!back.contains("Search results"))
        try await tmux.send("C-c")
        try await tmux.expectRestored()
    }

    /// The screen once it shows every one of `texts`.
    private func screen(_ tmux: TmuxSession, showing texts: String...) async throws -> String {
        try await tmux.waitFor("\(texts)") { pane in texts.allSatisfy(pane.contains) }
    }
}
