import ArgumentParser
import ErrorReporting
import Foundation
import Networking

/// The options every task's command takes the same way: `--demo`, `--cache-dir`, `--timeout`,
/// `--lang` and `--transport`. A command embeds them with `@OptionGroup`, so the three commands
/// spell, explain and check them alike; the full-screen commands add `DisplayOptions`.
///
/// ```swift
/// struct GalleryCommand: AsyncParsableCommand {
///     @OptionGroup var shared: SharedOptions
///     func run() async throws {
///         let deadline = shared.timeoutDuration
///     }
/// }
/// ```
///
/// Every value keeps "not given" apart from its default, so a command whose options may come
/// before and after a subcommand's name (`lookup --demo search …`) can merge the two.
public struct SharedOptions: ParsableArguments, Sendable {
    /// The longest `--timeout` accepted, in seconds: one day. Longer is a typing mistake, and
    /// larger numbers once overflowed the conversion to milliseconds.
    public static let timeoutRange: ClosedRange<Double> = 0.001...86_400

    /// The `--timeout` when none is given, in seconds: the gallery task's 30 s.
    public static let defaultTimeout: Double = 30

    @Flag(help: "Serve generated data from an embedded server on 127.0.0.1; needs no internet.")
    public var demo = false

    @Option(name: .customLong("cache-dir"), help: ArgumentHelp(
        "Where the offline cache lives (default: ~/.cache/<command>; with --demo, the demo's own "
            + "~/.cache/workbench-demo/<command>).", valueName: "dir"))
    public var cacheDir: String?

    @Option(help: ArgumentHelp("Seconds before a load gives up (0.001...86400; default: 30).", valueName: "seconds"))
    public var timeout: Double?

    @Option(help: ArgumentHelp("Language of messages: en or ru (default: from the locale).", valueName: "en|ru"))
    public var lang: String?

    @Option(help: ArgumentHelp(
        "The network engine: curl or urlsession (default: $WORKBENCH_TRANSPORT, else curl on Linux).",
        valueName: "curl|urlsession"))
    public var transport: String?

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

    /// The Russian of these options' help, by name (see `LocalizedCommandLine`).
    public static let russianHelp = [
        "--demo": "Брать данные со встроенного сервера на 127.0.0.1: интернет не нужен.",
        "--cache-dir": "Папка офлайн-кэша (по умолчанию ~/.cache/<command>; с --demo у демо свой "
            + "кэш: ~/.cache/workbench-demo/<command>).",
        "--timeout": "Сколько секунд ждать загрузки, прежде чем сдаться (0.001...86400; по умолчанию 30).",
        "--lang": "Язык сообщений: en или ru (по умолчанию — из локали).",
        "--transport": "Сетевой движок: curl или urlsession (по умолчанию — $WORKBENCH_TRANSPORT, "
            + "иначе curl в Linux).",
    ]

    public init() {}

    public func validate() throws {
        if let lang, Language(code: lang) == nil {
            throw ValidationError(
                OptionCheck.message(
                    english: "--lang must be en or ru, not '\(lang)'",
                    russian: "--lang: допустимы en и ru, а не «\(lang)»",
                    language: language))
        }
        if let timeout { try OptionCheck.value(timeout, of: "--timeout", in: Self.timeoutRange, language: language) }
        if let transport, HTTPClient.Transport(name: transport)?.isAvailable != true {
            throw ValidationError(
                OptionCheck.message(
                    english: "--transport must be curl or urlsession, not '\(transport)'",
                    russian: "--transport: допустимы curl и urlsession, а не «\(transport)»",
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

    /// `--timeout` as a duration; exact to the millisecond (the value was range-checked at parse time).
    public var timeoutDuration: Duration {
        OptionCheck.duration(seconds: timeout ?? Self.defaultTimeout)
    }

    /// These options over `parent`'s: what was given here wins, what was not comes from `parent`
    /// (the options given before a subcommand's name).
    public func merged(over parent: SharedOptions) -> SharedOptions {
        var merged = self
        merged.demo = demo || parent.demo
        merged.cacheDir = cacheDir ?? parent.cacheDir
        merged.timeout = timeout ?? parent.timeout
        merged.lang = lang ?? parent.lang
        merged.transport = transport ?? parent.transport
        return merged
    }
}
