import ArgumentParser
import Foundation

extension AsyncParsableCommand {
    /// `main(_:)`, then the exit from the thread where the work ended: what a command's
    /// `static func main() async` calls.
    ///
    /// `main()` belongs to the main actor, and by the time a command runs, the main thread has left
    /// for libdispatch: returning to the main actor only to exit starts a thread for that, about a
    /// millisecond at the end of every run. Failures still exit inside `main(_:)`, with its message
    /// and status; this exits with success once it returns, as the return to `main()` would have.
    @concurrent public static func mainThenExit() async {
        await main(nil)
        Foundation.exit(EXIT_SUCCESS)
    }
}
