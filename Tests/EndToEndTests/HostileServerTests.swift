import DemoServer
import FlickrDemo
import Foundation
import TestSupport
import Testing

/// The three commands run for real against the embedded server answering as an attacker would:
/// escape sequences, OSC 52 and bidi controls in every text it sends, the API key echoed back, a
/// page that is not JSON, a compression bomb. Nothing of it reaches a terminal raw (issue 15).
@Suite("Hostile servers against the real commands", .serialized)
struct HostileServerTests {
    /// The output modes a command has without a terminal.
    enum Mode: String, CaseIterable, Sendable {
        case plain, json

        var flags: [String] { self == .json ? ["--json"] : ["--plain"] }
    }

    /// A key that must never be printed, however the server echoes it.
    static let secretKey = "k3y5ecret0123456789abcdef"

    static func run(_ tool: String, _ arguments: [String], environment extra: [String: String] = [:],
                    timeout: Duration = .seconds(60)) async throws -> ProcessResult {
        let path = try #require(builtExecutable(tool), "\(tool) is built next to the tests")
        var environment = ProcessInfo.processInfo.environment
        environment["FLICKR_API_KEY"] = nil
        environment["LANG"] = "en_US.UTF-8"
        environment["LC_ALL"] = nil
        environment["NO_COLOR"] = "1"
        environment.merge(extra) { _, new in new }
        return try await Subprocess.run(path, arguments, environment: environment, timeout: timeout)
    }

    /// Neither stream holds a forbidden scalar nor the key; the text came through (made safe).
    static func expectSafe(_ result: ProcessResult, _ what: String, separators: Set<Unicode.Scalar> = [],
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let stdout = TerminalSafety.offences(in: result.outputBytes, allowing: separators)
        let stderr = TerminalSafety.offences(in: result.errorBytes)
        #expect(stdout.isEmpty, "\(what): stdout carries \(stdout.prefix(5))", sourceLocation: sourceLocation)
        #expect(stderr.isEmpty, "\(what): stderr carries \(stderr.prefix(5))", sourceLocation: sourceLocation)
        let everything = result.outputBytes + result.errorBytes
        #expect(everything.range(of: Data(secretKey.utf8)) == nil, "\(what): the key was printed", sourceLocation: sourceLocation)
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    // MARK: flickr

    /// A Flickr look-alike whose titles and owner names carry the payload, not yet started.
    static func hostileFlickr() -> DemoServer {
        let server = DemoServer()
        FlickrDemoRoutes.register(FlickrDemoStream(initialCount: 12, uploadInterval: nil, apiKey: secretKey), on: server)
        server.setFaults([.hostileStrings(keys: ["title", "ownername"])], for: "/services/rest/")
        return server
    }

    static func flickrArguments(_ base: URL, cache: URL, perPage: Int = 12) -> [String] {
        [
            "--api-base", base.appendingPathComponent("services/rest/").absoluteString,
            "--image-base", base.appendingPathComponent("img").absoluteString,
            "--cache-dir", cache.path, "--per-page", String(perPage), "--timeout", "10",
        ]
    }

    @Test("flickr prints hostile titles and owner names with no control, C1 or bidi scalar",
          arguments: Mode.allCases)
    func flickrTitles(mode: Mode) async throws {
        let server = Self.hostileFlickr()
        try await server.run { base in
            let cache = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            let result = try await Self.run(
                "flickr", mode.flags + Self.flickrArguments(base, cache: cache),
                environment: ["FLICKR_API_KEY": Self.secretKey])
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.output.contains("pwn"), "the titles were printed: \(result.output.prefix(400))")
            // Plain lines are tab-separated fields: a tab of the server's would add a field.
            let fields = Set(result.output.split(separator: "\n").filter { $0.contains("pwn") }.map { $0.split(separator: "\t", omittingEmptySubsequences: false).count })
            #expect(fields.count == 1, "every photo line has the same fields: \(fields)")
            Self.expectSafe(result, "flickr \(mode)", separators: mode == .plain ? ["\t"] : [])
        }
    }

    @Test("flickr never prints the key a failing server echoes in its message, nor its escapes",
          arguments: Mode.allCases)
    func flickrEchoedKey(mode: Mode) async throws {
        let server = DemoServer()
        server.route("/services/rest/") { request in
            let key = request.query["api_key"] ?? "none"
            return .json(Data(#"{"stat":"fail","code":100,"message":"Invalid API Key (\#(key))"}"#.utf8))
        }
        server.setFaults([.hostileStrings(keys: ["message"])], for: "/services/rest/")
        try await server.run { base in
            let cache = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            let fromEnvironment = try await Self.run(
                "flickr", mode.flags + Self.flickrArguments(base, cache: cache),
                environment: ["FLICKR_API_KEY": Self.secretKey])
            let fromFlag = try await Self.run(
                "flickr", mode.flags + Self.flickrArguments(base, cache: cache) + ["--api-key", Self.secretKey])
            for result in [fromEnvironment, fromFlag] {
                #expect(result.status != 0)
                #expect((result.output + result.errorOutput).contains("Invalid API Key"))
                Self.expectSafe(result, "flickr \(mode), key echoed")
            }
        }
    }

    @Test("flickr quotes a page that is not JSON without its escapes", arguments: Mode.allCases)
    func flickrNotJSON(mode: Mode) async throws {
        let server = DemoServer()
        FlickrDemoRoutes.register(FlickrDemoStream(initialCount: 12, uploadInterval: nil), on: server)
        server.setFaults([.hostilePage], for: "/services/rest/")
        try await server.run { base in
            let cache = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            let result = try await Self.run(
                "flickr", mode.flags + Self.flickrArguments(base, cache: cache), environment: ["FLICKR_API_KEY": Self.secretKey])
            #expect(result.status != 0)
            Self.expectSafe(result, "flickr \(mode), not JSON")
        }
    }

    // MARK: lookup

    static let number = "+79994673756"

    @Test("lookup prints a hostile service's results and refusal reasons safely", arguments: Mode.allCases)
    func lookupAnswers(mode: Mode) async throws {
        let server = DemoServer()
        server.route("/v1/lookup") { request in
            guard request.query["number"] == Self.number else {
                return DemoResponse(status: 400, headers: ["Content-Type": "application/json"],
                                    body: Data(#"{"error":{"code":"invalidNumber","message":"No such number"}}"#.utf8))
            }
            return .json(Data(#"{"number":"+79994673756","results":["Russia","MTS, mobile"]}"#.utf8))
        }
        server.setFaults([.hostileStrings(keys: ["results", "message"])], for: "/v1/lookup")
        try await server.run { base in
            let flags = mode == .json ? ["--json"] : []
            let answered = try await Self.run(
                "lookup", ["search", "--api", base.absoluteString, "--timeout", "10"] + flags + [Self.number])
            let refused = try await Self.run(
                "lookup", ["search", "--api", base.absoluteString, "--timeout", "10"] + flags + ["+79994673757"])
            #expect(answered.status == 0, "\(answered.errorOutput)")
            #expect(answered.output.contains("MTS"))
            #expect(refused.status != 0)
            #expect((refused.output + refused.errorOutput).contains("No such number"))
            Self.expectSafe(answered, "lookup \(mode), results")
            Self.expectSafe(refused, "lookup \(mode), refusal")
        }
    }

    @Test("lookup prints hostile country names from the dataset safely", arguments: Mode.allCases)
    func lookupCountries(mode: Mode) async throws {
        let server = DemoServer()
        let dataset = #"[{"name":"Russia","dial_code":"+7","code":"RU"},{"name":"Cayman Islands","dial_code":"+ 345","code":"KY"}]"#
        server.route("/countries.json", .json(Data(dataset.utf8)))
        server.setFaults([.hostileStrings(keys: ["name"])], for: "/countries.json")
        try await server.run { base in
            let cache = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            let flags = mode == .json ? ["--json"] : []
            let result = try await Self.run("lookup", [
                "countries", "--countries-url", base.appendingPathComponent("countries.json").absoluteString,
                "--cache-dir", cache.path, "--timeout", "10",
            ] + flags)
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.output.contains("Cayman"))
            Self.expectSafe(result, "lookup countries \(mode)")
        }
    }

    // MARK: gallery

    @Test("gallery reports hostile answers and URLs with no control, C1 or bidi scalar", arguments: Mode.allCases)
    func galleryAnswers(mode: Mode) async throws {
        let server = DemoServer()
        let picture = try DemoPictures.jpeg(number: 1, size: .init(width: 64, height: 48))
        for name in ["fine", "page", "status", "bomb"] {
            server.route("/img/\(name).jpg", .bytes(picture, contentType: "image/jpeg"))
        }
        server.setFaults([.hostilePage], for: "/img/page.jpg")
        server.setFaults([.status(500)], for: "/img/status.jpg")
        server.setFaults([.compressionBomb(decodedBytes: 256 << 20)], for: "/img/bomb.jpg")
        try await server.run { base in
            let cache = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            let urls = ["fine", "page", "status", "bomb"].map { base.appendingPathComponent("img/\($0).jpg").absoluteString }
                + [base.appendingPathComponent("img/fine.jpg").absoluteString + "?q=%1B%5D52;c;ZXZpbA==%07%E2%80%AE"]
            let result = try await Self.run(
                "gallery", mode.flags + urls.flatMap { ["--url", $0] } + ["--cache-dir", cache.path, "--timeout", "10"])
            #expect(result.status == 2, "some pictures fail: \(result.errorOutput)")
            #expect(result.output.contains("loaded") && result.output.contains("failed"))
            Self.expectSafe(result, "gallery \(mode)")
        }
    }

    @Test("a --urls-file line full of escape sequences is refused without them")
    func galleryHostileURLsFile() async throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("urls.txt")
        // Without NUL and line feed, which make the file "not text" or split the line: the escapes stay.
        let line = HostileText.payload.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: "\u{00}", with: "")
        try Data("http://127.0.0.1:1/a.jpg\n\(line)\n".utf8).write(to: file)
        let result = try await Self.run("gallery", ["--plain", "--urls-file", file.path])
        #expect(result.status == 65, "a bad line of the file is bad data")
        #expect(result.errorOutput.contains("invalid URL"))
        Self.expectSafe(result, "gallery --urls-file")
    }
}
