import Foundation
import Testing

/// A private tmux server (its own socket) running `sh` in one pane, for driving full-screen programs.
///
/// ```swift
/// let tmux = try await TmuxSession(columns: 100, rows: 40)
/// defer { tmux.stop() }
/// try await tmux.start(["/path/to/gallery", "--demo"])
/// try await tmux.waitFor("Gallery")
/// try await tmux.send("Enter")
/// ```
public final class TmuxSession: Sendable {
    public let socket = "wb-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    public let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-pane-\(UUID().uuidString).pid")

    public init(columns: Int, rows: Int) async throws {
        try await tmux(["-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "sh"])
    }

    /// Runs one tmux command against this server and returns what it printed.
    @discardableResult
    public func tmux(_ arguments: [String]) async throws -> String {
        try await Subprocess.run("tmux", ["-L", socket] + arguments, environment: Self.clientEnvironment, timeout: .seconds(20)).output
    }

    /// The environment of our tmux clients, which the server and so the pane inherit.
    private static var clientEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["ENV"] = nil
        environment["PS1"] = "$ "
        // Programs in the pane see a modern truecolor terminal, whatever the CI's own TERM says.
        environment["NO_COLOR"] = nil
        // Run from kitty or Ghostty, the programs in tmux would draw kitty placeholders; the
        // screens tested here are text.
        environment["KITTY_WINDOW_ID"] = nil
        environment["GHOSTTY_RESOURCES_DIR"] = nil
        environment["COLORTERM"] = "truecolor"
        return environment
    }

    /// The shell command that signals `channel` of this server, for a script in the pane to run.
    public func signalCommand(_ channel: String) -> String { "tmux -L \(socket) wait-for -S \(channel)" }

    /// Waits until `channel` is signalled (``signalCommand(_:)``, ``signalOnAlternateScreen(_:)``):
    /// true, or false when `timeout` passes first. tmux keeps a signal sent before anyone waits, so
    /// one sent early is not missed; the `wait-for` client is reaped like any child, so nothing polls.
    public func waitFor(channel: String, timeout: Duration) async throws -> Bool {
        let result = try await Subprocess.run("tmux", ["-L", socket, "wait-for", channel],
                                              environment: Self.clientEnvironment, timeout: timeout)
        return result.status == 0
    }

    /// Signals `channel` once the pane's program switches to the alternate screen, read from the
    /// pane's output as it is written (`pipe-pane`) rather than from captures. Call it before
    /// ``start(_:environment:)``. ESC becomes a line end so that grep, which matches whole lines,
    /// sees the switch at once; the signal is sent inside grep's side of the pipe, which ends at
    /// the match, while `tr` lives on until its next write.
    public func signalOnAlternateScreen(_ channel: String) async throws {
        let watcher = "stdbuf -o0 tr '\\033' '\\n' | { grep -a -q -x -F '[?1049h' && \(signalCommand(channel)); }"
        try await tmux(["pipe-pane", "-t", "0", watcher])
    }

    public func send(_ keys: String...) async throws { try await tmux(["send-keys", "-t", "0"] + keys) }
    public func type(_ text: String) async throws { try await tmux(["send-keys", "-t", "0", "-l", text]) }
    public func sendHex(_ bytes: [UInt8]) async throws {
        try await tmux(["send-keys", "-t", "0", "-H"] + bytes.map { String(format: "%02x", $0) })
    }
    public func screen() async throws -> String { try await tmux(["capture-pane", "-p", "-t", "0"]) }
    public func flag(_ name: String) async throws -> String {
        try await tmux(["display-message", "-p", "-t", "0", "#{\(name)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Starts `command` in the pane from a small script that records its pid, then `exec`s it, so
    /// the program owns the pane exactly as it would in a person's terminal.
    public func start(_ command: [String], environment: [String: String] = [:]) async throws {
        let script = pidFile.deletingPathExtension().appendingPathExtension("sh")
        let assignments = environment.map { "\($0.key)=\(shellQuoted($0.value))" }.joined(separator: " ")
        let line = command.map(shellQuoted).joined(separator: " ")
        try "echo $$ > \(shellQuoted(pidFile.path))\nexec env \(assignments) \(line)\n"
            .write(to: script, atomically: true, encoding: .utf8)
        try await type("sh \(script.path)")
        try await send("Enter")
    }

    /// The pid of the program started with ``start(_:environment:)``.
    public func programPID() async throws -> Int32 {
        var pid: Int32?
        await waitUntil(timeout: .seconds(10), every: .milliseconds(50)) {
            pid = (try? String(contentsOf: pidFile, encoding: .utf8))
                .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            return pid != nil
        }
        guard let pid else { throw CocoaError(.fileNoSuchFile) }
        return pid
    }

    /// Polls the pane until `condition` holds (up to `seconds`); records an issue and returns the last
    /// capture when it never does.
    @discardableResult
    public func waitFor(
        _ what: String,
        seconds: Double = 15,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: (String) -> Bool
    ) async throws -> String {
        var last = ""
        let shown = try await waitUntil(timeout: .milliseconds(Int(seconds * 1000)), every: .milliseconds(50)) {
            last = try await screen()
            return condition(last)
        }
        if shown { return last }
        Issue.record("timed out waiting for \(what); screen was:\n\(last)", sourceLocation: sourceLocation)
        return last
    }

    /// Polls the pane until it shows `text`.
    @discardableResult
    public func waitFor(_ text: String, seconds: Double = 15, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        try await waitFor("\"\(text)\"", seconds: seconds, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// The terminal is back to normal: main screen, cursor shown, mouse off, and the shell reads a
    /// line again (it would not in raw mode).
    public func expectRestored(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        var alternate = ""
        try await waitUntil(timeout: .seconds(5), every: .milliseconds(50)) {
            alternate = try await flag("alternate_on")
            return alternate == "0"
        }
        #expect(alternate == "0", sourceLocation: sourceLocation)
        #expect(try await flag("cursor_flag") == "1", sourceLocation: sourceLocation)
        #expect(try await flag("mouse_any_flag") == "0", sourceLocation: sourceLocation)
        try await type("echo restored-$((40+2))")
        try await send("Enter")
        try await waitFor("restored-42", sourceLocation: sourceLocation)
    }

    /// Kills the server and everything in it. Safe to call more than once.
    public func stop() {
        // Synchronous on purpose so `defer { tmux.stop() }` works; kill-server returns at once.
        _ = try? Subprocess.runAndWait("tmux", ["-L", socket, "kill-server"])
        try? FileManager.default.removeItem(at: pidFile)
        try? FileManager.default.removeItem(at: pidFile.deletingPathExtension().appendingPathExtension("sh"))
    }
}

private func shellQuoted(_ word: String) -> String {
    let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,+@%".contains($0) }
    return safe ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
