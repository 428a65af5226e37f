import Foundation
import Testing

/// Drives the real `lookup --demo` in a detached tmux session, as a person would.
@Suite("lookup in tmux, end to end")
struct TmuxEndToEndTests {
    let session = "lookup-e2e-\(UUID().uuidString.prefix(8))"

    /// Runs a tmux command; only `capture-pane` has output worth reading (a pipe given to
    /// `new-session` would be inherited by the tmux server and never reach end-of-file).
    @discardableResult
    func tmux(_ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux"] + arguments
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard arguments.first == "capture-pane" else {
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return ""
        }
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The screen once it shows every one of `texts`; records an issue if it never does within 5 s.
    func screen(showing texts: String...) async throws -> String {
        var pane = ""
        for _ in 0..<100 {
            pane = try tmux("capture-pane", "-p", "-t", session)
            if texts.allSatisfy(pane.contains) { return pane }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the screen never showed \(texts):\n\(pane)")
        return pane
    }

    @Test("open the picker, filter, pick, type a number, search, see the results, Continue")
    func wholeStory() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("lookup-tmux-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let command = "env LANG=en_US.UTF-8 TERM=xterm-256color '\(try lookupExecutable().path)' --demo --cache-dir '\(cache.path)'"
        try tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", command)
        defer { _ = try? tmux("kill-session", "-t", session) }

        #expect(try await screen(showing: "Enter a phone number", "[ +1 ]").contains("[ Search ]"))
        try tmux("send-keys", "-t", session, "BTab")
        try tmux("send-keys", "-t", session, "Enter")
        #expect(try await screen(showing: "Select Country").contains("Filter:"))
        try tmux("send-keys", "-t", session, "-l", "cay")
        let picker = try await screen(showing: "Filter: cay", "Cayman Islands")
        #expect(picker.contains("+345"))
        try tmux("send-keys", "-t", session, "Enter")
        #expect(try await screen(showing: "[ +345 ]").contains("Enter a phone number"))
        try tmux("send-keys", "-t", session, "-l", "555 1234")
        #expect(try await screen(showing: "[ +345 ] 555 1234").contains("[ Search ]"))
        try tmux("send-keys", "-t", session, "Enter")
        let results = try await screen(showing: "Search results for number:", "+13455551234", "Region: Cayman Islands")
        #expect(results.contains("Cayman Islands"))
        #expect(results.contains("[ Continue ]"))
        try tmux("send-keys", "-t", session, "Enter")
        let back = try await screen(showing: "[ +345 ] 555 1234")
        #expect(!back.contains("Search results"))
    }
}
