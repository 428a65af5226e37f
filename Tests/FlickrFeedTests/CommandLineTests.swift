import Foundation
import TestSupport
import Testing

/// Where the built `flickr` is: next to the test bundle, or in .build/debug.
func flickrExecutablePath() -> String? { builtExecutable("flickr") }

/// One run of the executable: exit status and what it printed.
struct Run {
    var status: Int32
    var stdout: String
    var stderr: String

    var jsonLines: [[String: Any]] {
        stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    static func flickr(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> Run {
        let path = try #require(flickrExecutablePath(), "flickr is built next to the tests")
        var environment = ProcessInfo.processInfo.environment
        environment["FLICKR_API_KEY"] = nil
        environment["LANG"] = "en_US.UTF-8"
        environment["LC_ALL"] = nil
        environment.merge(extra) { _, new in new }
        let result = try await Subprocess.run(path, arguments, environment: environment)
        return Run(status: result.status, stdout: result.output, stderr: result.errorOutput)
    }
}

@Suite("flickr on the command line", .serialized)
struct CommandLineTests {
    @Test("--demo --json --pages 3, then the same with the server gone shows the saved first page")
    func demoThenOffline() async throws {
        let cache = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let online = try await Run.flickr([
            "--demo", "--json", "--pages", "3", "--cache-dir", cache.path,
            "--demo-upload-interval", "0.05",
        ])
        #expect(online.status == 0, "\(online.stderr)")
        let lines = online.jsonLines
        let pages = lines.filter { $0["event"] as? String == "page" }
        let photos = lines.filter { $0["event"] as? String == "photo" }
        #expect(pages.map { $0["page"] as? Int } == [1, 2, 3])
        #expect(pages.allSatisfy { $0["source"] as? String == "network" })
        let ids = photos.compactMap { $0["id"] as? String }
        #expect(ids.count == pages.compactMap { $0["count"] as? Int }.reduce(0, +))
        #expect(Set(ids).count == ids.count, "a photo was printed twice")
        let firstPageIDs = Array(ids.prefix(40))

        let port = unusedLoopbackPort()
        let offline = try await Run.flickr([
            "--json", "--pages", "3", "--cache-dir", cache.path, "--api-key", "demo",
            "--api-base", "http://127.0.0.1:\(port)/services/rest/",
            "--image-base", "http://127.0.0.1:\(port)/img", "--timeout", "3",
        ])
        #expect(offline.status == 2, "\(offline.stdout)\(offline.stderr)")
        let saved = offline.jsonLines
        let header = try #require(saved.first)
        #expect(header["event"] as? String == "page" && header["source"] as? String == "saved")
        #expect(header["count"] as? Int == 40)
        #expect(
            saved.filter { $0["event"] as? String == "photo" }.compactMap { $0["id"] as? String }
                == firstPageIDs)
        let error = try #require(saved.dropLast().last)
        #expect(error["event"] as? String == "error" && error["error"] as? String == "refused")
        #expect(error["reason"] is String, "errors have lookup's shape: error and reason")
        let summary = try #require(saved.last)
        #expect(summary["event"] as? String == "summary")
        #expect(summary["pages"] as? Int == 1 && summary["photos"] as? Int == 40 && summary["failed"] as? Int == 1)
    }

    @Test("the saved page shows its pictures offline too, from disk, whatever host served them")
    func picturesOffline() async throws {
        let cache = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        #expect(try await Run.flickr(["--demo", "--json", "--cache-dir", cache.path]).status == 0)
        // A render with the demo running fetches the visible pictures and keeps them on disk.
        let online = try await Run.flickr(["--demo", "--cache-dir", cache.path, "--render-once", "100x30"])
        #expect(online.stdout.contains("Saved") && !online.stdout.contains("unavailable"))
        let port = unusedLoopbackPort()
        let offline = try await Run.flickr([
            "--api-key", "demo", "--api-base", "http://127.0.0.1:\(port)/",
            "--image-base", "http://127.0.0.1:\(port)/img", "--cache-dir", cache.path,
            "--render-once", "100x30",
        ])
        #expect(offline.stdout.contains("Saved"))
        #expect(
            !offline.stdout.contains("unavailable") && !offline.stdout.contains("…  "), "\(offline.stdout)")
        #expect(offline.stdout.contains("▒") || offline.stdout.contains("▓"))
    }

    @Test("with nothing saved and no server, nothing can be shown, and it may pass: exit 75")
    func nothingToShow() async throws {
        let cache = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let run = try await Run.flickr([
            "--plain", "--cache-dir", cache.path, "--api-key", "k",
            "--api-base", "http://127.0.0.1:\(unusedLoopbackPort())/",
        ])
        #expect(run.status == 75)
        #expect(run.stderr.contains("Could not connect to 127.0.0.1"), "a refused port is not the internet: \(run.stderr)")
        #expect(run.stdout.isEmpty, "the error is said once, on standard error: \(run.stdout)")
        #expect(run.stderr.split(separator: "\n").count == 1, "one line per failure: \(run.stderr)")
    }

    @Test("no key with --json: the error as a JSON object on standard output, like lookup's")
    func missingKeyJSON() async throws {
        let run = try await Run.flickr(["--json"])
        #expect(run.status == 64)
        let object = try #require(run.jsonLines.first)
        #expect(object["error"] as? String == "apiKey", "\(run.stdout)")
        #expect((object["reason"] as? String)?.contains("FLICKR_API_KEY") == true)
    }

    @Test("demo photo lines carry their image URL, in plain and JSON output")
    func demoImageURLs() async throws {
        let cache = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let json = try await Run.flickr(["--demo", "--json", "--cache-dir", cache.path])
        let photos = json.jsonLines.filter { $0["event"] as? String == "photo" }
        #expect(!photos.isEmpty && photos.allSatisfy { ($0["image"] as? String)?.hasPrefix("http://127.0.0.1:") == true })
        let plain = try await Run.flickr(["--demo", "--plain", "--cache-dir", cache.path])
        let lines = plain.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(!lines.isEmpty && lines.allSatisfy { $0.split(separator: "\t").last?.hasPrefix("http://127.0.0.1:") == true })
    }

    @Test("no key and no --demo: exit 64 saying how to get a key and that --demo needs none")
    func missingKey() async throws {
        let run = try await Run.flickr(["--plain"])
        #expect(run.status == 64)
        #expect(
            run.stderr.contains("FLICKR_API_KEY") && run.stderr.contains("--api-key")
                && run.stderr.contains("--demo"))
        #expect(run.stderr.contains("flickr.com/services/apps/create"))
    }

    @Test(
        "usage errors exit 64",
        arguments: [
            ["--per-page", "0"], ["--pages", "0"], ["--lang", "de"],
            ["--api-base", "ftp://x"], ["--no-such-flag"], ["--timeout", "1e18"], ["--timeout", "inf"],
            ["--pages", "1000000000"], ["--demo-upload-interval", "1e308"],
        ])
    func usage(arguments: [String]) async throws {
        #expect(try await Run.flickr(["--demo", "--plain"] + arguments).status == 64)
    }

    @Test("a wrong key against the demo: apiKey error, exit 1, the key never printed")
    func wrongKey() async throws {
        let cache = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let secret = "s3cretKEY0123456789"
        let run = try await Run.flickr(["--demo", "--json", "--api-key", secret, "--cache-dir", cache.path])
        #expect(run.status == 1)
        #expect(run.jsonLines.first { $0["event"] as? String == "error" }?["error"] as? String == "apiKey")
        #expect(!run.stdout.contains(secret) && !run.stderr.contains(secret))
    }

    @Test("the key from FLICKR_API_KEY is used and never printed")
    func keyFromEnvironment() async throws {
        let cache = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let run = try await Run.flickr(
            ["--demo", "--plain", "--cache-dir", cache.path],
            environment: ["FLICKR_API_KEY": "envS3cret99"])
        #expect(run.status == 1 && run.stderr.contains("--api-key"))
        #expect(!run.stdout.contains("envS3cret99") && !run.stderr.contains("envS3cret99"))
    }
}
