import ArgumentParser
import CommandOptions
import ErrorReporting
import Foundation
import Networking
import Testing

@Suite("The options every command shares")
struct SharedOptionsTests {
    @Test("the --cache-dir hint is read from raw arguments in both spellings; the last wins, nothing after --")
    func cacheDirectoryHint() {
        #expect(SharedOptions.cacheDirectoryHint(in: ["gallery", "--json", "--cache-dir", "/tmp/a"]) == "/tmp/a")
        #expect(SharedOptions.cacheDirectoryHint(in: ["gallery", "--cache-dir=/tmp/b", "--plain"]) == "/tmp/b")
        #expect(SharedOptions.cacheDirectoryHint(in: ["gallery", "--cache-dir", "/a", "--cache-dir=/b"]) == "/b")
        #expect(SharedOptions.cacheDirectoryHint(in: ["gallery", "--", "--cache-dir", "/c"]) == nil)
        #expect(SharedOptions.cacheDirectoryHint(in: ["gallery", "--cache-dir"]) == nil)
        #expect(SharedOptions.cacheDirectoryHint(in: ["--cache-dir"]) == nil, "the first argument is the program")
    }

    @Test("typed-in text loses the white space around it, a CRLF line's CR too, and keeps what is inside")
    func inputTrimmed() {
        #expect(InputText.trimmed("  http://a/b c \t") == "http://a/b c")
        #expect(InputText.trimmed("+1 345 949 1234\r") == "+1 345 949 1234")
        #expect(InputText.trimmed("\u{00A0}+7 912\u{2003}") == "+7 912")
        #expect(InputText.trimmed(" \t ") == "")
        #expect(InputText.trimmed("plain") == "plain")
    }

    @Test("the five shared options parse, with a 30 s timeout by default")
    func parsesAll() throws {
        let defaults = try SharedOptions.parse([])
        #expect(defaults.timeoutDuration == .seconds(30))
        #expect(defaults.timeout == nil, "not given stays apart from the default, so a parent's value can fill it")
        #expect(!defaults.demo)

        let options = try SharedOptions.parse(["--demo", "--cache-dir", "/tmp/x", "--timeout", "0.25", "--lang", "ru"])
        #expect(options.demo)
        #expect(options.cacheDir == "/tmp/x")
        #expect(options.timeoutDuration == .milliseconds(250))
        #expect(options.language == .russian)
    }

    @Test("options given after a subcommand's name win; what was not given comes from before it")
    func merged() throws {
        let parent = try SharedOptions.parse(["--demo", "--timeout", "5", "--lang", "ru", "--cache-dir", "/p"])
        let own = try SharedOptions.parse(["--timeout", "0.5", "--transport", "curl"])
        let merged = own.merged(over: parent)
        #expect(merged.demo && merged.language == .russian && merged.cacheDir == "/p")
        #expect(merged.timeoutDuration == .milliseconds(500))
        #expect(merged.transportChoice == .curl)
        #expect(try SharedOptions.parse([]).merged(over: SharedOptions.parse([])).timeoutDuration == .seconds(30))
    }

    @Test("the display options parse; --plain with --json, or an unknown --graphics, is refused in both languages")
    func displayOptions() throws {
        let json = try DisplayOptions.parse(["--json", "--graphics", "blocks"])
        #expect(json.json && !json.plain && json.printsLines && json.graphicsChoice != nil)
        #expect(try !DisplayOptions.parse([]).printsLines)

        let both = try DisplayOptions.parse(["--plain", "--json"])
        let english = #expect(throws: ValidationError.self) { try both.check(language: .english) }
        #expect(english?.message == "choose one of --plain and --json")
        let russian = #expect(throws: ValidationError.self) { try both.check(language: .russian) }
        #expect(russian?.message == "выберите что-то одно: --plain или --json")
        let graphics = try DisplayOptions.parse(["--graphics", "crayon"])
        let refusal = #expect(throws: ValidationError.self) { try graphics.check(language: .russian) }
        #expect(refusal?.message.hasPrefix("--graphics: допустимы") == true)
    }

    @Test("--symbols takes a set or auto, else it is refused in both languages; unset, the environment decides")
    func symbolsOption() throws {
        #expect(try DisplayOptions.parse(["--symbols", "sextant"]).symbolChoice == .fixed(.sextant))
        #expect(try DisplayOptions.parse(["--symbols", "auto"]).symbolChoice == .auto)
        #expect(try DisplayOptions.parse([]).symbolChoice == nil)
        let braille = try DisplayOptions.parse(["--symbols", "braille"])
        let english = #expect(throws: ValidationError.self) { try braille.check(language: .english) }
        #expect(english?.message == "--symbols must be one of auto|half|quadrant|sextant|octant, not 'braille'")
        let russian = #expect(throws: ValidationError.self) { try braille.check(language: .russian) }
        #expect(russian?.message.hasPrefix("--symbols: допустимы") == true)
        #expect(DisplayOptions.russianHelp["--symbols"]?.contains("секстанты") == true)
    }

    @Test("an absurd --timeout is a usage error (exit 64) naming the flag, never a crash", arguments: [
        "1e308", "1e18", "inf", "-inf", "nan", "0", "-1", "86401",
    ])
    func absurdTimeout(value: String) throws {
        let error = #expect(throws: (any Error).self) { try SharedOptions.parse(["--timeout", value]) }
        let thrown = try #require(error)
        #expect(SharedOptions.exitCode(for: thrown) == ExitCode(64))
        #expect(SharedOptions.message(for: thrown).contains("--timeout"))
    }

    @Test("the refusal speaks Russian with --lang ru")
    func russianRefusal() throws {
        let error = #expect(throws: (any Error).self) { try SharedOptions.parse(["--lang", "ru", "--timeout", "inf"]) }
        let message = SharedOptions.message(for: try #require(error))
        #expect(message.contains("--timeout: нужно число от 0.001 до 86400.0"))
    }

    @Test("an unknown language is refused")
    func unknownLanguage() throws {
        #expect(throws: (any Error).self) { try SharedOptions.parse(["--lang", "fr"]) }
    }

    @Test("a checked number inside its range passes; one outside names the flag and the range")
    func rangeCheck() throws {
        try OptionCheck.value(6, of: "--max-concurrent", in: 1...64, language: .english)
        let error = #expect(throws: ValidationError.self) {
            try OptionCheck.value(1_000_000_000, of: "--max-concurrent", in: 1...64, language: .english)
        }
        #expect(error?.message == "--max-concurrent must be between 1 and 64, not 1000000000")
    }

    @Test("--transport picks curl or urlsession and refuses anything else")
    func transport() throws {
        #expect(try SharedOptions.parse(["--transport", "urlsession"]).transportChoice == .urlSession)
        #expect(try SharedOptions.parse(["--transport", "curl"]).transportChoice == .curl)
        #expect(try SharedOptions.parse([]).transportChoice == HTTPClient.Transport.default())
        #expect(throws: (any Error).self) { try SharedOptions.parse(["--transport", "carrier-pigeon"]) }
    }

    @Test("every URL option is checked one way: http(s) with a host, refused in the person's language")
    func webURL() throws {
        #expect(try OptionCheck.webURL("https://api.flickr.com/services/rest/", of: "--api-base", language: .english).host
            == "api.flickr.com")
        #expect(try OptionCheck.webURL("HTTP://127.0.0.1:8089/", of: "--api", language: .english).port == 8089)
        for bad in ["ftp://x", "127.0.0.1:80", "https://", "not a url"] {
            let english = #expect(throws: ValidationError.self) { try OptionCheck.webURL(bad, of: "--api", language: .english) }
            #expect(english?.message == "--api must be an http(s) URL, not '\(bad)'")
            let russian = #expect(throws: ValidationError.self) { try OptionCheck.webURL(bad, of: "--api", language: .russian) }
            #expect(russian?.message == "--api: нужен адрес http(s), а не «\(bad)»")
        }
    }

    @Test("a connectivity probe dials the URL's own port, else its scheme's")
    func probeAddress() throws {
        let https = try #require(Connectivity.Probe.address(of: URL(string: "https://api.flickr.com/services/rest/")!))
        #expect(https.host == "api.flickr.com" && https.port == 443)
        let http = try #require(Connectivity.Probe.address(of: URL(string: "http://picsum.photos/800")!))
        #expect(http.port == 80)
        let own = try #require(Connectivity.Probe.address(of: URL(string: "http://127.0.0.1:8089/img/1")!))
        #expect(own.host == "127.0.0.1" && own.port == 8089)
        #expect(Connectivity.Probe.address(of: URL(string: "file:///tmp/a")!) == nil)
    }
}
