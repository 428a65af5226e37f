import Caching
import Foundation
import Imaging
import Networking

/// Fetches the bytes at a URL. `HTTPClient` (Networking) is the production loader; tests inject their own.
public protocol DataLoading: Sendable {
    /// The body at `url`; cancelling the calling task cancels the transfer.
    func data(for url: URL) async throws(NetworkError) -> Data
}

/// Keeps original image bytes across launches. `DiskCache` (Caching) is the production store.
public protocol DataCaching: Sendable {
    /// The verified bytes for `key`, or nil (a corrupt entry is dropped and reported as a miss).
    func data(forKey key: String) -> Data?
    /// Stores `data` atomically; a failure leaves what was cached before untouched.
    func store(_ data: Data, forKey key: String) throws(DiskCacheError)
    /// Forgets `key`.
    func removeData(forKey key: String)
}

/// Turns bytes into a bitmap that fits a box. ``StandardImageDecoder`` wraps Imaging.
public protocol ImageDecoding: Sendable {
    /// Decodes `data`, downsampled to fit `targetSize` when one is given, and reports the original size.
    func decode(_ data: Data, fitting targetSize: PixelSize?) throws(ImagingError) -> (bitmap: Bitmap, originalSize: PixelSize)
}

/// The production decoder: libjpeg-turbo and libpng through Imaging, with the decompression-bomb guard.
public struct StandardImageDecoder: ImageDecoding {
    public var pixelLimit: Int

    public init(pixelLimit: Int = 50_000_000) {
        self.pixelLimit = pixelLimit
    }

    public func decode(_ data: Data, fitting targetSize: PixelSize?) throws(ImagingError) -> (bitmap: Bitmap, originalSize: PixelSize) {
        let decoded = try ImageDecoder.decodeImage(data, maxSize: targetSize, pixelLimit: pixelLimit)
        return (decoded.bitmap, decoded.info.size)
    }
}

/// `HTTPClient.data(for:)` already has the shape the pipeline needs.
extension HTTPClient: DataLoading {}

extension DiskCache: DataCaching {
    public func removeData(forKey key: String) {
        removeValue(forKey: key)
    }
}
