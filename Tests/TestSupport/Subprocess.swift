import Foundation
import Locking
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
            stdout: .file(stdoutPath),
            stderr: .file(stderrPath)
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

    /// Starts `executable` and returns at once, for servers a test talks to while they run. Its
    /// standard output (and, `keepingErrors`, its standard error) come through pipes read as they
    /// arrive, so a test waits for the child's readiness line or log line itself
    /// (``RunningProcess/firstLine(within:)``, ``RunningProcess/errorLine(containing:within:)``),
    /// not for a poll.
    public static func launch(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String]? = nil,
        keepingErrors: Bool = false
    ) throws -> RunningProcess {
        let output = try pipeEnds(for: executable)
        let errors = keepingErrors ? try pipeEnds(for: executable) : nil
        let pid: pid_t
        do {
            pid = try spawn(
                executable, arguments,
                environment: environment ?? ProcessInfo.processInfo.environment,
                stdin: "/dev/null", stdout: .descriptor(output.write),
                stderr: errors.map { .descriptor($0.write) } ?? .file("/dev/null")
            )
        } catch {
            for ends in [output, errors].compactMap({ $0 }) {
                close(ends.read)
                close(ends.write)
            }
            throw error
        }
        close(output.write)
        if let errors { close(errors.write) }
        return RunningProcess(pid: pid, output: output.read, errors: errors?.read)
    }

    /// A pipe whose two ends are close-on-exec, so no other child spawned meanwhile inherits the
    /// write end and holds the pipe open; dup2 onto the child's output clears the flag there alone.
    private static func pipeEnds(for executable: String) throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw LaunchError(executable: executable, code: errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Runs `executable` and blocks the calling thread until it exits; for quick commands in
    /// synchronous clean-up code only. Output is discarded.
    @discardableResult
    public static func runAndWait(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let pid = try spawn(
            executable, arguments,
            environment: ProcessInfo.processInfo.environment,
            stdin: "/dev/null", stdout: .file("/dev/null"), stderr: .file("/dev/null")
        )
        return waitForExit(pid)
    }

    /// Where a child's standard output goes.
    private enum Output {
        /// A file, created or emptied.
        case file(String)
        /// The write end of a pipe of ours.
        case descriptor(Int32)
    }

    private static func spawn(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String],
        stdin: String,
        stdout: Output,
        stderr: Output
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        for (output, target) in [(stdout, Int32(1)), (stderr, Int32(2))] {
            switch output {
            case .file(let path): posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
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

/// A child started by ``Subprocess/launch(_:_:environment:keepingErrors:)``, its output read as it comes.
public final class RunningProcess: Sendable {
    public let pid: pid_t
    private let output: PipeReader
    private let errors: PipeReader?

    init(pid: pid_t, output: Int32, errors: Int32?) {
        self.pid = pid
        self.output = PipeReader(descriptor: output)
        self.errors = errors.map(PipeReader.init(descriptor:))
    }

    /// Everything the child has written to standard output so far.
    public var outputSoFar: String { output.text }

    /// Everything the child has written to standard error so far (launched `keepingErrors`).
    public var errorOutputSoFar: String { errors?.text ?? "" }

    /// The first line the child writes to standard output, once it has; nil if the output ends
    /// without one or `timeout` passes first (a child that never gets ready fails, not hangs).
    public func firstLine(within timeout: Duration = .seconds(10)) async -> String? {
        await output.line(within: timeout) { _ in true }
    }

    /// The first whole line of standard error that contains `text`, once the child has written it
    /// (launched `keepingErrors`); nil if the output ends first or `timeout` passes: a server's
    /// log line, the event a test waits for.
    public func errorLine(containing text: String, within timeout: Duration = .seconds(10)) async -> String? {
        guard let errors else { return nil }
        return await errors.line(within: timeout) { $0.contains(text) }
    }

    /// Sends `signal` and waits for the child to exit; returns its status.
    @discardableResult
    public func terminate(with signal: Int32 = SIGTERM) async -> Int32 {
        kill(pid, signal)
        return await Subprocess.reap(pid)
    }
}

/// One pipe from a child, drained by a thread blocked in read(2): it wakes only when bytes or the
/// end arrive, so a child that writes a lot never blocks on it, and a waiter is woken by the
/// line it waits for, not by a poll.
private final class PipeReader: Sendable {
    private struct Waiter {
        let wait: OnceWait
        let matches: @Sendable (Substring) -> Bool
    }

    private struct State {
        var bytes = Data()
        /// True once the pipe reached its end: every writer (the child, any it started) is gone.
        var ended = false
        var waiters: [Waiter] = []
    }

    private let state = LockedValue(State())

    init(descriptor: Int32) {
        let state = state
        Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                let chunk = count > 0 ? Data(buffer[0..<count]) : nil
                let woken = state.withLock { state -> [OnceWait] in
                    if let chunk { state.bytes.append(chunk) } else { state.ended = true }
                    let text = String(decoding: state.bytes, as: UTF8.self)
                    let ready = state.waiters.filter { state.ended || Self.line(in: text, where: $0.matches) != nil }
                    state.waiters.removeAll { waiter in ready.contains { $0.wait === waiter.wait } }
                    return ready.map(\.wait)
                }
                woken.forEach { $0.end(true) }
                if chunk == nil { break }
            }
            close(descriptor)
        }.start()
    }

    var text: String { String(decoding: state.withLock { $0.bytes }, as: UTF8.self) }

    /// The first whole line that `matches`, waiting for it up to `timeout`.
    func line(within timeout: Duration, where matches: @escaping @Sendable (Substring) -> Bool) async -> String? {
        _ = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let wait = OnceWait(continuation)
            let ready = state.withLock { state -> Bool in
                let text = String(decoding: state.bytes, as: UTF8.self)
                if state.ended || Self.line(in: text, where: matches) != nil { return true }
                state.waiters.append(Waiter(wait: wait, matches: matches))
                return false
            }
            if ready { wait.end(true) } else { wait.guardDeadline(timeout) }
        }
        return Self.line(in: text, where: matches)
    }

    /// The first line of `text` ended by a newline that `matches`.
    private static func line(in text: String, where matches: (Substring) -> Bool) -> String? {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().first(where: matches).map(String.init)
    }
}
