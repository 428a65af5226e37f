import Caching
import Foundation
import ImagePipeline
import Synchronization
import Testing
@testable import FlickrFeed

/// A disk cache in memory, recording the keys it was asked for.
private final class RecordingCache: DataCaching {
    let entries = Mutex<[String: Data]>([:])

    func data(forKey key: String) -> Data? { entries.withLock { $0[key] } }
    func store(_ data: Data, forKey key: String) throws(DiskCacheError) { entries.withLock { $0[key] = data } }
    func removeData(forKey key: String) { _ = entries.withLock { $0.removeValue(forKey: key) } }
}

@Suite("Stable picture keys")
struct StableImageKeysTests {
    @Test("a picture stored from one host is found from another (the demo's port changes every run)")
    func hostIndependent() throws {
        let base = RecordingCache()
        let cache = StableImageKeys(base)
        let photo = Fixtures.photo(3)
        let first = FlickrImageURLs(imageBase: URL(string: "http://127.0.0.1:41001/img")!).url(for: photo, size: .n)
        let second = FlickrImageURLs(imageBase: URL(string: "http://127.0.0.1:52002/img")!).url(for: photo, size: .n)
        try cache.store(Data([1, 2, 3]), forKey: first.absoluteString)
        #expect(cache.data(forKey: second.absoluteString) == Data([1, 2, 3]))
        #expect(base.entries.withLock { Array($0.keys) } == ["flickr-image/65535/50003_s3_n.jpg"])
        cache.removeData(forKey: second.absoluteString)
        #expect(cache.data(forKey: first.absoluteString) == nil)
    }

    @Test("other sizes and other URLs keep keys of their own")
    func distinct() throws {
        let cache = StableImageKeys(RecordingCache())
        let urls = FlickrImageURLs()
        try cache.store(Data([1]), forKey: urls.url(for: Fixtures.photo(3), size: .n).absoluteString)
        #expect(cache.data(forKey: urls.url(for: Fixtures.photo(3), size: .z).absoluteString) == nil)
        try cache.store(Data([9]), forKey: "https://example.com/picture.png")
        #expect(cache.data(forKey: "https://example.com/picture.png") == Data([9]))
    }
}
