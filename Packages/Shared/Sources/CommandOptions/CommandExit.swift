import ArgumentParser
import ErrorReporting
import Foundation

extension AsyncParsableCommand {
    /// `main(_:)`, then the exit from the thread where the work ended: what a command's
    /// `static func main() async` calls.
    ///
    /// `main()` belongs to the main actor, and by the time a command runs, the main thread has left
    /// for libdispatch: returning to the main actor only to exit starts a thread for that, about a
    /// millisecond at the end of every run. Failures still exit inside `main(_:)`, with its message
    /// and status; this exits with success once it returns, as the return to `main()` would have.
    ///
    /// When the command line's language is Russian, ArgumentParser's help and parse errors are
    /// printed in Russian from `russian` (see `LocalizedCommandLine`); in English nothing differs
    /// from `main(_:)`.
    @concurrent public static func mainThenExit(russian: LocalizedCommandLine) async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let environment = ProcessInfo.processInfo.environment
        guard LocalizedCommandLine.language(of: arguments, environment: environment) == .russian else {
            await main(nil)
            Foundation.exit(EXIT_SUCCESS)
        }
        var command: any ParsableCommand
        do {
            command = try await asyncParseAsRoot(arguments)
        } catch {
            exitInRussian(withError: error, russian: russian)
        }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exitInRussian(withError: error, russian: russian)
        }
        Foundation.exit(EXIT_SUCCESS)
    }

    /// `exit(withError:)` with the help page or the usage error in Russian where `russian` has
    /// it; anything else exits as ArgumentParser would, in its own words and with its status.
    private static func exitInRussian(withError error: any Error, russian: LocalizedCommandLine) -> Never {
        let status = exitCode(for: error)
        if status == .success, let help = russianHelpPage(for: error, russian: russian) {
            print(help)
            Foundation.exit(status.rawValue)
        }
        if status == .validationFailure, let text = russian.error(english: fullMessage(for: error)) {
            FileHandle.standardError.write(Data((text + "\n").utf8))
            Foundation.exit(status.rawValue)
        }
        exit(withError: error)
    }

    /// The Russian page of the help `error` asks for: the command whose English page it is.
    private static func russianHelpPage(for error: any Error, russian: LocalizedCommandLine) -> String? {
        let columns = LocalizedCommandLine.columns
        let english = fullMessage(for: error, columns: columns)
        let match = LocalizedCommandLine.commands(under: self, path: _commandName).first {
            helpMessage(for: $0.command, columns: columns) == english
        }
        guard let match else { return nil }
        return russian.help(english: english, path: match.path)
    }
}
