#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// Runs a `TerminalScreen` full-screen: raw mode, alternate screen, mouse and paste reporting,
/// restored on every way out (return, quit, Ctrl-C, SIGTERM/SIGHUP/SIGINT, crash signals).
///
/// ```swift
/// @main struct Tool: AsyncParsableCommand {
///     func run() async throws {
///         guard TerminalApp.isInteractive else { return printPlainOutput() }
///         try await TerminalApp.run(MyScreen())
///     }
/// }
/// ```
public enum TerminalApp {
    /// Knobs of the run loop; the defaults suit people.
    public struct Configuration: Sendable {
        /// What the terminal can show; read from the environment by default.
        public var capabilities: TerminalCapabilities
        /// The shortest time between two frames (16 ms: ~60 frames per second at most).
        public var minimumFrameInterval: Duration
        /// How long a lone Esc waits for the rest of an escape sequence before it counts as Esc.
        public var escapeTimeout: Duration
        /// Ctrl-C ends the app (it arrives as a key in raw mode); false hands it to the screen.
        public var quitOnControlC: Bool
        /// How long the terminal may take to answer the graphics query (asked only when the
        /// environment does not settle it).
        public var probeTimeout: Duration

        public init(
            capabilities: TerminalCapabilities = .detect(environment: ProcessInfo.processInfo.environment),
            minimumFrameInterval: Duration = .milliseconds(16),
            escapeTimeout: Duration = .milliseconds(30),
            quitOnControlC: Bool = true,
            probeTimeout: Duration = .milliseconds(100)
        ) {
            self.probeTimeout = probeTimeout
            self.capabilities = capabilities
            self.minimumFrameInterval = minimumFrameInterval
            self.escapeTimeout = escapeTimeout
            self.quitOnControlC = quitOnControlC
        }
    }

    /// True when stdin and stdout are terminals and `TERM` is set and not `dumb`: only then may
    /// a program go full-screen; otherwise it should print its plain output.
    public static var isInteractive: Bool {
        isInteractive(environment: ProcessInfo.processInfo.environment)
    }

    /// `isInteractive`, reading `TERM` from `environment`.
    public static func isInteractive(environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        return isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 && !term.isEmpty && term != "dumb"
    }

    /// Shows `screen` full-screen until it calls `context.quit()`, Ctrl-C is pressed or input
    /// ends; the terminal is restored before this returns.
    /// - Throws: `TerminalError.notATerminal` when not `isInteractive`.
    @MainActor
    public static func run(_ screen: some TerminalScreen, configuration: Configuration = .init()) async throws(TerminalError) {
        guard isInteractive else { throw .notATerminal }
        let session = TerminalSession()
        let size = session.size() ?? TerminalSize(columns: 80, rows: 24)
        try session.enter { signalNumber in exit(128 + signalNumber) }
        defer { session.restore() }
        var capabilities = configuration.capabilities
        if capabilities.needsProbe {
            capabilities = capabilities.resolved(
                with: TerminalProbe.ask(input: session.input, output: session.output, timeout: configuration.probeTimeout))
        }
        if capabilities.graphics == .kitty {
            session.deleteKittyImagesOnExit(throughTmux: capabilities.usesKittyPlaceholders)
        }
        let loop = EventLoop(
            screen: screen, size: size, capabilities: capabilities,
            timing: .init(minimumFrameInterval: configuration.minimumFrameInterval,
                          escapeTimeout: configuration.escapeTimeout),
            quitOnControlC: configuration.quitOnControlC,
            currentSize: { session.size() },
            write: { session.send($0) }
        )

        let sources = InputSources(descriptor: session.input, post: loop.poster)
        defer { sources.cancel() }
        await loop.run()
    }
}

/// Reads the terminal on a background queue and watches SIGWINCH, posting to the run loop.
/// Built outside the main actor: its handlers run on a background queue and must not inherit
/// main-actor isolation.
private final class InputSources {
    private let input: any DispatchSourceRead
    private let resize: any DispatchSourceSignal

    nonisolated init(descriptor: Int32, post: @escaping @Sendable (LoopMessage) -> Void) {
        let queue = DispatchQueue(label: "TerminalUI.input")
        input = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        input.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                post(.input(Array(buffer[..<count])))
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                post(.inputClosed)
            }
        }
        signal(SIGWINCH, SIG_IGN)
        resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: queue)
        resize.setEventHandler { post(.resize(nil)) }
        input.resume()
        resize.resume()
    }

    nonisolated func cancel() {
        input.cancel()
        resize.cancel()
        signal(SIGWINCH, SIG_DFL)
    }
}
