import Foundation
import Synchronization

/// Whether the machine can reach the network, as the client experiences it.
///
/// Fed by ``HTTPClient`` results (a connectivity failure says offline, any answer from a server says
/// online) and, optionally, by a cheap probe that runs only while offline so the state clears by
/// itself when the network comes back.
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

        /// Succeeds when a TCP connection to `host:port` opens within `timeout`.
        public static func tcp(host: String, port: Int, timeout: Duration = .seconds(2)) -> Probe {
            Probe { await TCPProbe.canConnect(host: host, port: port, timeout: timeout) }
        }
    }

    private struct State {
        var isOnline: Bool
        var subscribers: [UInt64: AsyncStream<Bool>.Continuation] = [:]
        var nextSubscriber: UInt64 = 0
        var probing: Task<Void, Never>?
    }

    private let state: Mutex<State>
    private let probe: Probe?

    /// - Parameters:
    ///   - initiallyOnline: the state before anything is known.
    ///   - probe: what ``startProbing(interval:)`` and ``probeNow()`` run.
    public init(initiallyOnline: Bool = true, probe: Probe? = nil) {
        state = Mutex(State(isOnline: initiallyOnline))
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

    /// Probes every `interval` while offline (never while online: the client's own results say so).
    public func startProbing(interval: Duration) {
        guard probe != nil else { return }
        let task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard let self, !Task.isCancelled else { return }
                if !self.isOnline { await self.probeNow() }
            }
        }
        let previous = state.withLock { state -> Task<Void, Never>? in
            defer { state.probing = task }
            return state.probing
        }
        previous?.cancel()
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
