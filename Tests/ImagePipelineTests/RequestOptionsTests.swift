import Foundation
import Imaging
import ImagePipeline
import Testing

@Suite("A request carries its cache policy and cache key")
struct RequestOptionsTests {
    @Test("reloadIgnoringCachedData goes to the network though memory and disk have the picture, and replaces both")
    func reload() async throws {
        let url = Fixture.url(40)
        let disk = MemoryDisk()
        let loader = ScriptedLoader([url: .bytes(try Fixture.jpeg(seed: 1))])
        let pipeline = ImagePipeline(loader: loader, diskCache: disk)
        let cell = PixelSize(width: 40, height: 30)
        let first = try await pipeline.image(for: ImageRequest(url: url, targetSize: cell))

        let fresh = try Fixture.jpeg(seed: 2)
        loader.set(.bytes(fresh), for: url)
        let reloaded = try await pipeline.image(
            for: ImageRequest(url: url, targetSize: cell, cachePolicy: .reloadIgnoringCachedData))

        #expect(reloaded.source == .network && loader.callCount == 2)
        #expect(reloaded.bitmap != first.bitmap)
        #expect(disk.data(forKey: url.absoluteString) == fresh)
        // The next ordinary request is answered from memory with the fresh picture, not the old one.
        let next = try await pipeline.image(for: ImageRequest(url: url, targetSize: cell))
        #expect(next.source == .memory && next.bitmap == reloaded.bitmap)
    }

    @Test("a reload that fails leaves the cached picture in memory and on disk")
    func failedReload() async throws {
        let url = Fixture.url(41)
        let disk = MemoryDisk()
        let loader = ScriptedLoader([url: .bytes(try Fixture.jpeg())])
        let pipeline = ImagePipeline(loader: loader, diskCache: disk)
        _ = try await pipeline.image(for: ImageRequest(url: url))
        loader.set(.failure(.offline(host: "127.0.0.1")), for: url)
        await #expect(throws: ImagePipelineError.self) {
            _ = try await pipeline.image(for: ImageRequest(url: url, cachePolicy: .reloadIgnoringCachedData))
        }
        #expect(pipeline.cachedImage(for: ImageRequest(url: url)) != nil)
        #expect(disk.keys == [url.absoluteString])
    }

    @Test("a cache key names the entry: the same picture from another address is found offline")
    func cacheKey() async throws {
        let disk = MemoryDisk()
        let first = URL(string: "http://127.0.0.1:41001/img/7.jpg")!
        let second = URL(string: "http://127.0.0.1:52002/img/7.jpg")!
        let loader = ScriptedLoader([first: .bytes(try Fixture.jpeg())])
        _ = try await ImagePipeline(loader: loader, diskCache: disk)
            .image(for: ImageRequest(url: first, cacheKey: "picture/7"))
        #expect(disk.keys == ["picture/7"])

        let relaunched = ImagePipeline(loader: loader, diskCache: disk)
        let response = try await relaunched.image(for: ImageRequest(url: second, cacheKey: "picture/7"))
        #expect(response.source == .disk && loader.callCount == 1)
    }
}
