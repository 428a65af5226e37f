import Caching
import DemoServer
import Foundation
import Imaging
import Locking
import Networking
import Testing
@testable import ImagePipeline

/// Counts decodes, so a test can prove a confirmed picture was not decoded again.
final class CountingDecoder: ImageDecoding {
    private let count = LockedValue(0)
    private let decoder = StandardImageDecoder()

    var decodes: Int { count.withLock { $0 } }

    func decode(_ data: Data, fitting targetSize: PixelSize?) throws(ImagingError) -> (bitmap: Bitmap, originalSize: PixelSize) {
        count.withLock { $0 += 1 }
        return try decoder.decode(data, fitting: targetSize)
    }
}

/// HTTP caching in the pipeline against the demo server: validators and freshness kept with each
/// disk entry, refreshes that ask "has it changed?", no-store, stale entries online and offline.
@Suite("HTTP caching in the image pipeline")
struct HTTPCachingTests {
    private let cell = PixelSize(width: 64, height: 48)

    /// A server with six pictures at `/img/1.jpg`...`/img/6.jpg`, a disk cache in a new directory.
    private func withSixPictures(
        headers: [String: String] = [:],
        _ body: (DemoServer, [URL], URL) async throws -> Void
    ) async throws {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = DemoServer()
        for number in 1...6 {
            var answer = DemoResponse.bytes(try Fixture.jpeg(seed: number), contentType: "image/jpeg")
            answer.headers.merge(headers) { _, new in new }
            server.route("/img/\(number).jpg", answer)
        }
        try await server.run { base in
            try await body(server, (1...6).map { base.appendingPathComponent("img/\($0).jpg") }, directory)
        }
    }

    private func pipeline(
        cacheAt directory: URL, decoder: any ImageDecoding = StandardImageDecoder(), client: HTTPClient
    ) throws -> ImagePipeline {
        ImagePipeline(loader: client, diskCache: try DiskCache(directory: directory), decoder: decoder)
    }

    @Test("a refresh of six cached pictures answered 304: six conditional requests, no body bytes, no decode")
    func refreshOfSixIsSixConditionalRequests() async throws {
        try await withSixPictures { server, urls, directory in
            let client = HTTPClient(configuration: .init(deadline: .seconds(5)))
            defer { client.invalidate() }
            let decoder = CountingDecoder()
            let pipeline = try pipeline(cacheAt: directory, decoder: decoder, client: client)
            for url in urls { _ = try await pipeline.image(for: ImageRequest(url: url, targetSize: cell)) }
            let decodesBefore = decoder.decodes
            server.resetStats()

            for url in urls {
                let response = try await pipeline.image(for: ImageRequest(url: url, targetSize: cell, cachePolicy: .revalidate))
                #expect(response.wasRevalidated && response.source == .memory)
            }
            let stats = server.stats
            #expect(stats.requestsServed == 6 && stats.conditionalRequests == 6)
            #expect(stats.notModifiedResponses == 6 && stats.bytesSent == 0)
            #expect(decoder.decodes == decodesBefore)
        }
    }

    @Test("a changed picture (new ETag) is shown after the refresh and replaces the cached one")
    func changedPictureReplacesCached() async throws {
        try await withSixPictures { server, urls, directory in
            let client = HTTPClient(configuration: .init(deadline: .seconds(5)))
            defer { client.invalidate() }
            let pipeline = try pipeline(cacheAt: directory, client: client)
            let before = try await pipeline.image(for: ImageRequest(url: urls[2], targetSize: cell))
            let changed = try Fixture.jpeg(seed: 40)
            server.route("/img/3.jpg", .bytes(changed, contentType: "image/jpeg"))

            let after = try await pipeline.image(for: ImageRequest(url: urls[2], targetSize: cell, cachePolicy: .revalidate))
            #expect(after.source == .network && !after.wasRevalidated)
            #expect(after.bitmap != before.bitmap)
            #expect(server.stats.conditionalRequests == 1 && server.stats.notModifiedResponses == 0)
            // The next launch finds the new picture on disk.
            let nextLaunch = try self.pipeline(cacheAt: directory, client: client)
            let fromDisk = try await nextLaunch.image(for: ImageRequest(url: urls[2], targetSize: cell))
            #expect(fromDisk.source == .disk && fromDisk.bitmap == after.bitmap)
        }
    }

    @Test("a Cache-Control: no-store picture is shown but is not on disk after the load")
    func noStoreIsNotOnDisk() async throws {
        try await withSixPictures(headers: ["Cache-Control": "no-store"]) { _, urls, directory in
            let client = HTTPClient(configuration: .init(deadline: .seconds(5)))
            defer { client.invalidate() }
            let disk = try DiskCache(directory: directory)
            // A copy from before the server said no-store does not outlive it either.
            try disk.store(try Fixture.jpeg(seed: 9), forKey: urls[0].absoluteString)
            let pipeline = ImagePipeline(loader: client, diskCache: disk)
            let response = try await pipeline.image(for: ImageRequest(url: urls[0], targetSize: cell, cachePolicy: .revalidate))
            #expect(response.source == .network)
            #expect(!disk.contains(urls[0].absoluteString))
            _ = try await pipeline.image(for: ImageRequest(url: urls[1], targetSize: cell))
            #expect(disk.count == 0)
        }
    }

    @Test("max-age=0 is revalidated on the next launch while online, and shown from disk while offline")
    func maxAgeZeroAcrossLaunches() async throws {
        try await withSixPictures(headers: ["Cache-Control": "max-age=0"]) { server, urls, directory in
            let client = HTTPClient(configuration: .init(deadline: .seconds(5)))
            defer { client.invalidate() }
            let first = try pipeline(cacheAt: directory, client: client)
            _ = try await first.image(for: ImageRequest(url: urls[0], targetSize: cell))

            // Next launch, online: shown from disk at once, marked stale; asking again costs a 304.
            server.resetStats()
            let online = try pipeline(cacheAt: directory, client: client)
            let shown = try await online.image(for: ImageRequest(url: urls[0], targetSize: cell))
            #expect(shown.source == .disk && shown.isStale)
            #expect(server.stats.requestsServed == 0)
            let asked = try await online.image(for: ImageRequest(url: urls[0], targetSize: cell, cachePolicy: .revalidate))
            #expect(asked.wasRevalidated && server.stats.notModifiedResponses == 1 && server.stats.bytesSent == 0)

            // Next launch, offline: still shown from disk; the revalidation fails as offline.
            await server.stop()
            let offline = try pipeline(cacheAt: directory, client: client)
            let fromDisk = try await offline.image(for: ImageRequest(url: urls[0], targetSize: cell))
            #expect(fromDisk.source == .disk && fromDisk.isStale && fromDisk.bitmap == shown.bitmap)
            await #expect(throws: ImagePipelineError.self) {
                _ = try await offline.image(for: ImageRequest(url: urls[0], targetSize: cell, cachePolicy: .revalidate))
            }
        }
    }

    @Test("entries written before validators were kept still read, as fresh pictures without validators")
    func oldEntriesStillRead() async throws {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = Fixture.url(1)
        let bytes = try Fixture.jpeg(seed: 3)
        try DiskCache(directory: directory).store(bytes, forKey: url.absoluteString)
        let loader = ScriptedLoader()
        let pipeline = ImagePipeline(loader: loader, diskCache: try DiskCache(directory: directory))
        let response = try await pipeline.image(for: ImageRequest(url: url, targetSize: cell))
        #expect(response.source == .disk && !response.isStale && loader.callCount == 0)
    }
}

/// Freshness and validators as RFC 9111 computes them from response headers.
@Suite("Cache metadata from response headers")
struct CacheMetadataTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func metadata(_ headers: [String: String]) -> CacheMetadata {
        CacheMetadata(
            response: HTTPResponse(url: Fixture.url(1), statusCode: 200, headers: headers), receivedAt: now)
    }

    @Test("max-age less the Age a proxy reports; no-cache is stale at once; Expires counts from Date")
    func explicitFreshness() {
        #expect(metadata(["Cache-Control": "public, max-age=600", "Age": "100"]).staleAt == now.addingTimeInterval(500))
        #expect(!metadata(["Cache-Control": "no-cache", "ETag": "\"a\""]).isFresh(at: now))
        let date = HTTPDate.format(now.addingTimeInterval(-50))
        let expires = HTTPDate.format(now.addingTimeInterval(250))
        #expect(metadata(["Date": date, "Expires": expires]).staleAt == now.addingTimeInterval(300))
        #expect(!metadata(["Expires": "0"]).isFresh(at: now))
    }

    @Test("no caching headers: no expiry; Last-Modified alone: a tenth of its age, at most a day")
    func heuristicFreshness() {
        let bare = metadata([:])
        #expect(bare.isEmpty && bare.isFresh(at: now.addingTimeInterval(365 * 86_400)))
        let recent = metadata(["Last-Modified": HTTPDate.format(now.addingTimeInterval(-1000))])
        #expect(recent.staleAt == now.addingTimeInterval(100))
        let old = metadata(["Last-Modified": "Thu, 01 Jan 2015 00:00:00 GMT"])
        #expect(old.staleAt == now.addingTimeInterval(CacheMetadata.heuristicLimit))
        #expect(old.conditionalHeaders == ["If-Modified-Since": "Thu, 01 Jan 2015 00:00:00 GMT"])
    }

    @Test("the envelope keeps bytes and metadata together; bare bytes read back as they are")
    func envelope() throws {
        let bytes = Data([0xFF, 0xD8, 0xFF, 1, 2, 3])
        let meta = CacheMetadata(etag: "\"x\"", lastModified: nil, staleAt: now)
        let decoded = try #require(CacheEnvelope.decode(CacheEnvelope.encode(bytes, metadata: meta)))
        #expect(decoded.bytes == bytes && decoded.metadata == meta)
        #expect(CacheEnvelope.encode(bytes, metadata: CacheMetadata()) == bytes)
        #expect(CacheEnvelope.decode(bytes)?.bytes == bytes)
    }
}
