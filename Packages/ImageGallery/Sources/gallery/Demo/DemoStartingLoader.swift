import Foundation
import ImageGallery
import Imaging

/// The gallery's loader while `--demo`'s server is still starting: the first frame is drawn at
/// once, and each load waits for the server, then goes to the address it really took (another
/// port if the one asked for was taken meanwhile).
struct DemoStartingLoader: GalleryImageLoading {
    let inner: any GalleryImageLoading
    /// The base the pictures' URLs were made with.
    let expectedBase: URL
    /// The server's real base, once it listens.
    let base: Task<URL, any Error>

    func load(_ url: URL, targetSize: PixelSize, policy: LoadPolicy) async throws(LoadFailure) -> LoadedPicture {
        let actual: URL
        do { actual = try await base.value } catch { throw LoadFailure(error) }
        return try await inner.load(Self.rebase(url, from: expectedBase, to: actual), targetSize: targetSize, policy: policy)
    }

    func original(_ url: URL) async throws(LoadFailure) -> Data {
        let actual: URL
        do { actual = try await base.value } catch { throw LoadFailure(error) }
        return try await inner.original(Self.rebase(url, from: expectedBase, to: actual))
    }

    /// `url` moved from `expected` to `actual` (the same address when they agree).
    static func rebase(_ url: URL, from expected: URL, to actual: URL) -> URL {
        guard actual != expected, url.absoluteString.hasPrefix(expected.absoluteString) else { return url }
        return URL(string: actual.absoluteString + url.absoluteString.dropFirst(expected.absoluteString.count)) ?? url
    }
}
