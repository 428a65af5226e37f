import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a finished child process left behind.
public struct ProcessResult: Sendable {
    /// The exit status, or 128 + the signal number when a signal ended it.
    public let status: Int32
    public let output: String
    public let errorOutput: String
    /// Standard output byte for byte (`output` is empty when it is not UTF-8).
    public let outputBytes: Data
    /// Standard error byte for byte.
    public let errorBytes: Data
    /// The child's peak resident memory (its `ru_maxrss`), in bytes.
    public let peakResidentBytes: Int
}

/// Runs child processes for tests and benchmarks without Foundation's `Process`.
///
/// On Linux, `Process.waitUntilExit()` can hang for ever: its exit monitor may fire before the child
/// is reapable, reap nothing, and never fire again, leaving a zombie and a test run that never ends
/// (seen here with concurrent tmux clients). This spawns with `posix_spawnp` and reaps with a blocking
/// `waitpid` on a thread of its own, so the cooperative pool is never blocked.
/// Output goes to temporary files, not pipes: a daemon the child starts (the tmux server) inherits
/// the descriptors and would hold a pipe open for ever.
public enum Subprocess {
    public struct LaunchError: Error, CustomStringConvertible {
        public let executable: String
        public let code: Int32
        public var description: String { "could not start \(executable): \(String(cString: strerror(code)))" }
    }

    /// Runs `executable` (looked up on PATH unless it contains a slash) and waits for it.
    /// - Parameters:
    ///   - environment: the child's whole environment; nil inherits ours.
    ///   - input: bytes for the child's standard input; nil gives it /dev/null.
    ///   - timeout: the child is killed (SIGKILL) when it runs longer.
    public static func run(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String]? = nil,
        input: Data? = nil,
        timeout: Duration = .seconds(60)
    ) async throws -> ProcessResult {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("subprocess-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let stdinPath = scratch.appendingPathComponent("stdin").path
        let stdoutPath = scratch.appendingPathComponent("stdout").path
        let stderrPath = scratch.appendingPathComponent("stderr").path
        if let input {
            try input.write(to: URL(fileURLWithPath: stdinPath))
        }

        let pid = try spawn(
            executable, arguments,
            environment: environment ?? ProcessInfo.processInfo.environment,
            stdin: input == nil ? "/dev/null" : stdinPath,
            stdout: stdoutPath,
            stderr: stderrPath
        )
        let killer = Task {
            try await Task.sleep(for: timeout)
            kill(pid, SIGKILL)
        }
        let (status, peakResidentBytes) = await reapWithUsage(pid)
        killer.cancel()
        let outputBytes = FileManager.default.contents(atPath: stdoutPath) ?? Data()
        let errorBytes = FileManager.default.contents(atPath: stderrPath) ?? Data()
        return ProcessResult(
            status: status,
            output: String(data: outputBytes, encoding: .utf8) ?? "",
            errorOutput: String(data: errorBytes, encoding: .utf8) ?? "",
            outputBytes: outputBytes,
            errorBytes: errorBytes,
            peakResidentBytes: peakResidentBytes
        )
    }

    /// Starts `executable` and returns at once, for servers a test talks to while they run.
    /// - Parameter keepingErrors: keep standard error too, for ``RunningProcess/errorLine(containing:within:)``.
    public static func launch(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String]? = nil,
        keepingErrors: Bool = false
    ) throws -> RunningProcess {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("subprocess-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let stdoutPath = scratch.appendingPathComponent("stdout").path
        let stderrPath = keepingErrors ? scratch.appendingPathComponent("stderr").path : nil
        let pid = try spawn(
            executable, arguments,
            environment: environment ?? ProcessInfo.processInfo.environment,
            stdin: "/dev/null", stdout: stdoutPath, stderr: stderrPath ?? "/dev/null"
        )
        return RunningProcess(pid: pid, scratch: scratch, stdoutPath: stdoutPath, stderrPath: stderrPath)
    }

    /// Runs `executable` and blocks the calling thread until it exits; for quick commands in
    /// synchronous clean-up code only. Output is discarded.
    @discardableResult
    public static func runAndWait(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let pid = try spawn(
            executable, arguments,
            environment: ProcessInfo.processInfo.environment,
            stdin: "/dev/null", stdout: "/dev/null", stderr: "/dev/null"
        )
        return waitForExit(pid)
    }

    private static func spawn(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String],
        stdin: String,
        stdout: String,
        stderr: String
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Nothing else of ours leaks into the child: a daemon it starts (the tmux server) would keep
        // another test's pipe or a stopped server's socket open for ever.
        let inherited = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in inherited.compactMap({ Int32($0) }) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // The child starts with no signal blocked and every signal at its default: a thread of the
        // test process blocks nearly all of them, and a child that inherited that mask ignored
        // SIGTERM, so `terminate` waited for ever (Xvfb and xterm outlived the tests).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid = pid_t()
        let code = posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
        guard code == 0 else { throw LaunchError(executable: executable, code: code) }
        return pid
    }

    /// Waits for `pid` on a dedicated thread and decodes its status.
    static func reap(_ pid: pid_t) async -> Int32 {
        await reapWithUsage(pid).status
    }

    /// Waits for `pid` on a dedicated thread: its decoded status and peak resident memory in bytes.
    static func reapWithUsage(_ pid: pid_t) async -> (status: Int32, peakResidentBytes: Int) {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: waitForExitWithUsage(pid)) }.start()
        }
    }

    private static func waitForExit(_ pid: pid_t) -> Int32 {
        waitForExitWithUsage(pid).status
    }

    private static func waitForExitWithUsage(_ pid: pid_t) -> (status: Int32, peakResidentBytes: Int) {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let signal = status & 0x7f
        // Linux counts ru_maxrss in kilobytes.
        return (signal == 0 ? (status >> 8) & 0xff : 128 + signal, Int(usage.ru_maxrss) * 1024)
    }
}

/// Finds an executable this package builds (`gallery`, `lookup`, `tui-demo`...) next to the test bundle.
public func builtExecutable(_ name: String, file: StaticString = #filePath) -> String? {
    var candidates: [URL] = []
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    candidates.append(runner.deletingLastPathComponent())
    candidates.append(runner.deletingLastPathComponent().deletingLastPathComponent())
    if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
    let root = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    candidates.append(root.appendingPathComponent(".build/debug"))
    return candidates.map { $0.appendingPathComponent(name).path }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// A child started by ``Subprocess/launch(_:_:environment:)``.
public final class RunningProcess: Sendable {
    public let pid: pid_t
    private let scratch: URL
    private let stdoutPath: String
    private let stderrPath: String?

    init(pid: pid_t, scratch: URL, stdoutPath: String, stderrPath: String? = nil) {
        self.pid = pid
        self.scratch = scratch
        self.stdoutPath = stdoutPath
        self.stderrPath = stderrPath
    }

    /// Everything the child has written to standard output so far.
    public var outputSoFar: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }

    /// Everything the child has written to standard error so far (launched `keepingErrors`).
    public var errorOutputSoFar: String {
        stderrPath.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? ""
    }

    /// The first whole line of standard error that contains `text`, once the child has written it
    /// (up to `timeout`): a server's log line, the event a test waits for.
    public func errorLine(containing text: String, within timeout: Duration = .seconds(10)) async -> String? {
        var found: String?
        await waitUntil(timeout: timeout, every: .milliseconds(5)) {
            let output = errorOutputSoFar
            found = output.split(separator: "\n").dropLast(output.hasSuffix("\n") ? 0 : 1)
                .first { $0.contains(text) }.map(String.init)
            return found != nil
        }
        return found
    }

    /// Polls standard output until it holds a whole line (up to `seconds`); nil if none came.
    public func firstLine(within seconds: Double = 10) async throws -> String? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            let text = outputSoFar
            if let newline = text.firstIndex(of: "\n") { return String(text[..<newline]) }
            try await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }

    /// Sends `signal` and waits for the child to exit; returns its status.
    @discardableResult
    public func terminate(with signal: Int32 = SIGTERM) async -> Int32 {
        kill(pid, signal)
        let status = await Subprocess.reap(pid)
        try? FileManager.default.removeItem(at: scratch)
        return status
    }
}
