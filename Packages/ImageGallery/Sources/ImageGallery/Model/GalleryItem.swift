import Foundation
import Networking

/// The identity of an item: its position in the original list, stable across removals and refreshes.
public struct ItemID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Zero-based position in the original list.
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: ItemID, rhs: ItemID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue + 1)" }
}

/// Where a cell's picture is.
public enum LoadStatus: Sendable, Hashable {
    /// Nothing asked yet, or the picture was let go from memory while far off screen.
    case idle
    /// A load is in flight; the cell shows a spinner.
    case loading
    /// The picture is ready.
    case loaded(LoadedPicture)
    /// The load failed; the cell says why.
    case failed(LoadFailure)

    /// The picture, when there is one.
    public var picture: LoadedPicture? {
        guard case .loaded(let picture) = self else { return nil }
        return picture
    }

    /// The failure, when there is one.
    public var failure: LoadFailure? {
        guard case .failed(let failure) = self else { return nil }
        return failure
    }

    /// True when the cell has a picture (the only cells that may be removed).
    public var isLoaded: Bool { picture != nil }
}

/// One cell of the gallery.
public struct GalleryItem: Sendable, Hashable, Identifiable {
    /// Stable identity: the position in the original list.
    public let id: ItemID
    /// Where the picture comes from.
    public let url: URL
    /// Where its picture is.
    public internal(set) var status: LoadStatus
    /// True while a second load (refresh, or a larger cell after a resize) runs behind a picture
    /// that stays on screen.
    public internal(set) var isReloading: Bool
    /// How far a slow download of the picture is, while it loads.
    public internal(set) var progress: TransferProgress?

    public init(id: ItemID, url: URL, status: LoadStatus = .idle, isReloading: Bool = false) {
        self.id = id
        self.url = url
        self.status = status
        self.isReloading = isReloading
    }
}
