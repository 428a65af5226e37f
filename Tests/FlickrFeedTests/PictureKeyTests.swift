import Foundation
import ImagePipeline
import Imaging
import Networking
import Testing
import FlickrFeed

/// A loader that never reaches anything: these tests only look at requests.
private struct Unreachable: DataLoading {
    func data(for url: URL) async throws(NetworkError) -> Data { throw .offline(host: url.host ?? "") }
}

@Suite("Stable picture keys")
struct PictureKeyTests {
    private func loader(imageBase: String) -> FeedPictureLoader {
        FeedPictureLoader(
            pipeline: ImagePipeline(loader: Unreachable(), diskCache: nil),
            imageURLs: FlickrImageURLs(imageBase: URL(string: imageBase)!))
    }

    @Test("a picture from one host has the cache key it has from another (the demo's port changes every run)")
    func hostIndependent() {
        let photo = Fixtures.photo(3)
        let size = PixelSize(width: 60, height: 44)
        let first = loader(imageBase: "http://127.0.0.1:41001/img").request(for: photo, size: size)
        let second = loader(imageBase: "http://127.0.0.1:52002/img").request(for: photo, size: size)
        #expect(first.url != second.url)
        #expect(first.cacheKey == second.cacheKey)
        #expect(first.cacheKey?.hasPrefix("flickr-image/65535/50003_s3_") == true)
        #expect(first.cachePolicy == .useCache && first.targetSize == size)
    }

    @Test("other sizes keep keys of their own, and a URL that is not a Flickr picture keeps its own")
    func distinct() {
        let urls = FlickrImageURLs()
        let small = urls.url(for: Fixtures.photo(3), size: .n)
        let large = urls.url(for: Fixtures.photo(3), size: .z)
        #expect(FlickrImageURLs.stableKey(forImageURL: small) != FlickrImageURLs.stableKey(forImageURL: large))
        #expect(FlickrImageURLs.stableKey(forImageURL: URL(string: "https://example.com/picture.png")!) == nil)
    }
}
