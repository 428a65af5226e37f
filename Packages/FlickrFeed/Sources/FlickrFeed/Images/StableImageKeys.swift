import Caching
import Foundation
import ImagePipeline

/// A disk cache seen through stable keys: a Flickr image URL is stored under
/// `flickr-image/{server}/{id}_{secret}_{suffix}.jpg`, whatever host served it.
///
/// The demo server listens on a port chosen at random, so the same picture has a new URL on every
/// run; without this the saved page would find none of its pictures offline.
public struct StableImageKeys: DataCaching {
    public let base: any DataCaching

    public init(_ base: any DataCaching) {
        self.base = base
    }

    public func data(forKey key: String) -> Data? {
        base.data(forKey: Self.stable(key))
    }

    public func store(_ data: Data, forKey key: String) throws(DiskCacheError) {
        try base.store(data, forKey: Self.stable(key))
    }

    public func removeData(forKey key: String) {
        base.removeData(forKey: Self.stable(key))
    }

    static func stable(_ key: String) -> String {
        guard let url = URL(string: key), let stable = FlickrImageURLs.stableKey(forImageURL: url) else {
            return key
        }
        return stable
    }
}
