import Caching
import Foundation
import ImagePipeline
import Imaging
import TestSupport
import Testing
@testable import FlickrFeed
@testable import flickr

/// Flickr's storage failures through the same words as the gallery's: the feed says what
/// happened (disk full, read-only, missing folder), the command adds what to do.
@Suite("Flickr's storage failures read as what happened")
@MainActor
struct FeedStorageTests {
    /// A picture cache on a disk that is full.
    struct FullDisk: DataCaching {
        static let failure = DiskCacheError.diskFull(path: "/cache/images/entries/1")
        func data(forKey key: String) -> Data? { nil }
        func store(_ data: Data, forKey key: String) throws(DiskCacheError) { throw Self.failure }
        func removeData(forKey key: String) {}
    }

    @Test("thumbnails shown but not kept: the state says why, and the screen's line adds what to do")
    func thumbnailNotKept() async throws {
        let gif = try ImageEncoder.bandGIF(size: PixelSize(width: 40, height: 30), frames: 1, delayCentiseconds: 0)
        let pipeline = ImagePipeline(loader: LargeAnimationTests.GIFHost(gif: gif), diskCache: FullDisk())
        let feed = FeedStore(
            api: LargeAnimationTests.OnePage(), store: nil,
            pictures: FeedPictureLoader(pipeline: pipeline, imageURLs: FlickrImageURLs()))
        defer { feed.cancelAll() }
        let store = TestStore(feed, exhaustive: false)
        feed.launch()
        await store.settle(within: .testDeadline)
        store.send(.viewportChanged(FeedViewport(
            topRow: 0, visibleRows: 1, columns: 3, thumbnailSize: PixelSize(width: 40, height: 30))))
        await store.receive(.notSaved(.pictures(FullDisk.failure))) { $0.notSaved = .pictures(FullDisk.failure) }
        await store.finish()
        #expect(feed.state.pictures.thumbnails.count == 3, "every picture is still shown")
        let line = try #require(FeedViewState(feed.state).notSaved)
        #expect(line.code == "diskFull")
        #expect(line.line(in: .english) == "Could not save for offline use: the disk is full. "
                + "Free some disk space, or choose another cache directory with --cache-dir")
        #expect(line.line(in: .russian).hasPrefix("Не удалось сохранить для просмотра без сети: диск заполнен. Освободите"))
    }

    @Test("a cache folder removed under the saved page: the save says the folder is missing, not SQLite's words")
    func firstPageFolderMissing() throws {
        let directory = try Fixtures.temporaryDirectory()
        let store = FirstPageStore(directory: directory)
        try store.save(SavedPage(page: Fixtures.page(1), savedAt: Fixtures.date))
        try FileManager.default.removeItem(at: directory)
        #expect(throws: DiskCacheError.folderMissing(path: directory.path)) {
            try store.save(SavedPage(page: Fixtures.page(2), savedAt: Fixtures.date))
        }
        let shown = FlickrAdvice.shown(.firstPage(.folderMissing(path: directory.path)))
        #expect(shown.line(in: .english) == "The first page could not be kept for the next launch: the folder "
                + "\(directory.path) is missing. Choose another cache directory with --cache-dir")
    }
}
