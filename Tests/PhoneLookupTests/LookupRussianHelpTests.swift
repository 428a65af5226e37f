import ArgumentParser
import CommandOptions
import Foundation
import Testing
@testable import lookup

@Suite("lookup's --help and parse errors in Russian")
struct LookupRussianHelpTests {
    @Test("lookup --help and its subcommands' help in Russian, --lang before or after the name: within 80 columns, exit 0",
          arguments: [
              (["--lang", "ru", "--help"], LookupCommand.self as any ParsableCommand.Type, "ОПИСАНИЕ: Сведения о телефонных"),
              (["--lang", "ru", "scan", "--help"], Scan.self, "ОПИСАНИЕ: Найти все телефонные номера"),
              (["search", "-h", "--lang", "ru"], Search.self, "ОПИСАНИЕ: Найти сведения об одном номере"),
              (["--lang", "ru", "help", "compare"], Compare.self, "ОПИСАНИЕ: Сказать, один ли это"),
          ])
    func russianHelp(arguments: [String], command: any ParsableCommand.Type, start: String) async throws {
        let run = try await runLookup(arguments, environment: ["COLUMNS": "80"])
        #expect(run.status == 0)
        #expect(run.out.hasPrefix(start))
        #expect(run.out.split(separator: "\n").allSatisfy { $0.count <= 80 })
        let english = LookupCommand.helpMessage(for: command, columns: 80)
        for entry in LocalizedCommandLine.entries(inHelp: english) {
            let label = entry.label.replacingOccurrences(of: "(default)", with: "(по умолчанию)")
            #expect(run.out.contains("\n  \(label) ") || run.out.contains("\n  \(label)\n"), "\(entry.label)")
            #expect(!run.out.contains(entry.text.prefix(30)), "\(entry.label) is still in English")
        }
        let usage = try #require(english.split(separator: "\n").first { $0.hasPrefix("USAGE: ") })
        let russianUsage = run.out.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("ИСПОЛЬЗОВАНИЕ: ") }.prefix { !$0.isEmpty }
        #expect(russianUsage.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            == "ИСПОЛЬЗОВАНИЕ: " + usage.dropFirst("USAGE: ".count))
    }

    @Test("lookup search --help in English is ArgumentParser's own page, byte for byte")
    func englishHelp() async throws {
        let run = try await runLookup(["search", "--help"], environment: ["COLUMNS": "80"])
        #expect(run.status == 0)
        #expect(run.out == LookupCommand.helpMessage(for: Search.self, columns: 80) + "\n")
    }

    @Test("lookup --lang ru search without a number, or with an unknown option, is refused in Russian, exit 64")
    func russianErrors() async throws {
        let missing = try await runLookup(["--lang", "ru", "search"])
        #expect(missing.status == 64)
        #expect(missing.err.hasPrefix("""
            Ошибка: не указан обязательный аргумент «<number>»
            Справка: <number>  Телефонный номер; с + в начале — международный.
            Использование: lookup search [--demo]
            """))
        #expect(missing.err.hasSuffix("\n  Подробнее: «lookup search --help».\n"))
        let bogus = try await runLookup(["search", "--lang", "ru", "--bogus", "1"])
        #expect(bogus.status == 64)
        #expect(bogus.err.hasPrefix("Ошибка: неизвестный параметр «--bogus»\n"))
    }

    @Test("every option, argument and subcommand ArgumentParser knows for lookup has Russian help, and the Russian names no other")
    func coverage() {
        #expect(LookupCommand.russianPages.mismatches(with: LookupCommand.self) == [])
    }
}
