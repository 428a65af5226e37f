import Foundation
import TestSupport

/// Runs README commands as a person would, in a terminal (a tmux pane of its own), with
/// `swift run NAME` going to the executable this build made.
///
/// A command that ends by itself must exit 0. One that goes full-screen gets `q` (then Ctrl-C,
/// lookup's key) and must then exit 0. One that keeps running without going full-screen is a server
/// for the lines after it: it stays up until ``stopServers()`` and must still be running then.
final class ReadmeRunner {
    /// How a command ended.
    struct Outcome: Sendable {
        var status: Int32?
        var fullScreen: Bool
        var server: Bool
        var screen: String
    }

    let root: URL
    let scratch: URL
    private var servers: [(ReadmeCommand, TmuxSession, URL)] = []

    /// - Parameters:
    ///   - root: The repository (the working directory of every command).
    ///   - binaries: The folder with the built `gallery`, `lookup` and `flickr`.
    init(root: URL, binaries: URL) throws {
        self.root = root
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        let bin = scratch.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("home"), withIntermediateDirectories: true)
        // `swift run NAME ARGS` runs the executable already built; any other use of swift here is
        // a line that should have been marked.
        let shim = """
            #!/bin/sh
            if [ "$1" = run ] && [ -n "$2" ] && [ -x '\(binaries.path)'/"$2" ]; then
                name=$2; shift 2; exec '\(binaries.path)'/"$name" "$@"
            fi
            echo "README runner: not built here: swift $*" >&2
            exit 127

            """
        let path = bin.appendingPathComponent("swift")
        try shim.write(to: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path.path)
    }

    deinit { try? FileManager.default.removeItem(at: scratch) }

    /// Runs `command` to its end (or, for a server, until it has started).
    ///
    /// Each step waits on an event: the line's script signals a tmux channel when the command
    /// ends, and a watcher of the pane's output signals the same channel when the program switches
    /// to the alternate screen.
    func run(_ command: ReadmeCommand) async throws -> Outcome {
        let status = scratch.appendingPathComponent("status-\(UUID().uuidString)")
        let script = scratch.appendingPathComponent("line-\(UUID().uuidString).sh")
        let tmux = try await TmuxSession(columns: 100, rows: 30)
        let id = UUID().uuidString.prefix(8)
        // `changed`: the command ended or went full-screen; `ended`: it ended.
        let changed = "readme-\(id)-changed", ended = "readme-\(id)-ended"
        let lines = [
            "cd \(quoted(root.path))",
            "export HOME=\(quoted(scratch.appendingPathComponent("home").path))",
            "unset XDG_CACHE_HOME FLICKR_API_KEY WORKBENCH_GRAPHICS",
            "export PATH=\(quoted(scratch.appendingPathComponent("bin").path)):$PATH LANG=en_US.UTF-8",
        ] + command.setup + [
            command.text, "echo $? > \(quoted(status.path))", tmux.signalCommand(changed), tmux.signalCommand(ended),
        ]
        try (lines.joined(separator: "\n") + "\n").write(to: script, atomically: true, encoding: .utf8)

        try await tmux.signalOnAlternateScreen(changed)
        try await tmux.start(["bash", script.path])
        // A server announces nothing when it is ready: a line that has neither ended nor gone
        // full-screen within this bound is taken for a server the next lines talk to.
        let changedInTime = try await tmux.waitFor(channel: changed, timeout: .seconds(5))
        if let code = Self.status(at: status) {
            let screen = try await tmux.screen()
            tmux.stop()
            return Outcome(status: code, fullScreen: false, server: false, screen: screen)
        }
        guard changedInTime else {
            servers.append((command, tmux, status))
            return Outcome(status: nil, fullScreen: false, server: true, screen: try await tmux.screen())
        }
        // Full screen: let it draw its first frame, then quit the way its help says.
        let screen = try await Self.settledScreen(tmux)
        // A first run may still be busy starting (the demo encodes its pictures once per home
        // folder): q is read when it is done. lookup quits on Ctrl-C alone.
        var quit = false
        if !command.text.contains("swift run lookup") {
            try await tmux.send("q")
            quit = try await tmux.waitFor(channel: ended, timeout: .seconds(15))
        }
        if !quit {
            try await tmux.send("C-c")
            _ = try await tmux.waitFor(channel: ended, timeout: .seconds(10))
        }
        let code = Self.status(at: status)
        tmux.stop()
        return Outcome(status: code, fullScreen: true, server: false, screen: screen)
    }

    /// Whether a server started by an earlier line could serve the lines that needed it (it is
    /// still running), then stops every one of them.
    func stopServers() -> [(ReadmeCommand, Bool)] {
        defer { servers.removeAll() }
        return servers.map { command, tmux, status in
            let alive = Self.status(at: status) == nil
            tmux.stop()
            return (command, alive)
        }
    }

    private static func status(at url: URL) -> Int32? {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The screen once two captures in a row agree and show something (a first frame drawn), or
    /// after two seconds. No event says a frame is complete: a program writes one in several
    /// writes and tmux draws each as it comes, so only a capture that stops changing tells.
    private static func settledScreen(_ tmux: TmuxSession) async throws -> String {
        var last = ""
        try await waitUntil(timeout: .seconds(2), every: .milliseconds(150)) {
            let now = try await tmux.screen()
            defer { last = now }
            return now == last && !now.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
        return last
    }

    private func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
