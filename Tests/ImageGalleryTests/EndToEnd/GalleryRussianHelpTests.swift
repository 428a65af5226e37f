import ArgumentParser
import CommandOptions
import Foundation
import TestSupport
import Testing
@testable import gallery

/// Runs the built `gallery` with a locale and 80 columns, never a terminal.
private func runGallery(_ arguments: [String], lang: String = "en_US.UTF-8") async throws -> ProcessResult {
    var environment = ProcessInfo.processInfo.environment
    environment["LANG"] = lang
    environment["LC_ALL"] = nil
    environment["LC_MESSAGES"] = nil
    environment["COLUMNS"] = "80"
    return try await Subprocess.run(GalleryProcess.executable, arguments, environment: environment)
}

@Suite("gallery's --help and parse errors in Russian")
struct GalleryRussianHelpTests {
    @Test("gallery --help in Russian, by --lang or the locale: every option, within 80 columns, exit 0")
    func russianHelp() async throws {
        let english = GalleryCommand.helpMessage(columns: 80)
        for (arguments, lang) in [(["--lang", "ru", "--help"], "en_US.UTF-8"), (["-h"], "ru_RU.UTF-8")] {
            let run = try await runGallery(arguments, lang: lang)
            #expect(run.status == 0)
            #expect(run.output.hasPrefix("ОПИСАНИЕ: Галерея картинок"))
            #expect(run.output.contains("\nИСПОЛЬЗОВАНИЕ: gallery <options>\n\nПАРАМЕТРЫ:\n"))
            #expect(run.output.split(separator: "\n").allSatisfy { $0.count <= 80 })
            for entry in LocalizedCommandLine.entries(inHelp: english) {
                #expect(run.output.contains("\n  \(entry.label) ") || run.output.contains("\n  \(entry.label)\n"), "\(entry.label)")
                #expect(!run.output.contains(entry.text.prefix(30)), "\(entry.label) is still in English")
            }
            let unwrapped = run.output.replacingOccurrences(of: "\n" + String(repeating: " ", count: 26), with: " ")
            #expect(unwrapped.contains("(по умолчанию: 8089)"))
        }
    }

    @Test("gallery --help in English is ArgumentParser's own page, byte for byte")
    func englishHelp() async throws {
        let run = try await runGallery(["--help"])
        #expect(run.status == 0)
        #expect(run.output == GalleryCommand.helpMessage(columns: 80) + "\n")
        let bogus = try await runGallery(["--bogus"])
        #expect(bogus.errorOutput.hasPrefix("Error: Unknown option '--bogus'\nUsage: gallery <options>\n"))
    }

    @Test("gallery --lang ru --bogus and --timeout without a value are refused in Russian, exit 64")
    func russianErrors() async throws {
        let bogus = try await runGallery(["--lang", "ru", "--bogus"])
        #expect(bogus.status == 64)
        #expect(bogus.errorOutput == """
            Ошибка: неизвестный параметр «--bogus»
            Использование: gallery <options>
              Подробнее: «gallery --help».

            """)
        let timeout = try await runGallery(["--lang", "ru", "--timeout"])
        #expect(timeout.status == 64)
        #expect(timeout.errorOutput.hasPrefix("""
            Ошибка: не указано значение параметра «--timeout <seconds>»
            Справка: --timeout <seconds>  Сколько секунд ждать загрузки
            """))
        let refusal = try await runGallery(["--max-concurrent", "0"], lang: "ru_RU.UTF-8")
        #expect(refusal.status == 64)
        #expect(refusal.errorOutput.hasPrefix("Ошибка: --max-concurrent: нужно число от 1 до 64, а не 0\n"))
    }

    @Test("every option ArgumentParser knows for gallery has Russian help, and the Russian names no other")
    func coverage() {
        #expect(GalleryCommand.russianPages.mismatches(with: GalleryCommand.self) == [])
    }
}
