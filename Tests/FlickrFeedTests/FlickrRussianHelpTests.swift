import ArgumentParser
import CommandOptions
import Foundation
import Testing
@testable import flickr

@Suite("flickr's --help and parse errors in Russian")
struct FlickrRussianHelpTests {
    @Test("flickr --help in Russian, by the locale or --lang: every option, within 80 columns, exit 0")
    func russianHelp() async throws {
        let english = FlickrCommand.helpMessage(columns: 80)
        for (arguments, lang) in [(["--help"], "ru_RU.UTF-8"), (["--help", "--lang", "ru"], "en_US.UTF-8")] {
            let run = try await Run.flickr(arguments, environment: ["LANG": lang, "COLUMNS": "80"])
            #expect(run.status == 0)
            #expect(run.stdout.hasPrefix("ОПИСАНИЕ: Свежие фотографии Flickr"))
            #expect(run.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
            for entry in LocalizedCommandLine.entries(inHelp: english) {
                #expect(run.stdout.contains("\n  \(entry.label) ") || run.stdout.contains("\n  \(entry.label)\n"), "\(entry.label)")
                #expect(!run.stdout.contains(entry.text.prefix(30)), "\(entry.label) is still in English")
            }
        }
    }

    @Test("flickr --help in English is ArgumentParser's own page; --lang ru --per-page without a value is Russian, exit 64")
    func englishHelpAndRussianError() async throws {
        let english = try await Run.flickr(["--help"], environment: ["COLUMNS": "80"])
        #expect(english.status == 0)
        #expect(english.stdout == FlickrCommand.helpMessage(columns: 80) + "\n")
        let missing = try await Run.flickr(["--lang", "ru", "--per-page"])
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("Ошибка: не указано значение параметра «--per-page <per-page>»\n"))
        #expect(missing.stderr.hasSuffix("  Подробнее: «flickr --help».\n"))
    }

    @Test("every option ArgumentParser knows for flickr has Russian help, and the Russian names no other")
    func coverage() {
        #expect(FlickrCommand.russianPages.mismatches(with: FlickrCommand.self) == [])
    }
}
