import Foundation
import Locking

/// Encoded answers of the lookup API by their query, with their entity tags: an answer depends on
/// the query and the numbering data alone, so a number asked again is answered without the engine
/// and without JSON encoding, which a profile of `lookup serve` under load showed to be most of a
/// request's own time.
///
/// Two generations bound it: answers go into the young one; when that is full it becomes the old
/// one and the previous old one is dropped; an old answer asked again moves back to the young.
/// That keeps what is asked often, holds at most `capacity` answers, and costs O(1) a request.
package final class LookupAnswerCache: Sendable {
    /// One encoded answer.
    package struct Answer: Sendable {
        package var status: Int
        package var body: Data
        /// A strong entity tag of the body, quoted.
        package var etag: String
        /// What the lookup found, for a service's metrics: a line type's name, `unknown` for an
        /// answer with none, `refused` for a number refused.
        package var found: String
    }

    private struct Generations {
        var young: [String: Answer] = [:]
        var old: [String: Answer] = [:]
    }

    private let generations = LockedValue(Generations())
    private let half: Int

    package init(capacity: Int = 8192) {
        half = max(1, capacity / 2)
    }

    /// The answer for `key`, made by `make` (outside the lock) when it is not kept.
    package func answer(for key: String, make: () -> (status: Int, body: Data, found: String)) -> Answer {
        if let kept = lookUp(key) { return kept }
        let made = make()
        let answer = Answer(status: made.status, body: made.body, etag: Self.etag(of: made.body), found: made.found)
        generations.withLock { keep(answer, for: key, in: &$0) }
        return answer
    }

    /// How many answers are kept.
    package var count: Int { generations.withLock { $0.young.count + $0.old.count } }

    private func lookUp(_ key: String) -> Answer? {
        generations.withLock { generations in
            if let young = generations.young[key] { return young }
            guard let old = generations.old.removeValue(forKey: key) else { return nil }
            keep(old, for: key, in: &generations)
            return old
        }
    }

    private func keep(_ answer: Answer, for key: String, in generations: inout Generations) {
        if generations.young.count >= half {
            generations.old = generations.young
            generations.young = [:]
            generations.young.reserveCapacity(half)
        }
        generations.young[key] = answer
    }

    /// A strong entity tag from the bytes: FNV-1a over them, and their count.
    package static func etag(of body: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        body.withUnsafeBytes { bytes in
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        return "\"" + String(hash, radix: 16) + "-" + String(body.count, radix: 16) + "\""
    }
}
