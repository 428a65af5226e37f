import Foundation
import ErrorReporting
import Imaging

/// A size in pixels: what a cell can show, or what a picture measures.
///
/// The gallery's own small type so the model speaks in pixels without caring which imaging
/// library measured them.
public struct PictureSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}

/// Where a loaded picture came from.
public enum PictureSource: String, Sendable, Hashable, Codable {
    /// The in-memory cache of decoded pictures.
    case memory
    /// The offline cache on disk.
    case disk
    /// The network.
    case network
}

/// How hard a load should try to get fresh bytes.
public enum LoadPolicy: Sendable, Hashable {
    /// Memory cache, then disk cache, then the network: what a cell coming on screen wants.
    case cached
    /// The network first (pull-to-refresh downloads again); an adapter may fall back to the
    /// cached copy when the network fails, so a refresh while offline keeps the picture.
    case refresh
}

/// A picture ready to show in a cell, with what the status line and `--json` report about it.
public struct LoadedPicture: Sendable, Hashable {
    /// The decoded picture, already downsampled to fit the cell it was asked for.
    public var bitmap: Bitmap
    /// Where the bytes came from.
    public var source: PictureSource
    /// The size of the encoded picture before downsampling.
    public var originalSize: PictureSize
    /// How many encoded bytes the picture has.
    public var encodedByteCount: Int
    /// Set when the picture is shown but could not be saved for offline use (full or read-only disk).
    public var storeError: UserFacingError?
    /// Set when a ``LoadPolicy/refresh`` load could not reach the network and the cached copy was
    /// returned instead: the picture stays on screen and the gallery still says what went wrong.
    public var refreshFailure: LoadFailure?

    public init(
        bitmap: Bitmap,
        source: PictureSource,
        originalSize: PictureSize,
        encodedByteCount: Int,
        storeError: UserFacingError? = nil,
        refreshFailure: LoadFailure? = nil
    ) {
        self.bitmap = bitmap
        self.source = source
        self.originalSize = originalSize
        self.encodedByteCount = encodedByteCount
        self.storeError = storeError
        self.refreshFailure = refreshFailure
    }
}

/// Loads one picture for one cell: the gallery's only way to reach the network and the caches.
///
/// The production conformer adapts the shared `ImagePipeline`; tests inject a mock. Cancelling the
/// calling task cancels the load (the connection is closed, nothing is cached).
///
/// ```swift
/// let picture = try await loader.load(url, targetSize: PictureSize(width: 58, height: 58), policy: .cached)
/// ```
public protocol GalleryImageLoading: Sendable {
    /// The picture at `url`, downsampled to fit `targetSize`.
    /// - Throws: any error; the gallery maps it to a ``LoadFailure`` through its `UserFacingError` code.
    func load(_ url: URL, targetSize: PictureSize, policy: LoadPolicy) async throws -> LoadedPicture
}

extension GalleryImageLoading {
    /// The picture at `url` through the caches first.
    public func load(_ url: URL, targetSize: PictureSize) async throws -> LoadedPicture {
        try await load(url, targetSize: targetSize, policy: .cached)
    }
}
