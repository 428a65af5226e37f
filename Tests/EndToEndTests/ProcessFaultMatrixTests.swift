import DemoServer
import ErrorReporting
import FlickrDemo
import Foundation
import Networking
import TestSupport
import Testing

/// One network cause, scripted on a server (or on no server at all), with the error each command
/// must classify it as.
struct NetworkCause: Sendable, CustomTestStringConvertible {
    enum Setup: Sendable {
        /// Nothing listens on the port.
        case refused
        /// The name does not resolve.
        case unresolvable
        /// Every route of a running server misbehaves this way.
        case faults(picture: [DemoFault], json: [DemoFault])
    }

    var cause: String
    var setup: Setup
    /// What the transport reports for it, for its code and words.
    var expected: NetworkError

    var testDescription: String { cause }

    /// The words every surface must carry: the exact reason where the message covers several.
    var words: LocalizedText { expected.reason ?? expected.message }

    static let url = URL(string: "http://127.0.0.1/")!

    static let all: [NetworkCause] = [
        NetworkCause(cause: "refused", setup: .refused, expected: .refused(host: "127.0.0.1")),
        NetworkCause(cause: "DNS failure", setup: .unresolvable, expected: .hostNotFound(host: "nothing.invalid")),
        NetworkCause(cause: "reset mid-body", setup: .faults(picture: [.drop(afterBytes: 100)], json: [.drop(afterBytes: 10)]),
                     expected: .connectionDropped(bytesReceived: 0)),
        NetworkCause(cause: "slow headers", setup: .faults(picture: [.delayHeaders(.seconds(5))], json: [.delayHeaders(.seconds(5))]),
                     expected: .timedOut(after: .seconds(1))),
        NetworkCause(cause: "stall mid-body", setup: .faults(picture: [.stall(afterBytes: 100)], json: [.stall(afterBytes: 10)]),
                     expected: .timedOut(after: .seconds(1))),
        NetworkCause(cause: "HTTP 404", setup: .faults(picture: [.status(404)], json: [.status(404)]),
                     expected: .httpStatus(code: 404, url: url)),
        NetworkCause(cause: "HTTP 500", setup: .faults(picture: [.status(500)], json: [.status(500)]),
                     expected: .httpStatus(code: 500, url: url)),
        NetworkCause(cause: "HTTP 503", setup: .faults(picture: [.status(503)], json: [.status(503)]),
                     expected: .httpStatus(code: 503, url: url)),
    ]
}

/// The issue's fault matrix through the built commands, in English and Russian: `gallery --json`, the
/// Flickr page (`flickr --json`), `lookup search --api --json` and its dataset (`lookup countries --json`).
@Suite("The fault matrix through the real commands", .serialized)
struct ProcessFaultMatrixTests {
    static func run(_ tool: String, _ arguments: [String], language: Language) async throws -> ProcessResult {
        let path = try #require(builtExecutable(tool), "\(tool) is built next to the tests")
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = language == .russian ? "ru_RU.UTF-8" : "en_US.UTF-8"
        environment["LC_ALL"] = nil
        environment["FLICKR_API_KEY"] = "matrix-key"
        return try await Subprocess.run(path, arguments, environment: environment, timeout: .seconds(60))
    }

    /// The JSON object of the line that carries an error code.
    static func errorLine(_ output: String) -> [String: Any]? {
        output.split(separator: "\n").lazy
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .first { $0["error"] is String }
    }

    @Test("each network cause gives one code, the same words and the same exit status in gallery, flickr and lookup",
          arguments: NetworkCause.all)
    func matrix(cause: NetworkCause) async throws {
        let server = DemoServer()
        let picture = try DemoPictures.jpeg(number: 1, size: .init(width: 64, height: 48))
        server.route("/img/pic.jpg", .bytes(picture, contentType: "image/jpeg"))
        FlickrDemoRoutes.register(FlickrDemoStream(initialCount: 12, uploadInterval: nil), on: server)
        server.route("/v1/lookup", .json(Data(#"{"number":"+79994673756","results":["Russia"]}"#.utf8)))
        server.route("/countries.json", .json(Self.dataset))
        var base = try await server.start()
        switch cause.setup {
        case .refused:
            await server.stop()
        case .unresolvable:
            await server.stop()
            base = URL(string: "http://nothing.invalid/")!
        case .faults(let pictureFaults, let jsonFaults):
            server.setFaults(pictureFaults, for: "/img/pic.jpg")
            server.setFaults(jsonFaults, for: "/services/rest/")
            server.setFaults(jsonFaults, for: "/v1/lookup")
            server.setFaults(jsonFaults, for: "/countries.json")
        }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }

        for language in Language.allCases {
            let runs: [(String, ProcessResult)] = [
                ("gallery --json", try await Self.run("gallery", [
                    "--json", "--url", base.appendingPathComponent("img/pic.jpg").absoluteString,
                    "--cache-dir", cache.appendingPathComponent("gallery").path, "--timeout", "1",
                ], language: language)),
                ("flickr --json", try await Self.run("flickr", [
                    "--json", "--api-base", base.appendingPathComponent("services/rest/").absoluteString,
                    "--image-base", base.appendingPathComponent("img").absoluteString,
                    "--cache-dir", cache.appendingPathComponent("flickr").path, "--timeout", "1",
                ], language: language)),
                ("lookup search --api", try await Self.run("lookup", [
                    "search", "--api", base.absoluteString, "--timeout", "1", "--json", "+79994673756",
                ], language: language)),
                ("lookup countries", try await Self.run("lookup", [
                    "countries", "--countries-url", base.appendingPathComponent("countries.json").absoluteString,
                    "--cache-dir", cache.appendingPathComponent("lookup").path, "--timeout", "1", "--json",
                ], language: language)),
            ]
            for (surface, result) in runs {
                let what = "\(cause.cause) in \(surface) (\(language))"
                let line = try #require(Self.errorLine(result.output), "\(what): \(result.output) \(result.errorOutput)")
                #expect(line["error"] as? String == cause.expected.code, "\(what)")
                let reason = line["reason"] as? String ?? ""
                #expect(reason.contains(cause.words.text(in: language)), "\(what): \(reason)")
                #expect(LocalizedText.repeatedClause(in: reason) == nil, "\(what) repeats itself: \(reason)")
                // One exit-status table: 75 wherever running again may help, the same in all three.
                let settled: Int32 = surface.hasPrefix("gallery") ? 2 : 1
                #expect(result.status == (cause.expected.mayPassOnRetry ? 75 : settled), "\(what)")
            }
        }
        await server.stop()
    }

    static let dataset = Data(#"[{"name":"Russia","dial_code":"+7","code":"RU"}]"#.utf8)

    @Test("a country dataset that is no dataset is bad data: 65, in its own words, in both languages")
    func unreadableDataset() async throws {
        let server = DemoServer()
        server.route("/page.json", .bytes(Data("<html>maintenance</html>".utf8), contentType: "text/html"))
        server.route("/empty.json", .json(Data("[]".utf8)))
        try await server.run { base in
            let cache = FileManager.default.temporaryDirectory.appendingPathComponent("dataset-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: cache) }
            func countries(_ name: String, _ language: Language) async throws -> ProcessResult {
                try await Self.run("lookup", [
                    "countries", "--countries-url", base.appendingPathComponent(name).absoluteString,
                    "--cache-dir", cache.path, "--timeout", "5", "--json",
                ], language: language)
            }
            for language in Language.allCases {
                let cases = [
                    ("page.json", LocalizedText(en: "The country list is not valid JSON", ru: "Список стран повреждён (это не JSON)")),
                    ("empty.json", LocalizedText(en: "The country list is empty", ru: "Список стран пуст")),
                ]
                for (name, words) in cases {
                    let result = try await countries(name, language)
                    let what = "\(name) (\(language))"
                    let line = try #require(Self.errorLine(result.output), "\(what): \(result.output) \(result.errorOutput)")
                    #expect(line["error"] as? String == "invalidDataset", "\(what)")
                    #expect((line["reason"] as? String ?? "").hasPrefix(words.text(in: language)), "\(what): \(line)")
                    #expect(result.status == 65, "\(what)")
                }
            }
        }
    }
}
