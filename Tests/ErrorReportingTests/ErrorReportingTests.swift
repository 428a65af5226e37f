import Foundation
import Logging
import Testing
@testable import ErrorReporting

@Suite("Language")
struct LanguageTests {
    @Test("the flag wins over the locale")
    func flagWins() {
        #expect(Language.resolve(flag: "ru", environment: ["LANG": "en_US.UTF-8"]) == .russian)
        #expect(Language.resolve(flag: "en", environment: ["LANG": "ru_RU.UTF-8"]) == .english)
    }

    @Test("LC_ALL, then LC_MESSAGES, then LANG", arguments: [
        (["LANG": "ru_RU.UTF-8"], Language.russian),
        (["LC_ALL": "en_US.UTF-8", "LANG": "ru_RU.UTF-8"], .english),
        (["LC_MESSAGES": "ru_RU", "LANG": "en_US"], .russian),
        (["LC_ALL": "", "LANG": "ru"], .russian),
        ([:], .english),
    ])
    func localePrecedence(environment: [String: String], expected: Language) {
        #expect(Language.resolve(flag: nil, environment: environment) == expected)
    }

    @Test("an unknown flag falls back to the locale")
    func unknownFlag() {
        #expect(Language.resolve(flag: "de", environment: ["LANG": "ru_RU.UTF-8"]) == .russian)
    }
}

@Suite("UserFacingError")
struct UserFacingErrorTests {
    @Test("the seed's phrases are the Russian texts")
    func seedPhrases() {
        #expect(CommonPhrases.imageUnavailable.text(in: .russian) == "Изображение по заданному URL недоступно")
        #expect(CommonPhrases.tookTooLong.text(in: .russian) == "Слишком долгое ожидание / сервер не отвечает")
    }

    @Test("a line joins message and hint")
    func line() {
        let retry = LocalizedText(en: "Try again later", ru: "Попробуйте позже")
        let error = UserFacingError(code: "timeout", message: CommonPhrases.tookTooLong, recovery: retry)
        #expect(error.line(in: .english) == "Took too long / the server is not responding. Try again later")
    }

    @Test("a message that ends its own sentence gets no second full stop before the hint")
    func lineAfterFullStop() {
        let parsed = LocalizedText(en: "Not valid JSON: invalid value around character 0.", ru: "Это не JSON.")
        let hint = LocalizedText(en: "Check --countries-url", ru: "Проверьте --countries-url")
        let error = UserFacingError(code: "invalidDataset", message: parsed, recovery: hint)
        #expect(error.line(in: .english) == "Not valid JSON: invalid value around character 0. Check --countries-url")
        #expect(error.line(in: .russian) == "Это не JSON. Проверьте --countries-url")
    }

    @Test("an unknown error becomes a generic message with its description redacted")
    func unknownError() {
        struct Leaky: Error, CustomStringConvertible {
            var description: String { "failed https://x.test/a?api_key=abc123&page=2" }
        }
        let mapped = UserFacingError.from(Leaky())
        #expect(mapped.code == "unexpected")
        #expect(!mapped.message(in: .english).contains("abc123"))
        #expect(mapped.message(in: .english).contains("page=2"))
    }
}

@Suite("Redactor")
struct RedactorTests {
    @Test("secret query values are masked, others kept", arguments: [
        ("https://api.test/rest?method=m&api_key=SECRET&page=1", "https://api.test/rest?method=m&api_key=REDACTED&page=1"),
        ("https://a.test/?token=t0k&x=1", "https://a.test/?token=REDACTED&x=1"),
        ("https://a.test/?key=k&secret=s", "https://a.test/?key=REDACTED&secret=REDACTED"),
        ("https://a.test/?q=cats", "https://a.test/?q=cats"),
        ("error loading https://a.test/?access_token=zz: timed out", "error loading https://a.test/?access_token=REDACTED: timed out"),
    ])
    func masks(input: String, expected: String) {
        #expect(Redactor.redact(input) == expected)
    }

    @Test("a URL value is redacted through its string")
    func url() throws {
        let url = try #require(URL(string: "https://api.flickr.com/services/rest/?api_key=abcdef&per_page=40"))
        #expect(!Redactor.redact(url).contains("abcdef"))
    }

    @Test("a registered secret is masked wherever a server echoes it, not only in name=value pairs")
    func literal() {
        let key = "9f3c" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12)
        Redactor.register(secret: key)
        let echoed = "Invalid API Key (Key not found: \(key)). Your key \(key) was rejected"
        let redacted = Redactor.redact(echoed)
        #expect(!redacted.contains(key))
        #expect(redacted == "Invalid API Key (Key not found: REDACTED). Your key REDACTED was rejected")
        #expect(Redactor.redact("no secret here") == "no secret here")
    }

    @Test("secrets too short to mask safely are not registered")
    func shortLiteral() {
        Redactor.register(secret: "ab")
        #expect(Redactor.redact("tab and cab") == "tab and cab")
    }
}

@Suite("ErrorReporter")
struct ErrorReporterTests {
    @Test("logs redacted text with the code as metadata")
    func reports() {
        let recorder = RecordingLogHandler.Store()
        let logger = Logger(label: "test") { _ in RecordingLogHandler(store: recorder) }
        let reporter = ErrorReporter(logger: logger, language: .english)
        let error = UserFacingError(code: "apiKey", message: LocalizedText(en: "Key refused", ru: "Ключ отклонён"))
        let shown = reporter.report(error, context: "fetching https://a.test/?api_key=XYZ")
        #expect(shown.code == "apiKey")
        let entries = recorder.entries
        #expect(entries.count == 1)
        #expect(entries.first?.message.contains("XYZ") == false)
        #expect(entries.first?.message.contains("Key refused") == true)
        #expect(entries.first?.code == "apiKey")
    }
}

/// Collects log lines so a test can read what was reported.
struct RecordingLogHandler: LogHandler {
    final class Store: @unchecked Sendable {
        // Guarded by `lock`; tests read it after the reporter returns.
        private let lock = NSLock()
        private var stored: [(message: String, code: String?)] = []
        var entries: [(message: String, code: String?)] { lock.withLock { stored } }
        func append(_ message: String, code: String?) { lock.withLock { stored.append((message, code)) } }
    }

    let store: Store
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var code: String?
        if case .string(let value)? = event.metadata?["code"] { code = value }
        store.append(event.message.description, code: code)
    }
}
