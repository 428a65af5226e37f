import ArgumentParser
import CommandOptions
import ErrorReporting
import Foundation
import Testing

/// A command with one of each kind of row: an option with a default, a flag, an argument.
private struct Sample: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample", abstract: "A sample.", subcommands: [Inner.self])

    @Option(help: ArgumentHelp("How long to wait.", valueName: "seconds"))
    var wait = 5

    @Flag(help: "Say more.")
    var verbose = false

    struct Inner: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "inner", abstract: "An inner one.")

        @Argument(help: "The thing.")
        var thing: String
    }
}

private let samplePages = LocalizedCommandLine(pages: [
    "sample": LocalizedCommandLine.Page(
        abstract: "Пример.",
        entries: ["--wait": "Сколько ждать.", "--verbose": "Говорить подробнее.", "inner": "Внутренняя команда."]),
    "sample inner": LocalizedCommandLine.Page(abstract: "Внутренняя команда.", entries: ["<thing>": "Вещь."]),
])

/// ArgumentParser's full error text for `arguments`, as `exit(withError:)` prints it.
private func englishError(_ arguments: [String]) -> String {
    do {
        _ = try Sample.parseAsRoot(arguments)
        return ""
    } catch {
        return Sample.fullMessage(for: error, columns: 80)
    }
}

@Suite("ArgumentParser's help and errors in Russian")
struct LocalizedCommandLineTests {
    @Test("the language is the last --lang before --, in either spelling, else the locale")
    func language() {
        let russianLocale = ["LANG": "ru_RU.UTF-8"]
        #expect(LocalizedCommandLine.language(of: ["search", "--lang", "ru"], environment: [:]) == .russian)
        #expect(LocalizedCommandLine.language(of: ["--lang=ru", "search"], environment: [:]) == .russian)
        #expect(LocalizedCommandLine.language(of: ["--lang", "ru", "s", "--lang", "en"], environment: [:]) == .english)
        #expect(LocalizedCommandLine.language(of: ["--", "--lang", "ru"], environment: [:]) == .english)
        #expect(LocalizedCommandLine.language(of: ["--help"], environment: russianLocale) == .russian)
        #expect(LocalizedCommandLine.language(of: ["--lang", "en"], environment: russianLocale) == .english)
    }

    @Test("ArgumentParser's common parse errors read in Russian, with the Russian hint and the usage line kept")
    func parseErrors() throws {
        let cases: [([String], String)] = [
            (["--bogus"], "Ошибка: неизвестный параметр «--bogus»"),
            (["--wiat", "1"], "Ошибка: неизвестный параметр «--wiat». Может быть, «--wait»?"),
            (["extra"], "Ошибка: лишний аргумент «extra»"),
            (["--wait"], "Ошибка: не указано значение параметра «--wait <seconds>»"),
            (["--wait", "soon"], "Ошибка: недопустимое значение «soon» для «--wait <seconds>»"),
            (["--verbose=yes"], "Ошибка: параметр «--verbose» не принимает значения, а указано «yes»"),
            (["inner"], "Ошибка: не указан обязательный аргумент «<thing>»"),
            (["inner", "a", "b", "c"], "Ошибка: лишние аргументы: «b», «c»"),
        ]
        for (arguments, expected) in cases {
            let english = englishError(arguments)
            let russian = try #require(samplePages.error(english: english), "\(arguments): \(english)")
            let lines = russian.split(separator: "\n").map(String.init)
            #expect(lines.first == expected)
            let usage = try #require(english.split(separator: "\n").first { $0.hasPrefix("Usage: ") })
            #expect(lines.contains("Использование: " + usage.dropFirst("Usage: ".count)))
            #expect(lines.last?.hasPrefix("  Подробнее: «sample") == true && lines.last?.hasSuffix(" --help».") == true)
            #expect(!lines.contains { $0.hasPrefix("Справка: ") && !$0.contains("ждать") && !$0.contains("Вещь") })
        }
    }

    @Test("a refusal the command wrote in Russian keeps its words; what has no sure translation stays English")
    func fallbacks() {
        let refusal = "Error: --wait: нужно число от 1 до 9, а не 0\nUsage: sample [--wait <seconds>]\n"
            + "  See 'sample --help' for more information."
        #expect(samplePages.error(english: refusal)?.hasPrefix("Ошибка: --wait: нужно число от 1 до 9, а не 0\n") == true)
        let unknown = "Error: Value to be set with flag '--a' had already been set with flag '--b'\n"
            + "Usage: sample\n  See 'sample --help' for more information."
        #expect(samplePages.error(english: unknown) == nil)
        let withChoices = "Error: The value 'x' is invalid for '--mode <mode>'. Please provide one of 'a' and 'b'.\n"
            + "Usage: sample\n  See 'sample --help' for more information."
        #expect(samplePages.error(english: withChoices) == nil)
    }

    @Test("a Russian page keeps the usage line, names and defaults of ArgumentParser's, within 80 columns")
    func page() throws {
        let english = Sample.helpMessage(for: Sample.self, columns: 80)
        let russian = try #require(samplePages.help(english: english, path: "sample"))
        #expect(russian.hasPrefix("ОПИСАНИЕ: Пример.\n\nИСПОЛЬЗОВАНИЕ: sample [--wait <seconds>] [--verbose] <subcommand>\n"))
        #expect(russian.contains("\nПАРАМЕТРЫ:\n  --wait <seconds>        Сколько ждать. (по умолчанию: 5)\n"))
        #expect(russian.contains("\n  --verbose               Говорить подробнее.\n"))
        #expect(russian.contains("\n  -h, --help              Показать эту справку.\n"))
        #expect(russian.contains("\nПОДКОМАНДЫ:\n  inner                   Внутренняя команда.\n"))
        #expect(russian.contains("Справка по подкоманде: «sample help <subcommand>»."))
        #expect(russian.split(separator: "\n").allSatisfy { $0.count <= 80 })
        let inner = Sample.helpMessage(for: Sample.Inner.self, columns: 80)
        #expect(try #require(samplePages.help(english: inner, path: "sample inner")).contains("АРГУМЕНТЫ:\n  <thing>"))
    }

    @Test("a long usage line breaks between its groups, a long text at spaces, no line starting with a dash")
    func wrapping() throws {
        let usage = (1...12).map { "[--option-\($0) <value>]" }.joined(separator: " ")
        let pages = LocalizedCommandLine(pages: ["long": .init(abstract: String(repeating: "слово — ", count: 30), entries: [:])])
        let english = "OVERVIEW: x\n\nUSAGE: long \(usage)\n"
        let russian = try #require(pages.help(english: english, path: "long"))
        let lines = russian.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(!lines.contains { $0.hasPrefix("—") })
        let usageLines = lines.drop { !$0.hasPrefix("ИСПОЛЬЗОВАНИЕ: ") }
        #expect(usageLines.count > 1)
        #expect(usageLines.allSatisfy { !$0.contains("[--option") || $0.filter { $0 == "[" }.count == $0.filter { $0 == "]" }.count })
        #expect(usageLines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            .hasSuffix(usage))
    }

    @Test("a Russian page that misses a name ArgumentParser knows, or names one it does not, is found out")
    func mismatches() {
        var pages = samplePages.pages
        pages["sample"]?.entries["--verbose"] = nil
        pages["sample"]?.entries["--gone"] = "Больше нет."
        pages["sample other"] = .init(abstract: "Нет такой.", entries: [:])
        let problems = LocalizedCommandLine(pages: pages).mismatches(with: Sample.self)
        #expect(problems == [
            "sample: --verbose has no Russian text",
            "sample: --gone is in the Russian page but not in ArgumentParser's help",
            "sample other: a Russian page for no command",
        ])
        #expect(samplePages.mismatches(with: Sample.self).isEmpty)
    }
}
