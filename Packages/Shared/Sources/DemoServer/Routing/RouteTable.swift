import Foundation
import Locking
import Synchronization

/// Routes and faults by path: exact paths first, then the longest prefix pattern (`/img/*`).
struct RouteTable: Sendable {
    enum Handler: Sendable {
        /// The same answer to every request, with the entity tag of its body.
        case fixed(DemoResponse, BodyTag)
        case dynamic(@Sendable (DemoRequest) async -> DemoResponse)
    }

    /// A fixed answer's entity tag, made at the route's first request and kept: hashing the bytes
    /// for each request cost the server more CPU than sending them, and hashing them when the
    /// route is set would cost a demo's start every picture, asked for or not.
    final class BodyTag: Sendable {
        private let body: Data
        private let made = LockedValue<String?>(nil)

        init(of body: Data) { self.body = body }

        var value: String {
            if let tag = made.withLock({ $0 }) { return tag }
            let tag = HTTPSemantics.etag(of: body)
            made.withLock { $0 = tag }
            return tag
        }
    }

    struct FaultPlan: Sendable {
        var faults: [DemoFault]
        /// How many more requests get the faults; nil for all of them.
        var remaining: Int?
    }

    private var routes: [String: Handler] = [:]
    private var faults: [String: FaultPlan] = [:]

    mutating func set(_ handler: Handler?, for pattern: String) { routes[pattern] = handler }

    mutating func setFaults(_ plan: FaultPlan?, for pattern: String) { faults[pattern] = plan }

    func handler(for path: String) -> Handler? {
        Self.match(path, in: routes)
    }

    /// The faults for `path`, counting one use against a limited plan.
    mutating func takeFaults(for path: String) -> [DemoFault] {
        guard let key = Self.matchingKey(path, in: faults), var plan = faults[key] else { return [] }
        if let remaining = plan.remaining {
            plan.remaining = remaining - 1
            faults[key] = remaining - 1 > 0 ? plan : nil
        }
        return plan.faults
    }

    private static func match<Value>(_ path: String, in table: [String: Value]) -> Value? {
        matchingKey(path, in: table).flatMap { table[$0] }
    }

    private static func matchingKey<Value>(_ path: String, in table: [String: Value]) -> String? {
        if table[path] != nil { return path }
        return table.keys
            .filter { $0.hasSuffix("*") && path.hasPrefix($0.dropLast()) }
            .max { $0.count < $1.count }
    }
}
