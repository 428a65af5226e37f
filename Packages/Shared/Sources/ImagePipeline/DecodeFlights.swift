import Locking

/// Decodes that are running, by the key of what they make: a second request for the same picture
/// at the same size waits for the first one's bitmap instead of decoding the same bytes again.
///
/// The decode is short synchronous work: it runs to its end whoever is cancelled meanwhile, and a
/// waiter waits for it rather than leave early; the result reaches the memory cache either way.
final class DecodeFlights<Key: Hashable & Sendable, Value: Sendable, Failure: Error>: Sendable {
    private typealias Waiter = CheckedContinuation<Result<Value, Failure>, Never>

    private let flights = LockedValue<[Key: [Waiter]]>([:])

    /// Runs `work` for `key` unless a run for `key` is under way, in which case its result is shared.
    func run(_ key: Key, _ work: () -> Result<Value, Failure>) async -> Result<Value, Failure> {
        let leads = flights.withLock { flights -> Bool in
            guard flights[key] == nil else { return false }
            flights[key] = []
            return true
        }
        guard leads else {
            return await withCheckedContinuation { (waiter: Waiter) in
                let joined = flights.withLock { flights -> Bool in
                    guard flights[key] != nil else { return false }
                    flights[key]?.append(waiter)
                    return true
                }
                // The run ended between the two looks: run again rather than wait for nothing.
                if !joined { waiter.resume(returning: work()) }
            }
        }
        let result = work()
        let waiters = flights.withLock { $0.removeValue(forKey: key) ?? [] }
        for waiter in waiters { waiter.resume(returning: result) }
        return result
    }

    /// Number of keys being decoded now.
    var count: Int { flights.withLock { $0.count } }
}
