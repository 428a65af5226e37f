import Locking
import Testing

/// A clock that moves only when a test says so: sleepers wake when ``advance(by:)`` passes their
/// deadline, so timers, backoffs and animation frames are driven, never waited for.
///
/// ```swift
/// let clock = ManualClock()
/// let store = TestStore(GalleryStore(state: state, loader: loader, clock: clock))
/// clock.advance(by: .milliseconds(16))   // the next animation frame is due
/// await store.receive(.tick(now: .milliseconds(16))) { … }
/// ```
public final class ManualClock: Clock, Sendable {
    /// A moment on this clock: how far it has been advanced.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        public var offset: Duration

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
        public var description: String { "\(offset)" }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Timeline {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID = 0
        var cancelled: Set<Int> = []
        var watchers: [(count: Int, wait: OnceWait)] = []

        /// The watchers whose count of sleepers is reached, taken out of the list.
        mutating func satisfiedWatchers() -> [OnceWait] {
            let count = sleepers.count
            let ready = watchers.filter { $0.count <= count }.map(\.wait)
            watchers.removeAll { $0.count <= count }
            return ready
        }
    }

    private let timeline = LockedValue(Timeline())

    public init() {}

    public var now: Instant { timeline.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    /// How many sleepers are waiting for the clock to move.
    public var sleeperCount: Int { timeline.withLock { $0.sleepers.count } }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = timeline.withLock { timeline in
            timeline.nextID += 1
            return timeline.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (resumeNow, ready) = timeline.withLock { timeline -> (Result<Void, any Error>?, [OnceWait]) in
                    if timeline.cancelled.remove(id) != nil { return (.failure(CancellationError()), []) }
                    if deadline <= timeline.now { return (.success(()), []) }
                    timeline.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return (nil, timeline.satisfiedWatchers())
                }
                for watcher in ready { watcher.end(true) }
                if let resumeNow { continuation.resume(with: resumeNow) }
            }
        } onCancel: {
            let sleeper: Sleeper? = timeline.withLock { timeline in
                guard let index = timeline.sleepers.firstIndex(where: { $0.id == id }) else {
                    timeline.cancelled.insert(id)
                    return nil
                }
                return timeline.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Returns once at least `count` sleepers wait for the clock: the moment to advance it.
    /// Records a failure if none comes before the test's deadline.
    public func waitForSleepers(_ count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) async {
        let arrived = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let wait = OnceWait(continuation)
            let ready = timeline.withLock { timeline -> Bool in
                if timeline.sleepers.count >= count { return true }
                timeline.watchers.append((count, wait))
                return false
            }
            if ready { wait.end(true) } else { wait.guardDeadline(.testDeadline) }
        }
        if !arrived { Issue.record("no \(count) sleeper(s) came to the clock", sourceLocation: sourceLocation) }
    }

    /// Moves the clock on by `duration` and wakes, in deadline order, every sleeper now due.
    public func advance(by duration: Duration) {
        let due: [Sleeper] = timeline.withLock { timeline in
            timeline.now = timeline.now.advanced(by: duration)
            let now = timeline.now
            let due = timeline.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            timeline.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
