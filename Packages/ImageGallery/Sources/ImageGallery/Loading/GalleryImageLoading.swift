import Foundation
import ErrorReporting
import ImagePipeline
import Imaging
import Networking

/// How hard a load should try to get fresh bytes.
public enum LoadPolicy: Sendable, Hashable {
    /// Memory cache, then disk cache, then the network: what a cell coming on screen wants.
    case cached
    /// The network first (pull-to-refresh downloads again); an adapter may fall back to the
    /// cached copy when the network fails, so a refresh while offline keeps the picture.
    case refresh
}

/// A picture ready to show in a cell: the pipeline's response (bitmap, where it came from, its
/// original size and bytes, a failed save) and, after a refresh that could not reach the network,
/// why the cached copy is shown. Reads such as `picture.bitmap` go to the response.
@dynamicMemberLookup
public struct LoadedPicture: Sendable, Hashable {
    /// What the image pipeline answered.
    public var response: ImageResponse
    /// Set when a ``LoadPolicy/refresh`` load could not reach the network and the cached copy was
    /// returned instead: the picture stays on screen and the gallery still says what went wrong.
    package var refreshFailure: LoadFailure?

    public init(_ response: ImageResponse, refreshFailure: LoadFailure? = nil) {
        self.response = response
        self.refreshFailure = refreshFailure
    }

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<ImageResponse, Value>) -> Value {
        get { response[keyPath: keyPath] }
        set { response[keyPath: keyPath] = newValue }
    }
}

/// Loads one picture for one cell: the gallery's only way to reach the network and the caches.
///
/// The production conformer adapts the shared `ImagePipeline`; tests inject a mock. Cancelling the
/// calling task cancels the load (the connection is closed, nothing is cached).
///
/// ```swift
/// let picture = try await loader.load(url, targetSize: PixelSize(width: 58, height: 58), policy: .cached)
/// ```
public protocol GalleryImageLoading: Sendable {
    /// The picture at `url`, downsampled to fit `targetSize`.
    /// - Throws: the failure classified once, as the cell will show it (a cancelled load too).
    func load(_ url: URL, targetSize: PixelSize, policy: LoadPolicy) async throws(LoadFailure) -> LoadedPicture

    /// The same at `priority` (which may change while it waits), telling `progress` how a slow
    /// download moves (a loader that cannot tell says nothing and ignores the priority).
    func load(
        _ url: URL, targetSize: PixelSize, policy: LoadPolicy, priority: RequestPriority,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws(LoadFailure) -> LoadedPicture

    /// The original bytes of the picture at `url`, undecoded (from the caches first): what the full
    /// view decodes the parts it shows from.
    func original(_ url: URL) async throws(LoadFailure) -> Data
}

extension GalleryImageLoading {
    /// A loader that knows nothing of progress or priority loads as it always does.
    public func load(
        _ url: URL, targetSize: PixelSize, policy: LoadPolicy, priority: RequestPriority,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws(LoadFailure) -> LoadedPicture {
        try await load(url, targetSize: targetSize, policy: policy)
    }

    /// A loader that keeps no bytes has no original to give: the full view says so and shows the cell's picture.
    public func original(_ url: URL) async throws(LoadFailure) -> Data {
        throw LoadFailure(ImagingError.notAnImage)
    }

    /// The picture at `url` through the caches first.
    public func load(_ url: URL, targetSize: PixelSize) async throws(LoadFailure) -> LoadedPicture {
        try await load(url, targetSize: targetSize, policy: .cached)
    }
}
