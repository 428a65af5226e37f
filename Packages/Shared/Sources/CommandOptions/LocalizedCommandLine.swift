import ArgumentParser
import ErrorReporting
import Foundation

/// ArgumentParser's own words, `--help` and its parse errors, in Russian when the command line's
/// language is Russian (`--lang` anywhere on the line, else the locale). English stays
/// ArgumentParser's own text, byte for byte: the man pages, completions and README runs read it.
///
/// The Russian help is ArgumentParser's English page rewritten: the same usage line, option
/// names and value names, each description swapped for its Russian by name, so a page can
/// never show an option that the parser does not know. A command passes its pages to
/// `mainThenExit(russian:)`:
///
/// ```swift
/// static func main() async { await mainThenExit(russian: russianPages) }
/// ```
public struct LocalizedCommandLine: Sendable {
    /// The Russian of one command's help page.
    public struct Page: Sendable {
        /// The one-line summary (ArgumentParser's `abstract`).
        public var abstract: String
        /// The paragraphs under it (`discussion`); empty for none.
        public var discussion: String
        /// Descriptions by name: `--timeout`, `<number>`, or a subcommand's name such as `search`.
        public var entries: [String: String]

        public init(abstract: String, discussion: String = "", entries: [String: String]) {
            self.abstract = abstract
            self.discussion = discussion
            self.entries = entries
        }
    }

    /// One row of a help page's ARGUMENTS, OPTIONS or SUBCOMMANDS, as ArgumentParser printed it.
    public struct Entry: Sendable, Equatable {
        /// The name a translation is found by: the long option name, `<value>` or the subcommand.
        public var key: String
        /// The left column: `--timeout <seconds>`, `-h, --help`, `run (default)`.
        public var label: String
        /// The description, its lines joined.
        public var text: String
    }

    /// The width the Russian pages are wrapped to: a terminal's default, and what a pipe gets.
    public static let columns = 80

    /// Pages by command path: `gallery`, `lookup`, `lookup search`.
    public let pages: [String: Page]

    public init(pages: [String: Page]) {
        self.pages = pages
    }

    /// The description of `-h, --help`, which ArgumentParser adds to every command.
    static let helpEntry = "Показать эту справку."
    /// Where the description column starts (ArgumentParser's label column).
    static let labelColumn = 26

    // MARK: Language

    /// The language of a command line: the last `--lang` before `--` (as the parser keeps the
    /// last value, and a subcommand's own wins over its parent's), else the locale.
    public static func language(of arguments: [String], environment: [String: String]) -> Language {
        var flag: String?
        var rest = arguments[...]
        while let argument = rest.popFirst(), argument != "--" {
            if argument == "--lang" {
                flag = rest.popFirst()
            } else if argument.hasPrefix("--lang=") {
                flag = String(argument.dropFirst("--lang=".count))
            }
        }
        return Language.resolve(flag: flag, environment: environment)
    }

    // MARK: Help

    /// The Russian of ArgumentParser's help page `english` for the command at `path`; nil when
    /// there is no page for it (the English then stands).
    public func help(english: String, path: String) -> String? {
        guard let page = pages[path] else { return nil }
        var output: [String] = []
        output.append(Self.wrap(page.abstract, after: "ОПИСАНИЕ: "))
        if !page.discussion.isEmpty {
            output.append("")
            output.append(Self.wrap(page.discussion))
        }
        var lines = english.components(separatedBy: "\n")[...]
        while let line = lines.popFirst() {
            if line.hasPrefix("USAGE: ") {
                output.append("")
                output.append(Self.wrapUsage(String(line.dropFirst("USAGE: ".count)), prefix: "ИСПОЛЬЗОВАНИЕ: "))
            } else if let heading = Self.headings[line] {
                output.append("")
                output.append(heading)
                for entry in Self.entries(of: &lines) {
                    guard let text = Self.translation(of: entry, in: page) else { return nil }
                    output.append(Self.render(label: Self.russianLabel(entry.label), text: text))
                }
            } else if line.hasPrefix("  See '"), line.hasSuffix(" help <subcommand>' for detailed help.") {
                let command = line.dropFirst("  See '".count).dropLast(" help <subcommand>' for detailed help.".count)
                output.append("")
                output.append("  Справка по подкоманде: «\(command) help <subcommand>».")
            }
        }
        return output.joined(separator: "\n") + "\n"
    }

    /// The rows of every ARGUMENTS, OPTIONS and SUBCOMMANDS section of an English help page:
    /// the names ArgumentParser knows, which the tests hold the Russian pages against.
    public static func entries(inHelp english: String) -> [Entry] {
        var lines = english.components(separatedBy: "\n")[...]
        var found: [Entry] = []
        while let line = lines.popFirst() {
            guard headings[line] != nil else { continue }
            found += entries(of: &lines)
        }
        return found
    }

    /// What the Russian pages miss or name in vain, for `root` and every subcommand under it:
    /// one line per name, empty when every page matches ArgumentParser's help exactly.
    public func mismatches(with root: any ParsableCommand.Type) -> [String] {
        var problems: [String] = []
        var paths: Set<String> = []
        for (path, command) in Self.commands(under: root, path: root._commandName) {
            paths.insert(path)
            guard let page = pages[path] else {
                problems.append("\(path): no Russian page")
                continue
            }
            let english = root.helpMessage(for: command, columns: Self.columns)
            let known = Set(Self.entries(inHelp: english).map(\.key))
            for key in known.subtracting(page.entries.keys).subtracting(["--help"]).sorted() {
                problems.append("\(path): \(key) has no Russian text")
            }
            for key in Set(page.entries.keys).subtracting(known).sorted() {
                problems.append("\(path): \(key) is in the Russian page but not in ArgumentParser's help")
            }
        }
        for path in Set(pages.keys).subtracting(paths).sorted() {
            problems.append("\(path): a Russian page for no command")
        }
        return problems
    }

    /// `root` and its subcommands, depth first, each with its path (`lookup search`).
    public static func commands(
        under root: any ParsableCommand.Type, path: String
    ) -> [(path: String, command: any ParsableCommand.Type)] {
        [(path, root)] + root.configuration.subcommands.flatMap {
            commands(under: $0, path: path + " " + $0._commandName)
        }
    }

    // MARK: Errors

    /// The Russian of ArgumentParser's full error text `english` (`Error: …`, `Help: …`,
    /// `Usage: …`, `  See '… --help' …`); nil when a line has no sure translation, so the
    /// English stands whole rather than half-translated or wrongly. A message the command already
    /// wrote in Russian (its refusals) is kept as it is.
    public func error(english: String) -> String? {
        var lines = english.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        var path: String?
        if let hint = lines.last, hint.hasPrefix("  See '"), hint.hasSuffix(" --help' for more information.") {
            path = String(hint.dropFirst("  See '".count).dropLast(" --help' for more information.".count))
        }
        var output: [String] = []
        for line in lines {
            if line.hasPrefix("Error: ") {
                guard let message = Self.message(String(line.dropFirst("Error: ".count))) else { return nil }
                output.append("Ошибка: " + message)
            } else if line.hasPrefix("Help:  ") {
                guard let path, let page = pages[path],
                      let help = Self.helpLine(String(line.dropFirst("Help:  ".count)), in: page)
                else { return nil }
                output.append("Справка: " + help)
            } else if line.hasPrefix("Usage: ") {
                output.append("Использование: " + line.dropFirst("Usage: ".count))
            } else if let path, line.hasPrefix("  See '") {
                output.append("  Подробнее: «\(path) --help».")
            } else {
                return nil
            }
        }
        return output.joined(separator: "\n")
    }

    /// ArgumentParser's error messages, as patterns with the Russian that replaces them.
    private static let messages: [(pattern: String, russian: @Sendable ([String]) -> String)] = [
        (#"^Unknown option '(.+)'\. Did you mean '(.+)'\?$"#, { "неизвестный параметр «\($0[0])». Может быть, «\($0[1])»?" }),
        (#"^Unknown option '(.+)'$"#, { "неизвестный параметр «\($0[0])»" }),
        (#"^Unexpected argument '(.*)'$"#, { "лишний аргумент «\($0[0])»" }),
        (#"^\d+ unexpected arguments: '(.*)'$"#, {
            "лишние аргументы: «" + $0[0].replacingOccurrences(of: "', '", with: "», «") + "»"
        }),
        (#"^Missing value for '(.+)'$"#, { "не указано значение параметра «\($0[0])»" }),
        (#"^Missing expected argument '(.+)'$"#, { "не указан обязательный аргумент «\($0[0])»" }),
        (#"^The value '(.*)' is invalid for '(.+)'$"#, { "недопустимое значение «\($0[0])» для «\($0[1])»" }),
        (#"^The option '(.+)' does not take any value, but '(.*)' was specified\.$"#, {
            "параметр «\($0[0])» не принимает значения, а указано «\($0[1])»"
        }),
        (#"^Missing required subcommand\.$"#, { _ in "не указана подкоманда" }),
    ]

    /// The Russian of one error message, or the message itself when it is already Russian.
    static func message(_ english: String) -> String? {
        if english.unicodeScalars.contains(where: { (0x0400...0x04FF).contains($0.value) }) { return english }
        for (pattern, russian) in messages {
            guard let expression = try? NSRegularExpression(pattern: pattern),
                  let match = expression.firstMatch(in: english, range: NSRange(english.startIndex..., in: english))
            else { continue }
            let groups = (1..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: english).map { String(english[$0]) } ?? ""
            }
            return russian(groups)
        }
        return nil
    }

    /// `--timeout <seconds>  Seconds before…` with the description in Russian.
    static func helpLine(_ english: String, in page: Page) -> String? {
        guard let gap = english.range(of: "  ") else { return nil }
        let label = String(english[..<gap.lowerBound])
        guard let text = translation(of: Entry(key: key(of: label), label: label, text: ""), in: page) else { return nil }
        return label + "  " + text
    }

    // MARK: Layout

    /// ArgumentParser's section headings in Russian.
    private static let headings = [
        "ARGUMENTS:": "АРГУМЕНТЫ:", "OPTIONS:": "ПАРАМЕТРЫ:", "SUBCOMMANDS:": "ПОДКОМАНДЫ:",
    ]

    /// The rows of the section starting at `lines`, which are consumed up to its blank line.
    private static func entries(of lines: inout ArraySlice<String>) -> [Entry] {
        let continuation = String(repeating: " ", count: labelColumn)
        var found: [Entry] = []
        while let line = lines.first, !line.isEmpty {
            lines.removeFirst()
            if line.hasPrefix(continuation), var last = found.popLast() {
                let more = line.dropFirst(labelColumn)
                last.text += last.text.isEmpty ? String(more) : " " + more
                found.append(last)
                continue
            }
            let characters = Array(line)
            // ArgumentParser writes a label shorter than its column on the row, a longer one alone.
            let labelAlone = characters.count < labelColumn || characters[labelColumn - 1] != " "
            let label = labelAlone
                ? String(characters.dropFirst(2))
                : String(characters[2..<labelColumn]).trimmingCharacters(in: .whitespaces)
            let text = labelAlone ? "" : String(characters.dropFirst(labelColumn))
            found.append(Entry(key: key(of: label), label: label, text: text))
        }
        return found
    }

    /// The name a row is translated by: its long option name, else its first word.
    private static func key(of label: String) -> String {
        let words = label.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        return words.first { $0.hasPrefix("--") } ?? words.first ?? label
    }

    /// The Russian of a row, with ArgumentParser's `(default: …)` kept as `(по умолчанию: …)`.
    private static func translation(of entry: Entry, in page: Page) -> String? {
        guard let text = entry.key == "--help" ? helpEntry : page.entries[entry.key] else { return nil }
        guard let start = entry.text.range(of: " (default: ", options: .backwards), entry.text.hasSuffix(")")
        else { return text }
        let value = entry.text[start.upperBound...].dropLast()
        return "\(text) (по умолчанию: \(value))"
    }

    /// `run (default)` as `run (по умолчанию)`; option names and value names stay.
    private static func russianLabel(_ label: String) -> String {
        label.hasSuffix(" (default)") ? label.dropLast("(default)".count) + "(по умолчанию)" : label
    }

    /// A row as ArgumentParser lays it out: the label, then the text in the column after it.
    private static func render(label: String, text: String) -> String {
        let margin = String(repeating: " ", count: labelColumn)
        let padded = "  " + label
        guard padded.count < labelColumn else { return padded + "\n" + wrap(text, after: margin, indent: labelColumn) }
        return wrap(text, after: padded + margin.dropFirst(padded.count), indent: labelColumn)
    }

    /// `text` wrapped at spaces to `columns`: its first line after `lead`, every other line
    /// indented by `indent`.
    static func wrap(_ text: String, after lead: String = "", indent: Int = 0) -> String {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        for (index, paragraph) in text.components(separatedBy: "\n").enumerated() {
            var line = index == 0 ? lead : margin
            var isEmpty = true
            for word in words(of: paragraph) {
                if !isEmpty, line.count + 1 + word.count > columns {
                    lines.append(line)
                    line = margin + word
                } else {
                    line += (isEmpty ? "" : " ") + word
                }
                isEmpty = false
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The words of `paragraph`, a dash kept with the word before it: no line starts with one.
    private static func words(of paragraph: String) -> [String] {
        var words: [String] = []
        for word in paragraph.split(separator: " ") {
            if word == "—", let last = words.popLast() {
                words.append(last + " —")
            } else {
                words.append(String(word))
            }
        }
        return words
    }

    /// The usage line after `prefix`, broken only between its groups (`[--cache-dir <dir>]` stays
    /// whole), later lines under its first group.
    static func wrapUsage(_ usage: String, prefix: String) -> String {
        var groups: [String] = []
        var depth = 0
        var current = ""
        for character in usage {
            if character == " ", depth == 0 {
                groups.append(current)
                current = ""
                continue
            }
            if character == "[" || character == "<" { depth += 1 }
            if character == "]" || character == ">" { depth = max(0, depth - 1) }
            current.append(character)
        }
        groups.append(current)
        let indent = String(repeating: " ", count: prefix.count)
        var lines: [String] = []
        var line = prefix
        for group in groups where !group.isEmpty {
            let candidate = line == prefix ? line + group : line + " " + group
            if candidate.count > columns, line != prefix {
                lines.append(line)
                line = indent + group
            } else {
                line = candidate
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
