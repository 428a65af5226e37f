import ArgumentParser
import ErrorReporting
import Foundation
import Networking
import TerminalUI

/// The options every task's command takes the same way: `--demo`, `--cache-dir`, `--timeout`,
/// `--lang`, `--plain`, `--json` and `--transport`. A command embeds them with `@OptionGroup`, so the three
/// commands spell, explain and check them alike.
///
/// ```swift
/// struct GalleryCommand: AsyncParsableCommand {
///     @OptionGroup var shared: SharedOptions
///     func run() async throws {
///         let deadline = shared.timeoutDuration
///     }
/// }
/// ```
public struct SharedOptions: ParsableArguments, Sendable {
    /// The longest `--timeout` accepted, in seconds: one day. Longer is a typing mistake, and
    /// larger numbers once overflowed the conversion to milliseconds.
    public static let timeoutRange: ClosedRange<Double> = 0.001...86_400

    @Flag(help: "Serve generated data from an embedded server on 127.0.0.1; needs no internet.")
    public var demo = false

    @Option(name: .customLong("cache-dir"), help: ArgumentHelp(
        "Where the offline cache lives (default: ~/.cache/<command>; with --demo, the demo's own "
            + "~/.cache/workbench-demo/<command>).", valueName: "dir"))
    public var cacheDir: String?

    @Option(help: ArgumentHelp("Seconds before a load gives up (0.001...86400).", valueName: "seconds"))
    public var timeout: Double = 30

    @Option(help: ArgumentHelp("Language of messages: en or ru (default: from the locale).", valueName: "en|ru"))
    public var lang: String?

    @Flag(help: "Print plain lines instead of the full screen.")
    public var plain = false

    @Flag(help: "Print one JSON object per line instead of the full screen.")
    public var json = false

    @Option(help: ArgumentHelp(
        "The network engine: curl or urlsession (default: $WORKBENCH_TRANSPORT, else curl on Linux).",
        valueName: "curl|urlsession"))
    public var transport: String?

    @Option(help: ArgumentHelp(
        "How pictures are drawn: auto (ask the terminal), kitty, sixel, iterm2, blocks (half-block "
            + "characters) or none; default: $\(GraphicsChoice.environmentVariable), else auto.",
        valueName: GraphicsChoice.allNames))
    public var graphics: String?

    /// The `--cache-dir` in raw command-line `arguments`, read before ArgumentParser parses them:
    /// a hint for work worth starting early (it is not validated, and a wrong guess only costs time).
    public static func cacheDirectoryHint(in arguments: [String]) -> String? {
        var hint: String?
        var rest = arguments.dropFirst()[...]
        while let argument = rest.popFirst(), argument != "--" {
            if argument == "--cache-dir" {
                hint = rest.popFirst()
            } else if argument.hasPrefix("--cache-dir=") {
                hint = String(argument.dropFirst("--cache-dir=".count))
            }
        }
        return hint
    }

    public init() {}

    public func validate() throws {
        if let lang, Language(code: lang) == nil {
            throw ValidationError(
                OptionCheck.message(
                    english: "--lang must be en or ru, not '\(lang)'",
                    russian: "--lang: допустимы en и ru, а не «\(lang)»",
                    language: language))
        }
        try OptionCheck.value(timeout, of: "--timeout", in: Self.timeoutRange, language: language)
        if let transport, HTTPClient.Transport(name: transport)?.isAvailable != true {
            throw ValidationError(
                OptionCheck.message(
                    english: "--transport must be curl or urlsession, not '\(transport)'",
                    russian: "--transport: допустимы curl и urlsession, а не «\(transport)»",
                    language: language))
        }
        if let graphics, GraphicsChoice(argument: graphics) == nil {
            throw ValidationError(
                OptionCheck.message(
                    english: "--graphics must be one of \(GraphicsChoice.allNames), not '\(graphics)'",
                    russian: "--graphics: допустимы \(GraphicsChoice.allNames), а не «\(graphics)»",
                    language: language))
        }
        if plain && json {
            throw ValidationError(
                OptionCheck.message(
                    english: "choose one of --plain and --json",
                    russian: "выберите что-то одно: --plain или --json",
                    language: language))
        }
    }

    /// The language of messages: `--lang`, else the locale.
    public var language: Language {
        Language.resolve(flag: lang, environment: ProcessInfo.processInfo.environment)
    }

    /// `--transport` (checked at parse time), else `WORKBENCH_TRANSPORT`, else the platform's.
    public var transportChoice: HTTPClient.Transport {
        transport.flatMap(HTTPClient.Transport.init(name:)) ?? .default()
    }

    /// `--graphics`, nil when not given (then `WORKBENCH_GRAPHICS`, else auto).
    public var graphicsChoice: GraphicsChoice? { graphics.flatMap(GraphicsChoice.init(argument:)) }

    /// How the full screen runs: the terminal's capabilities with `--graphics` applied.
    public var terminalConfiguration: TerminalApp.Configuration {
        TerminalApp.Configuration(capabilities: .detect(
            environment: ProcessInfo.processInfo.environment, choice: graphicsChoice))
    }

    /// `--timeout` as a duration; exact to the millisecond (the value was range-checked at parse time).
    public var timeoutDuration: Duration {
        OptionCheck.duration(seconds: timeout)
    }
}
