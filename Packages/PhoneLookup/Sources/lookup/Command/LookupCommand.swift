import ArgumentParser
import CommandOptions
import CommandOutput
import DemoServer
import ErrorReporting
import Foundation
import PhoneLookup
import TerminalUI

/// `lookup`: the phone-number lookup task on the command line.
@main
struct LookupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lookup",
        abstract: "Look up information about phone numbers.",
        discussion: "Without a subcommand, runs the dialer, country picker and results scenes in the terminal.",
        subcommands: [Interactive.self, Search.self, Scan.self, Compare.self, Countries.self, Serve.self],
        defaultSubcommand: Interactive.self
    )

    /// Exits from where the work ended (see `mainThenExit`).
    static func main() async { await mainThenExit(russian: russianPages) }

    @OptionGroup var shared: SharedOptions
    @OptionGroup var lookup: LookupOptions
}

/// Shared by the subcommands: their own options over the ones given before their name.
protocol LookupSubcommand: AsyncParsableCommand {
    var parent: LookupCommand { get }
    var ownShared: SharedOptions { get }
    var ownLookup: LookupOptions { get }
}

extension LookupSubcommand {
    /// The shared options given after the subcommand's name, over those given before it.
    var shared: SharedOptions { ownShared.merged(over: parent.shared) }

    /// `lookup`'s own options, merged the same way.
    var lookupOptions: LookupOptions { ownLookup.merged(over: parent.lookup) }

    /// Checks what the option groups cannot check alone: the URLs and `--demo` with `--api`, in
    /// the language of a `--lang` given before or after the name. A subcommand with a
    /// `validate()` of its own calls this first.
    func checkOptions() throws {
        try lookupOptions.check(demo: shared.demo, language: shared.language)
    }

    func validate() throws {
        try checkOptions()
    }

    /// A failure on standard error, or with `json` as `{"error":code,"reason":text}` on standard
    /// output, the shape every command's `--json` gives its errors.
    func report(_ error: UserFacingError, json: Bool, in language: Language) {
        if json {
            print(JSONLine.object([("error", .string(error.code)), ("reason", .string(error.line(in: language)))]))
        } else {
            printError("lookup: \(TerminalSafeText.line(error.line(in: language)))")
        }
    }

    /// Builds the services, runs `body`, and always tears the services down.
    func withServices<T>(_ body: (LookupServices) async throws -> T) async throws -> T {
        let services = try await LookupServices.make(
            shared: shared, lookup: lookupOptions, environment: ProcessInfo.processInfo.environment)
        do {
            let result = try await body(services)
            await services.shutdown()
            return result
        } catch {
            await services.shutdown()
            throw error
        }
    }
}

/// Writes a line to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// `lookup [run]`: the scenes, full-screen; plain lines when not on a terminal.
struct Interactive: LookupSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run the dialer, country picker and results scenes (the default).")

    @ParentCommand var parent: LookupCommand
    @OptionGroup var ownShared: SharedOptions
    @OptionGroup var ownLookup: LookupOptions

    @Option(help: ArgumentHelp("Say how each number is dialled from this country (ISO code; default: the selected one).",
                               valueName: "ISO"))
    var from: String?

    func validate() throws {
        try checkOptions()
        try LookupOptions.checkRegion(from, of: "--from", language: shared.language)
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        try await withServices { services in
            let from = try self.from.map { try services.region(explicit: $0, environment: [:]) ?? $0 }
            let flow = LookupFlow(parser: PhoneNumberParser(plan: services.plan),
                                  preferredRegion: LookupFlow.region(fromEnvironment: environment))
            guard TerminalApp.isInteractive else {
                printError("lookup: not a terminal; reading numbers from standard input (see `lookup search --help`)")
                try await PlainLookup(services: services, flow: flow, dialFrom: from).run()
                return
            }
            try await MainActor.run {
                let store = LookupStore(flow: flow, countries: services.countries, api: services.backend,
                                        deadline: services.timeout + .seconds(1))
                return LookupScreen(store: store, numbering: flow.parser.plan, language: services.language, dialFrom: from)
            }.run()
        }
    }
}
