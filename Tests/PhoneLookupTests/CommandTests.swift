import ArgumentParser
import DemoServer
import Networking
import PhoneLookup
import Foundation
import TestSupport
import Testing
@testable import lookup

/// The built `lookup` beside the test bundle.
func lookupExecutable() throws -> URL {
    URL(fileURLWithPath: try #require(builtExecutable("lookup"), "lookup is built next to the tests"))
}

/// Runs `lookup` with `arguments`, no terminal, a private cache; returns status and output.
func runLookup(_ arguments: [String], input: String = "",
               environment extra: [String: String] = [:]) async throws -> (status: Int32, out: String, err: String) {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("lookup-cli-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    var environment = ProcessInfo.processInfo.environment
    environment["LANG"] = "en_US.UTF-8"
    environment.removeValue(forKey: "LC_ALL")
    environment.merge(extra) { _, new in new }
    let result = try await Subprocess.run(
        try lookupExecutable().path,
        arguments + ["--cache-dir", cache.path],
        environment: environment,
        input: Data(input.utf8)
    )
    return (result.status, result.output, result.errorOutput)
}

@Suite("lookup on the command line")
struct CommandTests {
    @Test("options are accepted before and after the subcommand name")
    func optionPlacement() throws {
        let before = try #require(try LookupCommand.parseAsRoot(["--demo", "--lang", "ru", "search", "--country", "KY", "345"]) as? Search)
        #expect(before.shared.demo)
        #expect(before.shared.language == .russian)
        let after = try #require(try LookupCommand.parseAsRoot(["search", "--api", "http://127.0.0.1:1", "--country", "RU", "9994673756"]) as? Search)
        #expect(after.lookupOptions.api == "http://127.0.0.1:1")
        #expect(after.country == "RU")
        let countries = try #require(try LookupCommand.parseAsRoot(["--timeout", "2", "countries", "--json"]) as? Countries)
        #expect(countries.shared.timeoutDuration == .seconds(2))
        let both = try #require(try LookupCommand.parseAsRoot(["--timeout", "2", "compare", "--timeout", "0.5", "1", "2"]) as? Compare)
        #expect(both.shared.timeoutDuration == .milliseconds(500), "the value after the name wins")
        let neither = try #require(try LookupCommand.parseAsRoot(["countries"]) as? Countries)
        #expect(neither.shared.timeoutDuration == .seconds(30))
    }

    @Test("lookup's refusals speak the language of --lang given before or after the subcommand's name", arguments: [
        (["--lang", "ru", "search", "--transport", "pigeon", "1"], "--transport: допустимы"),
        (["search", "--lang", "ru", "--api", "ftp://x", "1"], "--api: нужен адрес http(s)"),
        (["--lang", "ru", "search", "--country", "Russia", "1"], "--country: нужен двухбуквенный код"),
        (["--lang", "ru", "--demo", "countries", "--api", "http://127.0.0.1:1"], "--demo и --api вместе не работают"),
        (["--demo", "countries", "--api", "http://127.0.0.1:1"], "--demo and --api cannot be used together"),
        (["--lang", "ru", "run", "--from", "Russia"], "--from: нужен двухбуквенный код"),
        (["run", "--demo", "--api", "http://127.0.0.1:1"], "--demo and --api cannot be used together"),
        (["scan", "--lang", "ru", "--country", "R1"], "--country: нужен двухбуквенный код"),
    ])
    func localisedRefusals(arguments: [String], expected: String) {
        let error = #expect(throws: (any Error).self) { try LookupCommand.parseAsRoot(arguments) }
        #expect(LookupCommand.message(for: error ?? CancellationError()).contains(expected))
    }

    @Test("no subcommand runs the scenes")
    func defaultSubcommand() throws {
        let command = try LookupCommand.parseAsRoot(["--demo"])
        #expect(command is Interactive)
    }

    @Test("bad option values are usage errors", arguments: [
        ["search", "--lang", "fr", "123"], ["search", "--api", "ftp://x", "123"], ["search", "--country", "Russia", "123"],
    ])
    func usageErrors(arguments: [String]) {
        #expect(throws: (any Error).self) { try LookupCommand.parseAsRoot(arguments) }
    }

    @Test("lookup --demo search --country KY 3459161234 answers from the embedded server")
    func demoSearch() async throws {
        let result = try await runLookup(["--demo", "search", "--country", "KY", "3459161234"])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("Country: Cayman Islands"))
        #expect(result.out.contains("National: (345) 916-1234"))
    }

    @Test("search --json prints number, country and results")
    func searchJSON() async throws {
        let result = try await runLookup(["search", "--country", "RU", "8 999 467-37-56", "--json"])
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        #expect(json?["number"] as? String == "+79994673756")
        #expect(json?["country"] as? String == "Russia")
        #expect((json?["results"] as? [String])?.contains("Carrier: MegaFon (the range holder; the number may have been ported)") == true)
    }

    @Test("exit status: 65 for an invalid number, with the reason")
    func invalid() async throws {
        let result = try await runLookup(["search", "--country", "RU", "999"])
        #expect(result.status == 65)
        #expect(result.err.contains("Too short"))
    }

    @Test("exit status: 75 (temporary failure) when the service could not be reached, with its description and Try again")
    func failed() async throws {
        let result = try await runLookup(["search", "--api", "http://127.0.0.1:9", "--timeout", "2", "+79994673756"])
        #expect(result.status == 75)
        #expect(result.err == "lookup: Could not connect to 127.0.0.1. Try again\n", "\(result.err)")
    }

    @Test("exit status: 64 for usage errors")
    func usage() async throws {
        #expect(try await runLookup(["search"]).status == 64)
    }

    @Test("countries --json: one JSON object per line, dial codes normalised")
    func countriesJSON() async throws {
        let result = try await runLookup(["--demo", "countries", "--json", "--filter", "cayman"])
        #expect(result.status == 0)
        #expect(result.out.split(separator: "\n")
            == [#"{"name":"Cayman Islands","dial_code":"+1 345","code":"KY","dataset_dial_code":"+345"}"#])
        let many = try await runLookup(["--demo", "countries", "--json", "--filter", "united"])
        let lines = many.out.split(separator: "\n")
        #expect(lines.count >= 3)
        for line in lines {
            #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: String])
        }
    }

    @Test("countries in Russian: names from the locale's data, found by a Russian filter, no English word")
    func countriesRussian() async throws {
        let result = try await runLookup(["--demo", "--lang", "ru", "countries", "--filter", "рос"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("Россия") && result.out.contains("RU"), "\(result.out)")
        #expect(ScreenAudit.englishWords(in: result.out, allowing: ["RU"]).isEmpty, "\(result.out)")
    }

    @Test("countries tells the Cayman Islands' code as +1 345, as the dialer does, and finds it by that code")
    func countriesTable() async throws {
        let result = try await runLookup(["--demo", "countries", "--filter", "+1 345"])
        #expect(result.status == 0)
        #expect(result.out.split(separator: "\n") == ["Cayman Islands  +1 345 KY"])
    }

    @Test("a number without + names the country it was read in and why; with no country to go on, it asks")
    func nationalNumberCountry() async throws {
        let assumed = try await runLookup(["search", "4258828080"], environment: ["LANG": "en_US.UTF-8"])
        #expect(assumed.status == 0, "\(assumed.err)")
        #expect(assumed.err.contains(
            "4258828080 has no +: read as a number in United States (+1), the country of the locale (LANG=en_US.UTF-8)"),
                "\(assumed.err)")
        let none = try await runLookup(["search", "12345"], environment: ["LANG": "C"])
        #expect(none.status == 64)
        #expect(none.err.contains("12345 has no +, and neither --country nor the locale names a country"), "\(none.err)")
        #expect(!none.err.contains("Too short"), "no country code was given, so none is too short")
        let given = try await runLookup(["search", "--country", "RU", "4951234567"])
        #expect(given.status == 0 && given.err.isEmpty, "\(given.err)")
    }

    @Test("countries --filter with no match says so on stderr and exits 1, in Russian too")
    func countriesNoMatch() async throws {
        let result = try await runLookup(["--demo", "countries", "--filter", "zz"])
        #expect(result.status == 1)
        #expect(result.out.isEmpty, "\(result.out)")
        #expect(result.err == "lookup: No country matches 'zz'\n", "\(result.err)")
        let russian = try await runLookup(["--demo", "--lang", "ru", "countries", "--filter", "zz"])
        #expect(russian.status == 1 && russian.err.contains("Ни одна страна не подходит под «zz»"), "\(russian.err)")
    }

    @Test("search --json writes its errors as JSON on standard output")
    func searchJSONErrors() async throws {
        let invalid = try await runLookup(["search", "--country", "FR", "12", "--json"])
        #expect(invalid.status == 65)
        let object = try JSONSerialization.jsonObject(with: Data(invalid.out.utf8)) as? [String: String]
        #expect(object?["error"] == "invalidNumber")
        #expect(object?["reason"]?.hasPrefix("Too short: 2 digits after the country code") == true)
        let refused = try await runLookup(["search", "--api", "http://127.0.0.1:9", "--timeout", "2", "+79994673756", "--json"])
        #expect(refused.status == 75)
        let failure = try JSONSerialization.jsonObject(with: Data(refused.out.utf8)) as? [String: String]
        #expect(failure?["error"] == "refused", "the code the gallery and the feed print for a refused connection")
        #expect(failure?["reason"]?.contains("Could not connect to 127.0.0.1") == true)
    }

    @Test("a locale region the data does not know never breaks search", arguments: ["sq_XK.UTF-8", "xx_QQ.UTF-8"])
    func unknownLocale(locale: String) async throws {
        let result = try await runLookup(["search", "+79994673756"], environment: ["LC_ALL": locale])
        #expect(result.status == 0)
        #expect(result.out.contains("MegaFon"))
    }

    @Test("number flags are range-checked: exit 64 with a message, never a crash", arguments: [
        ["search", "--timeout", "1e308", "+79994673756"], ["search", "--timeout", "inf", "+79994673756"],
        ["search", "--timeout", "nan", "+79994673756"], ["serve", "--port", "99999"], ["serve", "--port", "-1"],
    ])
    func numberFlags(arguments: [String]) async throws {
        let result = try await runLookup(arguments)
        #expect(result.status == 64)
        #expect(result.err.contains("--timeout") || result.err.contains("--port"))
    }

    @Test("without a terminal, lookup reads numbers from standard input and never goes full-screen")
    func plainMode() async throws {
        let result = try await runLookup(["--lang", "en"], input: "+79994673756\n999\n")
        #expect(result.status == 0)
        #expect(!result.out.contains("\u{1B}["))
        #expect(result.err.contains("not a terminal"))
        let lines = result.out.split(separator: "\n")
        #expect(lines.first == "+79994673756 Russia")
        #expect(lines.contains("  Carrier: MegaFon (the range holder; the number may have been ported)"))
        #expect(lines.last == "999: Too short: 3 digits after the country code, at least 10 needed")
    }
}

@Suite("lookup serve")
struct ServeTests {
    @Test("serves the contract on the port it prints; RemoteLookup reads it; stops on SIGTERM")
    func serve() async throws {
        let server = try Subprocess.launch(try lookupExecutable().path, ["serve", "--port", "0", "--lang", "en"])

        // The first line names the base URL: "Serving the lookup API on http://127.0.0.1:PORT (Ctrl-C stops):".
        let printed = try #require(await server.firstLine())
        let urlText = try #require(printed.split(separator: " ").first { $0.hasPrefix("http://") })
        let base = try #require(urlText.split(separator: "/v1/").first.flatMap { URL(string: String($0)) })

        let client = HTTPClient(configuration: .init(deadline: .seconds(5)))
        defer { client.invalidate() }
        let number = try Fixtures.number("+77011234567")
        let results = try await RemoteLookup(baseURL: base, client: client).lookUp(number)
        #expect(results == Fixtures.engine.results(for: number, language: .english))
        // SIGTERM is a graceful stop: answers in flight finish, and the process exits 0.
        let status = await server.terminate()
        #expect(status == 0)
    }
}

@Suite("lookup serve in the person's language")
struct ServeLanguageTests {
    @Test("a busy port is said in Russian under --lang ru, exit 69; the banner follows --lang too")
    func busyPortInRussian() async throws {
        try await DemoServer(port: 0).run { base in
            let port = try #require(base.port)
            let result = try await runLookup(["--lang", "ru", "serve", "--port", "\(port)"])
            #expect(result.status == 69)
            #expect(result.err == "lookup: адрес 127.0.0.1:\(port) уже занят\n", "\(result.err)")
        }

        let server = try Subprocess.launch(try lookupExecutable().path, ["--lang", "ru", "serve", "--port", "0"])
        let printed = try #require(await server.firstLine())
        #expect(printed.hasPrefix("API поиска: http://127.0.0.1:"), "\(printed)")
        // SIGTERM is a graceful stop: answers in flight finish, and the process exits 0.
        let status = await server.terminate()
        #expect(status == 0)
    }
}
