#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// The escape sequences that set the terminal up for a full-screen app and put it back.
enum TerminalSequences {
    /// Alternate screen, hidden cursor, SGR mouse (clicks, drags, wheel), bracketed paste, clear.
    static let enter = "\u{1b}[?1049h\u{1b}[?25l\u{1b}[?1000h\u{1b}[?1002h\u{1b}[?1006h\u{1b}[?2004h"
        + "\u{1b}[0m\u{1b}[H\u{1b}[2J"
    /// Everything `enter` turned on, turned off again, and the normal screen back.
    static let reset = "\u{1b}[0m\u{1b}[?2004l\u{1b}[?1006l\u{1b}[?1002l\u{1b}[?1000l\u{1b}[?25h\u{1b}[?1049l"
    /// Deletes every kitty image and its pixels (sent only to terminals that speak kitty: others
    /// may print an APC they do not know).
    static let deleteKittyImages = KittyGraphics.deleteAllImages
}

// The crash-signal handler cannot capture context, allocate or take locks, so what it needs lives
// in memory allocated once, before any handler is installed, and is only read by the handler.
// `crashRestoreArmed` is written on the main thread while handlers are installed; a handler reading
// a stale value either restores a terminal that was already restored (harmless) or skips it
// after the main thread has restored it. That is what makes these `nonisolated(unsafe)` safe.
private nonisolated(unsafe) let crashSavedTermios = UnsafeMutablePointer<termios>.allocate(capacity: 1)
private nonisolated(unsafe) let crashResetBytes: UnsafeMutableBufferPointer<UInt8> = {
    let bytes = Array(TerminalSequences.reset.utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = buffer.initialize(from: bytes)
    return buffer
}()
/// The same with our kitty images deleted first, for a session that shows kitty pictures.
private nonisolated(unsafe) let crashKittyResetBytes: UnsafeMutableBufferPointer<UInt8> = {
    let bytes = Array((TerminalSequences.deleteKittyImages + TerminalSequences.reset).utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = buffer.initialize(from: bytes)
    return buffer
}()
/// The same with the deletion wrapped for the terminal outside tmux (kitty's placeholders).
private nonisolated(unsafe) let crashTmuxKittyResetBytes: UnsafeMutableBufferPointer<UInt8> = {
    let bytes = TmuxPassthrough.wrapSequences(Array(TerminalSequences.deleteKittyImages.utf8))
        + Array(TerminalSequences.reset.utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = buffer.initialize(from: bytes)
    return buffer
}()
private nonisolated(unsafe) var crashRestoreArmed: sig_atomic_t = 0
private nonisolated(unsafe) var crashDeletesKittyImages: sig_atomic_t = 0
private nonisolated(unsafe) var crashInputDescriptor: Int32 = 0
private nonisolated(unsafe) var crashOutputDescriptor: Int32 = 1

/// Restores the terminal from a crash signal with async-signal-safe calls only, then re-raises
/// the signal with its default action so the process still dies the way it would have.
private func restoreTerminalAfterCrash(_ signalNumber: Int32) {
    if crashRestoreArmed != 0 {
        crashRestoreArmed = 0
        writeCrashReset()
        _ = tcsetattr(crashInputDescriptor, TCSAFLUSH, crashSavedTermios)
    }
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}

/// Restores the terminal when the process calls `exit()` while a session is active.
private func restoreTerminalAtExit() {
    guard crashRestoreArmed != 0 else { return }
    crashRestoreArmed = 0
    writeCrashReset()
    _ = tcsetattr(crashInputDescriptor, TCSAFLUSH, crashSavedTermios)
}

/// Writes the reset bytes (with the kitty deletion when armed), async-signal-safe.
private func writeCrashReset() {
    let bytes = switch crashDeletesKittyImages {
    case 0: crashResetBytes
    case 2: crashTmuxKittyResetBytes
    default: crashKittyResetBytes
    }
    _ = write(crashOutputDescriptor, bytes.baseAddress, bytes.count)
}

/// The terminal in full-screen mode: raw input, alternate screen, mouse and paste reporting.
/// Restores everything on `restore()`, on exit, on SIGTERM/SIGHUP/SIGINT and on crash signals.
@MainActor
final class TerminalSession {
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE]
    static let terminationSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT]

    let input: Int32
    let output: Int32
    private var original = termios()
    private(set) var isActive = false
    /// Sent before the reset when the session ends: what takes our pictures off the terminal.
    private var cleanup: [UInt8] = []
    private var signalSources: [any DispatchSourceSignal] = []
    private static var atExitRegistered = false

    init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = input
        self.output = output
    }

    /// Enters raw mode and the alternate screen and installs the restoring signal handlers.
    /// `onTermination` runs on the main queue for SIGTERM/SIGHUP/SIGINT after the terminal is restored.
    func enter(onTermination: @escaping @Sendable (Int32) -> Void) throws(TerminalError) {
        guard tcgetattr(input, &original) == 0 else { throw .notATerminal }
        var raw = original
        cfmakeraw(&raw)
        raw.c_oflag |= tcflag_t(OPOST)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        crashSavedTermios.pointee = original
        crashInputDescriptor = input
        crashOutputDescriptor = output
        _ = crashResetBytes.count
        _ = crashKittyResetBytes.count
        _ = crashTmuxKittyResetBytes.count
        if !Self.atExitRegistered {
            Self.atExitRegistered = true
            atexit(restoreTerminalAtExit)
        }
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { throw .notATerminal }
        isActive = true
        crashRestoreArmed = 1
        for signalNumber in Self.crashSignals { signal(signalNumber, restoreTerminalAfterCrash) }
        for signalNumber in Self.terminationSignals {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.restore() }
                onTermination(signalNumber)
            }
            source.resume()
            signalSources.append(source)
        }
        send(TerminalSequences.enter)
    }

    /// Deletes every kitty image on every way out (restore, exit, crash, termination signal);
    /// `throughTmux` sends the deletion through tmux's passthrough to the terminal outside.
    func deleteKittyImagesOnExit(throughTmux: Bool = false) {
        crashDeletesKittyImages = throughTmux ? 2 : 1
        let deletion = Array(TerminalSequences.deleteKittyImages.utf8)
        cleanup = throughTmux ? TmuxPassthrough.wrapSequences(deletion) : deletion
    }

    /// Puts the terminal back the way it was. Safe to call more than once.
    func restore() {
        guard isActive else { return }
        isActive = false
        crashRestoreArmed = 0
        crashDeletesKittyImages = 0
        send(cleanup + Array(TerminalSequences.reset.utf8))
        _ = tcsetattr(input, TCSAFLUSH, &original)
        for source in signalSources { source.cancel() }
        signalSources.removeAll()
        for signalNumber in Self.terminationSignals + Self.crashSignals { signal(signalNumber, SIG_DFL) }
    }

    /// The terminal's current size, nil when it cannot be read.
    func size() -> TerminalSize? {
        var window = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return nil
        }
        return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    func send(_ text: String) {
        send(Array(text.utf8))
    }

    /// Writes all of `bytes`, retrying on short writes and EINTR.
    func send(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(output, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return
                }
                offset += written
            }
        }
    }
}

/// Why the terminal could not be used full-screen.
public enum TerminalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// stdin or stdout is not a terminal, or `TERM` is `dumb`.
    case notATerminal

    public var description: String {
        switch self {
        case .notATerminal: "this program needs an interactive terminal (stdin and stdout must be a TTY)"
        }
    }
}
