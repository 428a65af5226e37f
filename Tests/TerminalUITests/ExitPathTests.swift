import Foundation
import TestSupport
import Testing

/// A pseudo-terminal pair (Linux /dev/ptmx: unlock, then open /dev/pts/N), sized 80x24.
private final class PseudoTerminal {
    let master: Int32
    let slave: Int32

    init() throws {
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        // TIOCSPTLCK and TIOCGPTN (asm-generic ioctls, the same on x86_64 and aarch64).
        try #require(ioctl(master, UInt(0x4004_5431), &unlock) == 0)
        try #require(ioctl(master, UInt(0x8004_5430), &number) == 0)
        slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    deinit {
        close(master)
        close(slave)
    }

    /// Reads what the child wrote, waiting at most `milliseconds` for something to arrive.
    func read(into output: inout [UInt8], waiting milliseconds: Int32) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        var buffer = [UInt8](repeating: 0, count: 65536)
        var timeout = milliseconds
        while poll(&descriptor, 1, timeout) > 0 {
            let count = Glibc.read(master, &buffer, buffer.count)
            guard count > 0 else { return }
            output += buffer[..<count]
            timeout = 0
        }
    }
}

/// `tui-demo` in a pseudo-terminal with kitty pictures, left each way a program can be left while
/// it shows them: the terminal must get our images deleted, the alternate screen left and its
/// termios back, whichever way.
@Suite("Every way out restores the terminal and deletes our kitty images", .serialized)
struct ExitPathTests {
    enum WayOut: String, CaseIterable, CustomStringConvertible, Sendable {
        case sigterm, sigint, sighup, thrownError, exitCall

        var description: String { rawValue }

        var signal: Int32? {
            switch self {
            case .sigterm: SIGTERM
            case .sigint: SIGINT
            case .sighup: SIGHUP
            case .thrownError, .exitCall: nil
            }
        }

        /// `TUI_DEMO_LEAVE` for the ways the program takes itself.
        var leave: String? {
            switch self {
            case .thrownError: "throw"
            case .exitCall: "exit"
            default: nil
            }
        }

        /// How the process ends: 128 + the signal (the run loop exits so after restoring), 1 for
        /// the error tui-demo reports, 3 for its exit(3).
        var status: Int32 {
            switch self {
            case .thrownError: 1
            case .exitCall: 3
            default: 128 + signal!
            }
        }
    }

    static let transmission = Array("\u{1b}_Ga=t".utf8)
    static let deletion = Array("\u{1b}_Ga=d,d=A,q=2\u{1b}\\".utf8)
    static let leaveAlternateScreen = Array("\u{1b}[?1049l".utf8)

    @Test("left by SIGTERM, SIGINT, SIGHUP, an error thrown out of the run loop or exit(), a kitty session deletes its images, leaves the alternate screen and puts termios back",
          arguments: WayOut.allCases)
    func leave(by way: WayOut) throws {
        let demo = try #require(builtExecutable("tui-demo"), "tui-demo is built with the tests")
        let terminal = try PseudoTerminal()
        var before = termios()
        tcgetattr(terminal.slave, &before)

        var environment = ["TERM=xterm-256color", "LANG=C.UTF-8", "WORKBENCH_GRAPHICS=kitty", "PATH=/usr/bin:/bin"]
        if let leave = way.leave { environment.append("TUI_DEMO_LEAVE=\(leave)") }
        let pid = try spawn(demo, on: terminal.slave, environment: environment)

        // The first picture reaches the terminal (bounded: a hang fails here, not forever).
        var output: [UInt8] = []
        let shown = ContinuousClock.now + .seconds(10)
        while output.firstRange(of: Self.transmission) == nil, ContinuousClock.now < shown {
            terminal.read(into: &output, waiting: 50)
        }
        try #require(output.firstRange(of: Self.transmission) != nil, "tui-demo never sent its picture")
        if let signal = way.signal { kill(pid, signal) }

        var status: Int32?
        let gone = ContinuousClock.now + .seconds(10)
        while status == nil, ContinuousClock.now < gone {
            terminal.read(into: &output, waiting: 50)
            var raw: Int32 = 0
            if waitpid(pid, &raw, WNOHANG) == pid {
                let signal = raw & 0x7f
                status = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
            }
        }
        if status == nil { kill(pid, SIGKILL); _ = waitpid(pid, nil, 0) }
        terminal.read(into: &output, waiting: 0)
        #expect(status == way.status)

        let transmitted = try #require(output.firstRange(of: Self.transmission))
        let deleted = try #require(output[transmitted.upperBound...].firstRange(of: Self.deletion),
                                   "no deletion of the kitty images after the picture")
        let left = try #require(output[deleted.upperBound...].firstRange(of: Self.leaveAlternateScreen),
                                "the alternate screen was not left after the deletion")
        #expect(left.lowerBound > deleted.lowerBound)
        var after = termios()
        tcgetattr(terminal.slave, &after)
        #expect(after.c_lflag == before.c_lflag)
        #expect(after.c_iflag == before.c_iflag)
        #expect(after.c_oflag == before.c_oflag)
    }

    /// Starts `executable` in its own process group with `terminal` as stdin, stdout and stderr.
    private func spawn(_ executable: String, on terminal: Int32, environment: [String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target in Int32(0)...2 { posix_spawn_file_actions_adddup2(&actions, terminal, target) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = [strdup(executable)] + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        try #require(posix_spawn(&pid, executable, &actions, &attributes, argv, envp) == 0)
        return pid
    }
}
