import Networking

/// The priority of each picture load in flight, by the key a task names its loads with: the one
/// piece of a load that changes while it runs (a load reads its priority while it waits for a
/// connection, so a scroll can raise the cells that came on screen and lower those that left).
///
/// ```swift
/// let priority = priorities.start(token, at: .high)      // hand it to the load's ImageRequest
/// priorities.change(token, to: .normal)                  // the cell left the screen
/// priorities.finish(token, priority)                     // the load ended
/// ```
@MainActor
public final class LoadPriorities<Key: Hashable> {
    private var byKey: [Key: RequestPriority] = [:]

    public init() {}

    /// A new priority at `level` for the load of `key`, replacing any earlier one.
    public func start(_ key: Key, at level: RequestPriority.Level) -> RequestPriority {
        let priority = RequestPriority(level)
        byKey[key] = priority
        return priority
    }

    /// Moves the load of `key`, if one runs, to `level`.
    public func change(_ key: Key, to level: RequestPriority.Level) {
        byKey[key]?.level = level
    }

    /// The load of `key` ended with `priority`; a newer load's priority stays.
    public func finish(_ key: Key, _ priority: RequestPriority) {
        if byKey[key] === priority { byKey[key] = nil }
    }

    /// The load of `key` was cancelled.
    public func forget(_ key: Key) {
        byKey[key] = nil
    }
}
