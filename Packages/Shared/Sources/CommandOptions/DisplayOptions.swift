import ArgumentParser
import ErrorReporting
import Foundation
import TerminalUI

/// How a full-screen command shows its work: `--plain`, `--json`, `--graphics` and `--symbols`, spelled and
/// checked alike by the gallery and the feed. (`lookup`'s subcommands print JSON with their own
/// `--json`, so they take `SharedOptions` alone.)
///
/// The refusals speak the language of `--lang`, which lives in `SharedOptions`, so a command checks
/// these in its own `validate()`:
///
/// ```swift
/// @OptionGroup var shared: SharedOptions
/// @OptionGroup var display: DisplayOptions
/// func validate() throws { try display.check(language: shared.language) }
/// ```
public struct DisplayOptions: ParsableArguments, Sendable {
    @Flag(help: "Print plain lines instead of the full screen.")
    public var plain = false

    @Flag(help: "Print one JSON object per line instead of the full screen.")
    public var json = false

    @Option(help: ArgumentHelp(
        "How pictures are drawn: auto (ask the terminal), kitty, sixel, iterm2, blocks (half-block "
            + "characters) or none; default: $\(GraphicsChoice.environmentVariable), else auto.",
        valueName: GraphicsChoice.allNames))
    public var graphics: String?

    @Option(help: ArgumentHelp(
        "Symbols for pictures drawn in text: half (▀), quadrant (▚ and eighth blocks), sextant (🬗, "
            + "Unicode 13), octant (Unicode 16) or auto (sextants in kitty, foot, WezTerm, Ghostty and "
            + "Konsole, which draw them without a font, else quadrants); default: "
            + "$\(SymbolChoice.environmentVariable), else auto.",
        valueName: SymbolChoice.allNames))
    public var symbols: String?

    /// The Russian of these options' help, by name (see `LocalizedCommandLine`).
    public static let russianHelp = [
        "--plain": "Печатать простые строки вместо полноэкранного режима.",
        "--json": "Печатать по одному JSON-объекту в строке вместо полноэкранного режима.",
        "--graphics": "Как рисовать картинки: auto (спросить терминал), kitty, sixel, iterm2, blocks "
            + "(символы полублоков) или none; по умолчанию — $\(GraphicsChoice.environmentVariable), иначе auto.",
        "--symbols": "Символы для картинок из текста: half (▀), quadrant (▚ и восьмые доли блока), sextant "
            + "(🬗, Unicode 13), octant (Unicode 16) или auto (секстанты в kitty, foot, WezTerm, Ghostty и "
            + "Konsole, которые рисуют их без шрифта, иначе квадранты); по умолчанию — "
            + "$\(SymbolChoice.environmentVariable), иначе auto.",
    ]

    public init() {}

    /// Throws a usage error in `language` for `--plain` with `--json`, or an unknown `--graphics`
    /// or `--symbols`.
    public func check(language: Language) throws {
        if let symbols, SymbolChoice(argument: symbols) == nil {
            throw ValidationError(
                OptionCheck.message(
                    english: "--symbols must be one of \(SymbolChoice.allNames), not '\(symbols)'",
                    russian: "--symbols: допустимы \(SymbolChoice.allNames), а не «\(symbols)»",
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

    /// Whether the command prints lines (plain or JSON) instead of running the full screen.
    public var printsLines: Bool { plain || json }

    /// `--graphics`, nil when not given (then `WORKBENCH_GRAPHICS`, else auto).
    public var graphicsChoice: GraphicsChoice? { graphics.flatMap(GraphicsChoice.init(argument:)) }

    /// `--symbols`, nil when not given (then `WORKBENCH_SYMBOLS`, else auto).
    public var symbolChoice: SymbolChoice? { symbols.flatMap(SymbolChoice.init(argument:)) }

    /// How the full screen runs: the terminal's capabilities with `--graphics` and `--symbols` applied.
    public var terminalConfiguration: TerminalApp.Configuration {
        TerminalApp.Configuration(capabilities: .detect(
            environment: ProcessInfo.processInfo.environment, choice: graphicsChoice, symbols: symbolChoice))
    }
}
