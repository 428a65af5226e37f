import Locking

/// How soon a load gets one of the client's `maxConcurrentRequests` slots. A reference, so that
/// whoever started the load can raise or lower it while the load waits (a cell scrolled into view,
/// or out of it): when a slot frees, the highest level waiting gets it, the longest waiter first
/// among equals.
///
/// ```swift
/// let priority = RequestPriority(.low)
/// async let picture = client.send(HTTPRequest(url: url), priority: priority)
/// priority.level = .high      // it came on screen
/// ```
public final class RequestPriority: Sendable {
    /// The levels, lowest first.
    public enum Level: Int, Sendable, Hashable, Comparable, CaseIterable {
        /// Work ahead of need (the next page's thumbnails).
        case low
        /// Likely needed soon (the row ahead of the screen).
        case normal
        /// Needed now (a picture on screen).
        case high

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private let current: LockedValue<Level>

    public init(_ level: Level = .normal) {
        current = LockedValue(level)
    }

    /// The level now; setting it reorders the load among those waiting.
    public var level: Level {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}
