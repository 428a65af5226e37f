import Foundation
import Imaging
import ImagePipeline
import Testing

@Suite("Decode coalescing")
struct DecodeCoalescingTests {
    @Test("requests for the same picture at the same size at once decode it once; another size decodes apart")
    func samePictureDecodesOnce() async throws {
        let url = Fixture.url(1)
        let loader = ScriptedLoader([url: .bytes(try Fixture.jpeg(width: 640, height: 480))])
        let decoder = CountingDecoder()
        let pipeline = ImagePipeline(loader: loader, diskCache: nil, decoder: decoder)
        let cell = PixelSize(width: 64, height: 48)
        let bitmaps = try await withThrowingTaskGroup(of: Bitmap.self) { group in
            for _ in 0..<4 {
                group.addTask { try await pipeline.image(for: ImageRequest(url: url, targetSize: cell)).bitmap }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(bitmaps.count == 4 && Set(bitmaps).count == 1)
        #expect(decoder.decodes == 1)
        _ = try await pipeline.image(for: ImageRequest(url: url, targetSize: PixelSize(width: 32, height: 24)))
        #expect(decoder.decodes == 2)
    }
}

@Suite("Prefetching as data")
struct PrefetchTests {
    @Test("a prefetch keeps the bytes on disk without decoding them; the later load decodes from disk")
    func prefetchDoesNotDecode() async throws {
        let url = Fixture.url(2)
        let loader = ScriptedLoader([url: .bytes(try Fixture.jpeg())])
        let decoder = CountingDecoder()
        let disk = MemoryDisk()
        let pipeline = ImagePipeline(loader: loader, diskCache: disk, decoder: decoder)
        let request = ImageRequest(url: url, targetSize: PixelSize(width: 40, height: 30))
        try await pipeline.prefetchData(for: request)
        #expect(decoder.decodes == 0 && disk.keys == [url.absoluteString] && loader.callCount == 1)
        try await pipeline.prefetchData(for: request)
        #expect(loader.callCount == 1)
        let response = try await pipeline.image(for: request)
        #expect(response.source == .disk && decoder.decodes == 1 && loader.callCount == 1)
    }
}
