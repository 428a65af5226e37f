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
