import Foundation
import ImagePipeline
import Imaging
import Networking
import TestSupport
import Testing
@testable import FlickrFeed

/// The large view of a photo that is an animated GIF: it plays while the view is open.
@Suite("An animated photo plays in Flickr's large view")
@MainActor
struct LargeAnimationTests {
    /// One page of three photos.
    struct OnePage: RecentPhotosFetching {
        func recentPhotos(page: Int) async throws(FlickrError) -> FlickrPage {
            let photos = (1...3).map { FlickrPhoto(id: "\($0)", owner: "o", secret: "s", server: "1", title: "Photo \($0)") }
            return FlickrPage(page: 1, pages: 1, perPage: 40, total: 3, photos: photos)
        }
    }

    /// Every picture is the same GIF.
    struct GIFHost: DataLoading {
        let gif: Data
        func data(for url: URL) async throws(NetworkError) -> Data { gif }
    }

    @Test("the open photo's frames follow at the file's delays, and stop when the view closes")
    func playsWhileOpen() async throws {
        let gif = try ImageEncoder.bandGIF(size: PixelSize(width: 40, height: 30), frames: 3, delayCentiseconds: 20)
        let box = PixelSize(width: 40, height: 30)
        let source = try FrameSource(try #require(AnimatedImage(gif)), fitting: box)
        let frames = try (0..<4).map { _ in try #require(try source.nextFrame()).bitmap }
        let clock = ManualClock()
        let pipeline = ImagePipeline(loader: GIFHost(gif: gif), diskCache: nil)
        let feed = FeedStore(
            api: OnePage(), store: nil, sleep: { try await clock.sleep(for: $0) },
            pictures: FeedPictureLoader(pipeline: pipeline, imageURLs: FlickrImageURLs()))
        defer { feed.cancelAll() }
        let store = TestStore(feed, exhaustive: false)
        feed.launch()
        await feed.settle()
        store.send(.opened(index: 1, size: box))
        // Opening loads the large picture and the zoom view's source at once, in either order:
        // both are in before the frames are asserted whole.
        var largeLoaded = false, zoomLoaded = false
        while !(largeLoaded && zoomLoaded), let action = await store.receiveAll(count: 1).first {
            switch action {
            case .largeLoaded(id: "2", let outcome):
                #expect(outcome == .loaded(frames[0]))
                largeLoaded = true
            case .zoomSourceLoaded(id: "2", largest: false, _): zoomLoaded = true
            default: break
            }
        }
        #expect(store.store.state.pictures.large?.bitmap == frames[0])
        // Set up; from here each frame is asserted whole: the large picture's bitmap, nothing else.
        store.exhaustive = true
        for index in 1...3 {
            await clock.waitForSleepers()
            clock.advance(by: .milliseconds(199))
            #expect(clock.sleeperCount == 1, "frame \(index) is not due 1 ms early")
            clock.advance(by: .milliseconds(1))
            await store.receive(.largeFrame(id: "2", frames[index])) {
                $0.pictures.large?.bitmap = frames[index]
            }
        }
        store.exhaustive = false
        await clock.waitForSleepers()
        store.send(.closed)
        #expect(clock.sleeperCount == 0)
    }
    @Test("with --no-animation the large view keeps an animated photo's first frame and nothing plays")
    func noAnimation() async throws {
        let gif = try ImageEncoder.bandGIF(size: PixelSize(width: 40, height: 30), frames: 3, delayCentiseconds: 20)
        let box = PixelSize(width: 40, height: 30)
        let first = try ImageDecoder.decode(gif, maxSize: box)
        let clock = ManualClock()
        let feed = FeedStore(
            api: OnePage(), store: nil, configuration: FeedConfiguration(animates: false),
            sleep: { try await clock.sleep(for: $0) },
            pictures: FeedPictureLoader(pipeline: ImagePipeline(loader: GIFHost(gif: gif), diskCache: nil),
                                        imageURLs: FlickrImageURLs()))
        defer { feed.cancelAll() }
        feed.launch()
        await feed.settle()
        feed.send(.opened(index: 1, size: box))
        await feed.settle()
        #expect(feed.state.pictures.large?.bitmap == first)
        #expect(clock.sleeperCount == 0)
    }
}
