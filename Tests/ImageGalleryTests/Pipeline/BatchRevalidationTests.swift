import Caching
import DemoServer
import Foundation
import ImagePipeline
import Imaging
import Locking
import Logging
import Networking
import Testing
@testable import gallery
@testable import ImageGallery

@Suite("A batch run asks about what may not be used unasked")
struct BatchRevalidationTests {
    /// Two pictures served `Cache-Control: no-cache`; the second changes when `changed` is set.
    final class Origin: Sendable {
        let server = DemoServer(port: 0)
        let changed = LockedValue(false)
        let pictures: [Data]

        init() throws {
            let pictures = try (1...3).map { try DemoGallery.jpeg($0, size: DemoBackend.pictureSize) }
            self.pictures = pictures
            let changed = changed
            server.route("/pic/*") { request in
                let name = request.path.split(separator: "/").last.map(String.init) ?? ""
                let number = Int(name.replacingOccurrences(of: ".jpg", with: "")) ?? 1
                let index = number == 2 && changed.withLock { $0 } ? 2 : number - 1
                return DemoResponse(status: 200, headers: ["Content-Type": "image/jpeg", "Cache-Control": "no-cache"],
                                    body: pictures[index])
            }
        }
    }

    /// One `gallery --json` run over `cache`, as the command makes it: its item lines, parsed.
    static func run(_ urls: [URL], cache: URL) async throws -> [[String: Any]] {
        let logger = Logger(label: "batch-tests") { _ in SwiftLogNoOpLogHandler() }
        let client = HTTPClient(configuration: .init(deadline: .seconds(3)), logger: logger)
        defer { client.invalidate() }
        let disk = try DiskCache(directory: cache, logger: logger)
        let loader = PipelineGalleryLoader(client: client, diskCache: disk, memoryCostLimit: 64 << 20, logger: logger)
        let lines = LockedValue<[String]>([])
        _ = await GalleryBatch.loadAll(urls, loader: loader, targetSize: PixelSize(width: 32, height: 24)) { report in
            lines.withLock { $0.append(PlainReport(format: .json, language: .english).line(for: report)) }
        }
        return try lines.withLock { $0 }.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test("no-cache pictures: a 304 is \"revalidated\", a 200 \"network\"; offline the stored bytes, \"stale\"")
    func noCache() async throws {
        let origin = try Origin()
        try await origin.server.run { base in
            let cache = FileManager.default.temporaryDirectory.appendingPathComponent("batch-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: cache) }
            let urls = (1...2).map { base.appendingPathComponent("pic/\($0).jpg") }

            let first = try await Self.run(urls, cache: cache)
            #expect(first.map { $0["source"] as? String } == ["network", "network"])

            let unchanged = try await Self.run(urls, cache: cache)
            #expect(unchanged.map { $0["source"] as? String } == ["revalidated", "revalidated"])
            #expect(unchanged.allSatisfy { $0["stale"] == nil })

            origin.changed.withLock { $0 = true }
            let changed = try await Self.run(urls, cache: cache)
            #expect(changed.map { $0["source"] as? String } == ["revalidated", "network"])
            #expect(changed[1]["bytes"] as? Int == origin.pictures[2].count, "the new bytes, not the stored ones")

            await origin.server.stop()
            let offline = try await Self.run(urls, cache: cache)
            #expect(offline.map { $0["source"] as? String } == ["disk", "disk"])
            #expect(offline.map { $0["stale"] as? Bool } == [true, true])
            #expect(offline[1]["bytes"] as? Int == origin.pictures[2].count)
        }
    }
}
