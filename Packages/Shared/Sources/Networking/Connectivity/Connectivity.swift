import Foundation
import Locking

/// Whether the machine can reach the network, as the client experiences it.
///
/// Fed by ``HTTPClient`` results (a connectivity failure says offline, any answer from a server says
/// online) and, optionally, by a cheap probe that runs only while offline, backing off while the
/// network stays down, so the state clears by itself when it comes back and costs nothing meanwhile.
///
/// ```swift
/// let connectivity = Connectivity(probe: .tcp(host: "example.com", port: 443))
/// connectivity.startProbing(interval: .seconds(5))
/// for await online in connectivity.updates() { banner.isVisible = !online }
/// ```
public final class Connectivity: Sendable {
    /// A cheap check that says whether the network is reachable.
    public struct Probe: Sendable {
        let check: @Sendable () async -> Bool

        /// A custom check (tests use this).
        public init(_ check: @escaping @Sendable () async -> Bool) {
            self.check = check
        }

        /// Succeeds when a TCP connect to `host:port` gets an answer within `timeout`: the host accepts,
        /// or refuses (the network carried the refusal, so it is up; the server is what is missing).
        /// Fails when there is no route, the name does not resolve, or nothing answers in time.
        public static func tcp(host: String, port: Int, timeout: Duration = .seconds(2)) -> Probe {
            Probe { await TCPProbe.outcome(host: host, port: port, timeout: timeout).networkIsUp }
        }

        /// The same for the host and port `url` would be loaded from (its own port, else the
        /// scheme's: 443 for https, 80 for http); nil for a URL with no host.
        public static func tcp(reaching url: URL, timeout: Duration = .seconds(2)) -> Probe? {
            address(of: url).map { .tcp(host: $0.host, port: $0.port, timeout: timeout) }
        }

        /// The host and port `url` is loaded from: its own port, else its scheme's.
        package static func address(of url: URL) -> (host: String, port: Int)? {
            guard let host = url.host else { return nil }
            return (host, url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80))
        }
    }

    private struct State {
        var isOnline: Bool
        var subscribers: [UInt64: AsyncStream<Bool>.Continuation] = [:]
        var nextSubscriber: UInt64 = 0
        var probing: Task<Void, Never>?
    }

    private let state: LockedValue<State>
    private let probe: Probe?

    /// - Parameters:
    ///   - initiallyOnline: the state before anything is known.
    ///   - probe: what ``startProbing(interval:)`` and ``probeNow()`` run.
    public init(initiallyOnline: Bool = true, probe: Probe? = nil) {
        state = LockedValue(State(isOnline: initiallyOnline))
        self.probe = probe
    }

    deinit {
        state.withLock { state in
            state.probing?.cancel()
            for continuation in state.subscribers.values { continuation.finish() }
        }
    }

    /// The current state.
    public var isOnline: Bool { state.withLock { $0.isOnline } }

    /// The current state first, then every change, until the subscriber stops iterating.
    public func updates() -> AsyncStream<Bool> {
        let (stream, continuation) = AsyncStream.makeStream(of: Bool.self, bufferingPolicy: .bufferingNewest(8))
        let id = state.withLock { state -> UInt64 in
            state.nextSubscriber += 1
            state.subscribers[state.nextSubscriber] = continuation
            continuation.yield(state.isOnline)
            return state.nextSubscriber
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Records what a load found: `true` when a server answered, `false` when the host could not be reached.
    public func record(reachable: Bool) {
        state.withLock { state in
            guard state.isOnline != reachable else { return }
            state.isOnline = reachable
            for continuation in state.subscribers.values { continuation.yield(reachable) }
        }
    }

    /// Runs the probe once and records its verdict; false when there is no probe.
    @discardableResult
    public func probeNow() async -> Bool {
        guard let probe else { return false }
        let reachable = await probe.check()
        record(reachable: reachable)
        return reachable
    }

    /// Probes while offline, first after `interval`, then backing off (doubling up to `maxInterval`,
    /// eight intervals by default) while the network stays down; never while online, where the
    /// client's own results say so and no timer runs at all.
    public func startProbing(interval: Duration) {
        startProbing(interval: interval, maxInterval: interval * 8)
    }

    /// Probes while offline, first after `interval`, then doubling the wait up to `maxInterval`.
    public func startProbing(interval: Duration, maxInterval: Duration) {
        startProbing(interval: interval, maxInterval: maxInterval, sleep: { try await Task.sleep(for: $0) })
    }

    /// The same, waiting between probes with `sleep` (tests drive it with a manual clock).
    package func startProbing(
        interval: Duration, maxInterval: Duration, sleep: @escaping @Sendable (Duration) async throws -> Void
    ) {
        guard probe != nil else { return }
        let cap = maxInterval
        let task = Task { [weak self] in
            while !Task.isCancelled {
                // Online: sleep on the stream until the first "offline" (it ends if self goes away).
                guard let updates = self?.updates() else { return }
                for await online in updates where !online { break }
                var failures = 0
                while !Task.isCancelled {
                    try? await sleep(Self.probeDelay(afterFailures: failures, interval: interval, maxInterval: cap))
                    guard let self, !Task.isCancelled, !self.isOnline else { break }
                    if await self.probeNow() { break }
                    failures += 1
                }
            }
        }
        let previous = state.withLock { state -> Task<Void, Never>? in
            defer { state.probing = task }
            return state.probing
        }
        previous?.cancel()
    }

    /// How long the probe waits after `failures` failed probes in a row: `interval`, doubled per
    /// failure, never more than `maxInterval` (nor less than `interval`).
    package static func probeDelay(afterFailures failures: Int, interval: Duration, maxInterval: Duration) -> Duration {
        let cap = max(interval, maxInterval)
        var delay = interval
        for _ in 0..<max(0, failures) {
            delay = delay * 2
            if delay >= cap { return cap }
        }
        return delay
    }

    /// Stops the probe started by ``startProbing(interval:)``.
    public func stopProbing() {
        let task = state.withLock { state -> Task<Void, Never>? in
            defer { state.probing = nil }
            return state.probing
        }
        task?.cancel()
    }
}
