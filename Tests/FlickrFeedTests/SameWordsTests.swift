import ErrorReporting
import Foundation
import ImageGallery
import ImagePipeline
import Imaging
import Networking
import Testing
import FlickrFeed

/// One error vocabulary from the transport up: a failure the pipeline reports reads the same in
/// the gallery's cell and in a Flickr thumbnail, classified once.
@Suite("One error vocabulary in every task")
struct SameWordsTests {
    static let failures: [ImagePipelineError] = [
        .network(.connectionDropped(bytesReceived: 1_000)),
        .network(.transport(description: "Recv failure: Connection reset by peer")),
        .network(.timedOut(after: .seconds(30))),
        .network(.offline(host: "live.staticflickr.com")),
        .network(.httpStatus(code: 404, url: URL(string: "http://x.test/a.jpg")!)),
        .network(.httpStatus(code: 503, url: URL(string: "http://x.test/a.jpg")!)),
        .invalidImage(.corrupt("bad huffman table")),
        .invalidImage(.notAnImage),
    ]

    @Test("the same dropped connection reads the same in the gallery's cell and in a Flickr thumbnail",
          arguments: failures)
    func sameWords(_ failure: ImagePipelineError) {
        let gallery = LoadFailure(failure)

        var feed = FeedState()
        _ = FeedModel().reduce(into: &feed, action: .launched(saved: nil))
        _ = FeedModel().reduce(into: &feed, action: .pageArrived(
            PageRequest(page: 1, generation: 0, reason: .launch), Fixtures.page(1), at: Fixtures.date))
        _ = FeedModel().reduce(into: &feed, action: .viewportChanged(
            FeedViewport(topRow: 0, visibleRows: 2, columns: 3, thumbnailSize: PixelSize(width: 30, height: 22))))
        let id = feed.photos[0].id
        _ = FeedModel().reduce(into: &feed, action: .thumbnailLoaded(id: id, PictureOutcome(.failure(failure))))

        #expect(feed.pictures.failureMessages[id] == gallery.cellMessage)
        #expect(gallery.kind.rawValue == failure.kind.rawValue)
        // Whether trying again may help is decided once, by the pipeline.
        #expect(gallery.kind.suggestsRefresh == failure.isTransient)
    }

    @Test("a library error carries what happened, never what to press: no advice in the shared modules")
    func noAdviceInLibraries() {
        for failure in Self.failures {
            #expect(failure.userFacingError.recovery == nil)
        }
        for network: NetworkError in [.timedOut(after: .seconds(1)), .connectionDropped(bytesReceived: 0),
                                      .transport(description: "x"), .httpStatus(code: 502, url: URL(string: "http://x.test/")!)] {
            let advice = network.userFacingError.recovery?.english ?? ""
            #expect(!advice.localizedCaseInsensitiveContains("refresh") && !advice.localizedCaseInsensitiveContains("pull"))
        }
    }
}
