#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TerminalUI

/// `tui-demo`: shows the TerminalUI demo screen; needs an interactive terminal. Pictures are drawn
/// the way `WORKBENCH_GRAPHICS` says, else as detected.
///
/// `TUI_DEMO_LEAVE=exit` calls `exit(3)` once the first frame is on screen, and
/// `TUI_DEMO_LEAVE=throw` throws an error out of the running screen there: two ways out the
/// exit-path tests check the terminal is restored on (signals need no help).
@main
enum TUIDemo {
    /// The error `TUI_DEMO_LEAVE=throw` throws.
    struct Leaving: Error, CustomStringConvertible {
        var description: String { "left by an error, as asked by TUI_DEMO_LEAVE" }
    }

    static func main() async {
        guard TerminalApp.isInteractive else {
            FileHandle.standardError.write(Data("tui-demo needs an interactive terminal (stdin and stdout must be a TTY, TERM not dumb)\n".utf8))
            exit(1)
        }
        do {
            try await runScreen()
        } catch {
            FileHandle.standardError.write(Data("tui-demo: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Runs the screen from a nonisolated async function, as an `AsyncParsableCommand.run()` would.
    nonisolated static func runScreen() async throws {
        switch ProcessInfo.processInfo.environment["TUI_DEMO_LEAVE"] {
        case "exit":
            try await TerminalApp.run(DemoScreen(afterFirstFrame: { exit(3) }))
        case "throw":
            // An error arrives while the screen runs: the screen's task is cancelled, its run
            // loop ends and restores the terminal, and the error goes on out.
            let (shown, signal) = AsyncStream.makeStream(of: Void.self)
            let screen = Task { @MainActor in
                try await TerminalApp.run(DemoScreen(afterFirstFrame: { signal.yield() }))
            }
            for await _ in shown { break }
            screen.cancel()
            try await screen.value
            throw Leaving()
        default:
            try await TerminalApp.run(DemoScreen())
        }
    }
}
