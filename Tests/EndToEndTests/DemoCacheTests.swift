import DemoServer
import Foundation
import TestSupport
import Testing

/// A demo's made-up data stays in the demo's own folder: a fault demo shows its faults after a
/// normal demo run, and a real run never shows a demo's photos as saved (issue 28).
@Suite("Demo and real data never mix", .serialized)
struct DemoCacheTests {
    /// Runs `tool` with `home` as its home directory and no XDG cache folder, as a new user would.
    static func run(_ tool: String, _ arguments: [String], home: URL) async throws -> ProcessResult {
        let path = try #require(builtExecutable(tool), "\(tool) is built next to the tests")
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["XDG_CACHE_HOME"] = nil
        environment["FLICKR_API_KEY"] = nil
        environment["LANG"] = "en_US.UTF-8"
        environment["LC_ALL"] = nil
        return try await Subprocess.run(path, arguments, environment: environment, timeout: .seconds(60))
    }

    static func temporaryHome() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("demo-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A port nobody listens on now; the same one serves both runs, so their URLs (the cache keys) agree.
    static func freePort() async throws -> Int {
        let probe = DemoServer(port: 0)
        let url = try await probe.start()
        await probe.stop()
        return try #require(url.port)
    }

    @Test("the fault demo shows its faults after a normal demo run filled the demo's cache")
    func faultDemoAfterDemo() async throws {
        let home = try Self.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let port = try await Self.freePort()
        let first = try await Self.run("gallery", ["--demo", "--demo-port", "\(port)", "--plain"], home: home)
        #expect(first.status == 0, "\(first.output)\(first.errorOutput)")

        let faults = try await Self.run(
            "gallery", ["--demo", "--demo-port", "\(port)", "--demo-faults", "2=404,6=notimage", "--plain"], home: home)
        let lines = faults.output.split(separator: "\n").map(String.init)
        #expect(faults.status == 2, "\(faults.output)")
        #expect(lines.contains { $0.hasPrefix("2 ") && $0.contains("failed") }, "\(faults.output)")
        #expect(lines.contains { $0.hasPrefix("6 ") && $0.contains("failed") }, "\(faults.output)")

        // And again: the fault demo's cache is its own and starts empty every time.
        let again = try await Self.run(
            "gallery", ["--demo", "--demo-port", "\(port)", "--demo-faults", "2=404", "--plain"], home: home)
        #expect(again.output.split(separator: "\n").contains { $0.hasPrefix("2 ") && $0.contains("failed") },
                "\(again.output)")
        let cache = home.appendingPathComponent(".cache")
        #expect(!FileManager.default.fileExists(atPath: cache.appendingPathComponent("gallery").path),
                "a demo wrote into the real gallery's cache")
        #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent("workbench-demo/gallery").path))
    }

    @Test("a real flickr run offline never shows the demo's made-up photos as saved")
    func flickrRealRunAfterDemo() async throws {
        let home = try Self.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let demo = try await Self.run("flickr", ["--demo", "--plain"], home: home)
        #expect(demo.status == 0, "\(demo.output)\(demo.errorOutput)")
        #expect(demo.output.contains("# page 1/"), "the demo printed its first page: \(demo.output)")

        let port = try await Self.freePort()
        let real = try await Self.run(
            "flickr", ["--api-key", "k", "--api-base", "http://127.0.0.1:\(port)/services/rest/", "--json"], home: home)
        #expect(real.status == 75, "nothing could be shown, for now (the server refused): \(real.output)")
        #expect(!real.output.contains("\"photo\""), "the demo's photos came back as real: \(real.output)")
    }

    @Test("lookup's demo keeps its country dataset in the demo's folder")
    func lookupDemoCache() async throws {
        let home = try Self.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let demo = try await Self.run("lookup", ["--demo", "countries", "--filter", "ru", "--json"], home: home)
        #expect(demo.status == 0, "\(demo.output)\(demo.errorOutput)")
        let cache = home.appendingPathComponent(".cache")
        #expect(!FileManager.default.fileExists(atPath: cache.appendingPathComponent("lookup").path))
        #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent("workbench-demo/lookup").path))
    }
}
