/// When a picture that failed is asked for again.
public enum RetryOccasion: Sendable, Hashable {
    /// The person asked to refresh (pull-to-refresh, `r`).
    case refresh
    /// The network came back after being down.
    case connectivityRestored

    /// The rule every task follows: whether a picture that failed (`offline` when it failed for want
    /// of a network) is asked for again on this occasion. A refresh asks again for every failure;
    /// the network coming back only for those it caused.
    public func asksAgain(forFailureOffline offline: Bool) -> Bool {
        switch self {
        case .refresh: true
        case .connectivityRestored: offline
        }
    }
}

/// The pictures whose loads failed, by key, asked for again by ``RetryOccasion``'s rule: a refresh
/// asks again for every picture that failed, whatever the reason; the network coming back asks
/// again for those that failed for want of a network. Until then a failed picture is not
/// started again by ``ImageWindow/plan(wanted:loading:loaded:)`` (pass ``keys`` among `loaded`),
/// so a cell that scrolls out and back does not hammer a host that just refused it.
///
/// ```swift
/// failed.record(.offline, for: photo.id)
/// failed.forget(on: .connectivityRestored)      // the cells that failed offline load again
/// ```
public struct FailedPictures<Key: Hashable & Sendable>: Sendable, Equatable {
    private var kinds: [Key: ImagePipelineError.Kind] = [:]

    public init() {}

    /// The keys of every failed picture.
    public var keys: Set<Key> { Set(kinds.keys) }

    /// True when nothing failed.
    public var isEmpty: Bool { kinds.isEmpty }

    /// True when the picture for `key` failed and has not been asked for again.
    public func contains(_ key: Key) -> Bool { kinds[key] != nil }

    /// Why the picture for `key` failed.
    public func kind(of key: Key) -> ImagePipelineError.Kind? { kinds[key] }

    /// Notes that the picture for `key` failed; a cancelled load is no failure and is not noted.
    public mutating func record(_ kind: ImagePipelineError.Kind, for key: Key) {
        guard kind != .cancelled else { return }
        kinds[key] = kind
    }

    /// Forgets the failure of `key` (it loaded, or its cell is gone).
    public mutating func remove(_ key: Key) {
        kinds[key] = nil
    }

    /// Forgets every failure.
    public mutating func removeAll() {
        kinds = [:]
    }

    /// Forgets the failures that `occasion` asks again for and returns their keys, so that the next
    /// plan starts them.
    @discardableResult
    public mutating func forget(on occasion: RetryOccasion) -> Set<Key> {
        let again = kinds.filter { occasion.asksAgain(forFailureOffline: $0.value.isUnreachable) }
        for key in again.keys { kinds[key] = nil }
        return Set(again.keys)
    }
}
