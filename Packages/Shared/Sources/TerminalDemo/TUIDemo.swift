#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TerminalUI

/// `tui-demo`: shows the TerminalUI demo screen; needs an interactive terminal. Pictures are drawn
/// the way `WORKBENCH_GRAPHICS` says, else as detected.
@main
enum TUIDemo {
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
        try await TerminalApp.run(DemoScreen())
    }
}
