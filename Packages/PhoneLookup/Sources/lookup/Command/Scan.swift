import ArgumentParser
import CommandOptions
import CommandOutput
import ErrorReporting
import Foundation
import PhoneLookup

/// `lookup scan [FILE|-] [--country ISO] [--json]`: every phone number in a text.
struct Scan: LookupSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Find every phone number in a text (libphonenumber's matcher, leniency VALID).",
        discussion: """
            Reads FILE, or standard input when FILE is - or absent. Prints one line per number: \
            where it is (in Unicode characters from the start), the text as written, the number \
            international and in E.164. Numbers without a country code are read in --country. Unlike \
            libphonenumber's matcher, it does not give up after 65,535 candidates that are no number. \
            Exit status: 0 read (even when no number was found), 66 the file cannot be read, 64 usage.
            """)

    @ParentCommand var parent: LookupCommand
    @OptionGroup var ownShared: SharedOptions
    @OptionGroup var ownLookup: LookupOptions

    @Option(help: ArgumentHelp("The country numbers without a country code belong to (ISO code, default: the locale's, else US).",
                               valueName: "ISO"))
    var country: String?

    @Flag(help: "Print one JSON object per number: {\"start\", \"end\", \"raw\", \"e164\"}.")
    var json = false

    @Argument(help: ArgumentHelp("The text file to scan; - or nothing reads standard input.", valueName: "file"))
    var file: String?

    func validate() throws {
        try checkOptions()
        try LookupOptions.checkRegion(country, of: "--country", language: shared.language)
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        try await withServices { services in
            let language = services.language
            let region = try services.region(explicit: country, environment: environment) ?? "US"
            let text: String
            switch ScanInput.read(file) {
            case .success(let read): text = read
            case .failure(let error):
                let message = error.userFacingError
                report(message, json: json, in: language)
                throw ExitCode(66)
            }
            // libphonenumber gives up after 65,535 candidates that are no number; a person
            // scanning a long file wants all of it read.
            let matcher = PhoneNumberMatcher(plan: services.plan, region: region, maxTries: .max)
            let matches = matcher.matches(in: text)
            var lines: [String] = []
            lines.reserveCapacity(matches.count)
            for match in matches {
                if json {
                    lines.append(JSONLine.object([("start", .int(match.start)), ("end", .int(match.end)),
                                                  ("raw", .string(match.raw)), ("e164", .string(match.number.e164))]))
                } else {
                    let place = language == .russian ? "символы" : "characters"
                    lines.append("\(place) \(match.start)–\(match.end): \(TerminalSafeText.line(match.raw)) → "
                                 + "\(matcher.international(match.number)) (\(match.number.e164))")
                }
            }
            if !lines.isEmpty { StandardOutput.write(lines.joined(separator: "\n") + "\n") }
            if matches.isEmpty, !json {
                printError(language == .russian ? "lookup: номеров телефонов не найдено" : "lookup: no phone numbers found")
            }
        }
    }
}

/// Where `lookup scan` reads its text from, and why it could not.
enum ScanInput {
    /// Why a file given to `lookup scan` could not be read.
    enum Failure: Error, UserFacingErrorConvertible {
        case missing(path: String)
        case folder(path: String)
        case unreadable(path: String)

        var userFacingError: UserFacingError {
            let text = switch self {
            case .missing(let path):
                LocalizedText(en: "Cannot read \(path): no such file", ru: "Не удаётся прочитать \(path): нет такого файла")
            case .folder(let path):
                LocalizedText(en: "Cannot read \(path): it is a folder", ru: "Не удаётся прочитать \(path): это папка")
            case .unreadable(let path):
                LocalizedText(en: "Cannot read \(path): permission denied", ru: "Не удаётся прочитать \(path): нет прав на чтение")
            }
            return UserFacingError(code: "unreadableFile", message: text)
        }
    }

    /// The text of `path` (standard input for nil or `-`), with invalid UTF-8 replaced.
    static func read(_ path: String?) -> Result<String, Failure> {
        guard let path, path != "-" else {
            return .success(String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self))
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .failure(.missing(path: path)) }
        guard !isFolder.boolValue else { return .failure(.folder(path: path)) }
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(.unreadable(path: path)) }
        return .success(String(decoding: data, as: UTF8.self))
    }
}
