import Caching
import DemoServer
import Foundation
import Imaging
import ImagePipeline
import Locking
import Networking
import Testing

/// Downloads that break off part-way resume from where they stopped, and report their progress.
@Suite("Resumable downloads and progress")
struct ResumeTests {
    private let cell = PixelSize(width: 64, height: 64)

    /// A JPEG of noise, so that it is large (about a megabyte) for its size in pixels.
    static func largeJPEG() throws -> Data {
        var generator = SystemRandomNumberGenerator()
        let side = 700
        let pixels = (0..<side * side).flatMap { _ -> [UInt8] in
            let value = UInt32.random(in: 0...UInt32.max, using: &generator)
            return [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value >> 16), 255]
        }
        return try ImageEncoder.jpeg(Bitmap(width: side, height: side, pixels: pixels), quality: 95)
    }

    private func withLargePicture(
        deadline: Duration = .seconds(10),
        _ body: (DemoServer, URL, Data, ImagePipeline, DiskCache) async throws -> Void
    ) async throws {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jpeg = try Self.largeJPEG()
        let server = DemoServer()
        server.route("/img/large.jpg", .bytes(jpeg, contentType: "image/jpeg"))
        let client = HTTPClient(configuration: .init(deadline: deadline))
        defer { client.invalidate() }
        let disk = try DiskCache(directory: directory)
        let pipeline = ImagePipeline(loader: client, diskCache: disk)
        try await server.run { base in
            try await body(server, base.appendingPathComponent("img/large.jpg"), jpeg, pipeline, disk)
        }
    }

    @Test("a transfer cut at 90% then retried moves at most 1.15x the file's bytes in total, with one Range request")
    func resumesWhereItStopped() async throws {
        try await withLargePicture { server, url, jpeg, pipeline, disk in
            server.setFaults([.drop(afterBytes: jpeg.count * 9 / 10)], for: "/img/large.jpg", times: 1)
            await #expect(throws: ImagePipelineError.self) {
                _ = try await pipeline.image(for: ImageRequest(url: url, targetSize: cell))
            }
            #expect(disk.contains("resume:" + url.absoluteString))

            let response = try await pipeline.image(for: ImageRequest(url: url, targetSize: cell))
            let expected = try StandardImageDecoder().decode(jpeg, fitting: cell).bitmap
            #expect(response.source == .network && response.bitmap == expected)
            let stats = server.stats
            #expect(stats.requestsServed == 2 && stats.rangeRequests == 1 && stats.partialResponses == 1)
            #expect(Double(stats.bytesSent) <= 1.15 * Double(jpeg.count))
            // Joined and verified: the whole picture is the entry, the part kept is gone.
            #expect(!disk.contains("resume:" + url.absoluteString))
            let fromDisk = try await ImagePipeline(loader: ScriptedLoader(), diskCache: disk)
                .image(for: ImageRequest(url: url, targetSize: cell))
            #expect(fromDisk.source == .disk && fromDisk.bitmap == expected)
        }
    }

    @Test("a server that ignores Range answers 200, and the picture is still the right one")
    func serverIgnoringRange() async throws {
        try await withLargePicture { server, url, jpeg, pipeline, disk in
            server.setFaults([.drop(afterBytes: jpeg.count / 2)], for: "/img/large.jpg", times: 1)
            await #expect(throws: ImagePipelineError.self) {
                _ = try await pipeline.image(for: ImageRequest(url: url, targetSize: cell))
            }
            server.setFaults([.ignoreRange], for: "/img/large.jpg")
            let response = try await pipeline.image(for: ImageRequest(url: url, targetSize: cell))
            #expect(response.bitmap == (try StandardImageDecoder().decode(jpeg, fitting: cell).bitmap))
            #expect(server.stats.rangeRequests == 1 && server.stats.partialResponses == 0)
            #expect(!disk.contains("resume:" + url.absoluteString))
        }
    }

    @Test("a transfer that stalls past its deadline keeps what arrived, and the retry asks only for the rest")
    func resumesAfterTimeout() async throws {
        try await withLargePicture(deadline: .seconds(1)) { server, url, jpeg, pipeline, disk in
            server.setFaults([.stall(afterBytes: jpeg.count * 9 / 10)], for: "/img/large.jpg", times: 1)
            await #expect(throws: ImagePipelineError.self) {
                _ = try await pipeline.image(for: ImageRequest(url: url, targetSize: cell))
            }
            #expect(disk.contains("resume:" + url.absoluteString))
            let response = try await pipeline.image(for: ImageRequest(url: url, targetSize: cell))
            #expect(response.bitmap == (try StandardImageDecoder().decode(jpeg, fitting: cell).bitmap))
            #expect(server.stats.partialResponses == 1)
            #expect(Double(server.stats.bytesSent) <= 1.15 * Double(jpeg.count))
        }
    }

    @Test("progress events arrive in order and end at the total")
    func progressInOrder() async throws {
        try await withLargePicture { _, url, jpeg, pipeline, _ in
            let events = LockedValue<[TransferProgress]>([])
            var request = ImageRequest(url: url, targetSize: cell)
            request.progress = { step in events.withLock { $0.append(step) } }
            let response = try await pipeline.image(for: request)
            let seen = events.withLock { $0 }
            #expect(!seen.isEmpty)
            #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.received <= $1.received })
            #expect(seen.allSatisfy { $0.expected == jpeg.count })
            #expect(seen.last?.received == jpeg.count && seen.last?.fraction == 1)
            #expect(response.timeToFirstByte != nil)
        }
    }
}
