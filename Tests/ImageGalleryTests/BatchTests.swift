import Foundation
import Imaging
import Locking
import Testing
import ImageGallery
@testable import gallery

@Suite("Batch loading for plain and JSON mode")
struct BatchTests {
    @Test("every item is reported once, then tallied")
    func reportsEveryItem() async {
        let loader = MockImageLoader()
        for url in Fixture.urls(5) { loader.answerImmediately(url, with: .success(Fixture.picture())) }
        loader.answerImmediately(Fixture.url(3), with: .failure(Fixture.thrown(.offline)))
        loader.answerImmediately(Fixture.url(6), with: .failure(Fixture.thrown(.timeout)))
        let reports = LockedValue<[GalleryItemReport]>([])
        let summary = await GalleryBatch.loadAll(Fixture.urls(6), loader: loader, targetSize: PixelSize(width: 10, height: 10),
                                                 maxConcurrent: 2) { report in reports.withLock { $0.append(report) } }
        let settled = reports.withLock { $0 }
        #expect(settled.map(\.index).sorted() == [1, 2, 3, 4, 5, 6])
        var expected = GallerySummary(loaded: 4, failed: 2, offline: true)
        expected.failedTemporarily = 2
        #expect(summary == expected)
        #expect(!summary.allLoaded)
        // Some came through: 2, not the temporary failure's 75, which is for nothing loaded.
        #expect(GalleryCommand.exitStatus(summary) == 2)
        #expect(GalleryCommand.exitStatus(GallerySummary(loaded: 0, failed: 2, offline: true)) == 2,
                "failures that will not pass")
        var none = GallerySummary(loaded: 0, failed: 2)
        none.failedTemporarily = 2
        #expect(GalleryCommand.exitStatus(none) == 75)
        #expect(GalleryCommand.exitStatus(GallerySummary(loaded: 6)) == 0)
        let third = settled.first { $0.index == 3 }
        #expect(third?.url == Fixture.url(3))
        #expect((try? third?.outcome.get()) == nil)
    }

    @Test("items that finish out of order are still reported in the order of the list")
    func reportsInListOrder() async {
        let loader = MockImageLoader()
        let urls = Fixture.urls(3)
        let reports = LockedValue<[Int]>([])
        async let summary = GalleryBatch.loadAll(urls, loader: loader, targetSize: PixelSize(width: 4, height: 4),
                                                 maxConcurrent: 3) { report in reports.withLock { $0.append(report.index) } }
        await loader.waitForRequests(3)
        // The third finishes first, then the first, then the second.
        loader.succeed(urls[2], with: Fixture.picture())
        loader.succeed(urls[0], with: Fixture.picture())
        loader.succeed(urls[1], with: Fixture.picture())
        #expect(await summary == GallerySummary(loaded: 3, failed: 0, offline: false))
        #expect(reports.withLock { $0 } == [1, 2, 3])
    }

    @Test("no more than maxConcurrent loads run at once")
    func concurrencyLimit() async {
        let loader = MockImageLoader()
        let urls = Fixture.urls(5)
        async let summary = GalleryBatch.loadAll(urls, loader: loader, targetSize: PixelSize(width: 4, height: 4),
                                                 maxConcurrent: 2) { _ in }
        for answered in 0..<urls.count {
            // After `answered` answers the batch has started two more, never a third.
            await loader.waitForRequests(min(answered + 2, urls.count))
            let pending = loader.pendingURLs
            #expect(pending.count == min(2, urls.count - answered))
            loader.succeed(pending[0], with: Fixture.picture())
        }
        #expect(await summary == GallerySummary(loaded: 5, failed: 0, offline: false))
    }
}
