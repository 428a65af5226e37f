import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Locking
import Logging
import NIOCore
import ServiceLifecycle

/// An embedded HTTP server on 127.0.0.1 for `--demo` modes and networked tests.
///
/// Routes and faults can change at any time, also while it runs; ``stats`` tells what it saw, so
/// tests can prove connection reuse, coalescing and concurrency limits from the server's side.
///
/// ```swift
/// let server = DemoServer()
/// server.route("/img/*", .bytes(jpeg, contentType: "image/jpeg"))
/// server.setFaults([.delayHeaders(.seconds(2))], for: "/img/slow.jpg")
/// let base = try await server.start()      // http://127.0.0.1:41234
/// defer { Task { await server.stop() } }
/// ```
public final class DemoServer: Sendable {
    /// Why the server could not start.
    public enum StartError: Error, Sendable, CustomStringConvertible {
        /// Another program already listens on the port asked for.
        case portInUse(host: String, port: Int)
        /// Binding or running failed before the server was listening.
        case failed(String)

        public var description: String {
            switch self {
            case .portInUse(let host, let port): "\(host):\(port) is already in use"
            case .failed(let reason): "demo server did not start: \(reason)"
            }
        }
    }

    private let core: ServerCore
    private let host: String
    private let port: Int

    /// - Parameters:
    ///   - host: the address to listen on; keep the default loopback.
    ///   - port: 0 lets the OS choose a free port (read it from ``start()`` or ``baseURL``).
    ///   - latency: added before every response head.
    public init(host: String = "127.0.0.1", port: Int = 0, latency: Duration = .zero) {
        self.host = host
        self.port = port
        self.core = ServerCore(latency: latency)
    }

    deinit {
        core.cancelRun()
    }

    /// Starts listening and returns the base URL, such as `http://127.0.0.1:41234`. Starting a running
    /// server returns its URL; a stopped server can start again (on a new port if port was 0).
    public func start() async throws -> URL {
        try await core.start(host: host, port: port)
    }

    /// Closes every connection and stops listening. Safe to call twice, concurrently, or before start.
    public func stop() async {
        await core.stop(finishingRequests: false)
    }

    /// Stops listening, lets every request already received finish its answer (a server's graceful
    /// shutdown, as on SIGTERM), closes the idle connections, and returns when all are closed.
    public func stopFinishingRequests() async {
        await core.stop(finishingRequests: true)
    }

    /// Runs `body` while the server runs, then stops it, whether `body` returned or threw: the
    /// server lives exactly as long as the test that started it, as Hummingbird's `app.test`.
    ///
    /// ```swift
    /// let server = DemoServer()
    /// let base = try await server.start()
    /// try await server.whileRunning {
    ///     #expect(try await client.data(from: base.appendingPathComponent("img/1.jpg")).body.count > 0)
    /// }
    /// ```
    public func whileRunning<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async rethrows -> T {
        do {
            let result = try await body()
            await stop()
            return result
        } catch {
            await stop()
            throw error
        }
    }

    /// Starts the server, runs `body` with its base URL, and stops it whether `body` returned or
    /// threw: a test's server lives exactly as long as its closure, as Hummingbird's `app.test`.
    ///
    /// ```swift
    /// let server = DemoServer()
    /// server.route("/img/*", .bytes(jpeg, contentType: "image/jpeg"))
    /// try await server.run { base in
    ///     #expect(try await client.data(from: base.appendingPathComponent("img/1.jpg")).body.count > 0)
    /// }
    /// ```
    public func run<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: (URL) async throws -> T
    ) async throws -> T {
        let base = try await start()
        return try await whileRunning { try await body(base) }
    }

    /// The base URL while running.
    public var baseURL: URL? { core.baseURL }

    /// The URL of `path` on this server while running.
    public func url(_ path: String) -> URL? {
        baseURL.flatMap { URL(string: path.hasPrefix("/") ? path : "/" + path, relativeTo: $0)?.absoluteURL }
    }

    /// Answers `path` (exact, or a prefix ending in `*` such as `/img/*`) with fixed bytes.
    public func route(_ path: String, _ response: DemoResponse) {
        let handler = RouteTable.Handler.fixed(response, RouteTable.BodyTag(of: response.body))
        core.state.withLock { $0.routes.set(handler, for: path) }
    }

    /// Answers `path` with whatever `handler` returns for each request.
    public func route(_ path: String, handler: @escaping @Sendable (DemoRequest) async -> DemoResponse) {
        core.state.withLock { $0.routes.set(.dynamic(handler), for: path) }
    }

    /// Removes the route for exactly this pattern.
    public func removeRoute(_ path: String) {
        core.state.withLock { $0.routes.set(nil, for: path) }
    }

    /// Applies `faults` to requests matching `path` (same matching as routes); an empty list clears them.
    /// - Parameter times: only the next `times` requests get the faults; nil means every request.
    public func setFaults(_ faults: [DemoFault], for path: String, times: Int? = nil) {
        let plan = faults.isEmpty ? nil : RouteTable.FaultPlan(faults: faults, remaining: times)
        core.state.withLock { $0.routes.setFaults(plan, for: path) }
    }

    /// The most bytes of a request body a route is handed; a longer body is not read, and the
    /// route sees ``DemoRequest/bodyExceedsLimit``. One mebibyte unless set.
    public var requestBodyLimit: Int {
        get { core.state.withLock { $0.requestBodyLimit } }
        set { core.state.withLock { $0.requestBodyLimit = max(0, newValue) } }
    }

    /// Tells `observer` of every request from now on (one observer; a second replaces the first).
    public func observe(with observer: any DemoServerObserving) {
        core.state.withLock { $0.observer = observer }
    }

    /// The delay added before every response head.
    public var latency: Duration {
        get { core.state.withLock { $0.latency } }
        set { core.state.withLock { $0.latency = newValue } }
    }

    /// What the server saw so far.
    public var stats: Stats { core.state.withLock { $0.stats } }

    /// Returns once `condition` holds for ``stats``: at once if it already does, else as soon as a
    /// change makes it hold (no polling). False if `timeout` passes first, so a test that waits
    /// for something that never happens fails instead of hanging.
    ///
    /// ```swift
    /// #expect(await server.waitForStats { $0.activeRequests == 1 })
    /// ```
    public func waitForStats(
        timeout: Duration = .seconds(20), _ condition: @escaping @Sendable (Stats) -> Bool
    ) async -> Bool {
        await core.waitForStats(timeout: timeout, condition)
    }

    /// Zeroes the counters (open connections and active requests keep their true values).
    public func resetStats() {
        core.update { state in
            var fresh = Stats()
            fresh.openConnections = state.stats.openConnections
            fresh.activeRequests = state.stats.activeRequests
            fresh.maxConcurrentRequests = state.stats.activeRequests
            state.stats = fresh
        }
    }
}

/// The server's shared state and its lifecycle; the running application holds this, not the
/// ``DemoServer``, so dropping a server that was never stopped still shuts it down.
final class ServerCore: Sendable {
    enum Lifecycle {
        case idle
        case running(task: Task<Void, Never>, group: ServiceGroup, url: URL)
        case stopping(task: Task<Void, Never>)
    }

    struct State {
        var routes = RouteTable()
        var latency: Duration
        var requestBodyLimit = 1 << 20
        var observer: (any DemoServerObserving)?
        var stats = DemoServer.Stats() {
            didSet { statsChanged = true }
        }
        /// Set by every change of ``stats``; ``ServerCore/update(_:)`` wakes the watchers then.
        var statsChanged = false
        var statsWatchers: [StatsWatcher] = []
        var channels: [ObjectIdentifier: any Channel] = [:]
        var lifecycle = Lifecycle.idle
    }

    let state: LockedValue<State>

    /// Changes the state, then wakes every stats watcher whose condition now holds.
    @discardableResult
    func update<T>(_ change: (inout State) -> T) -> T {
        let (result, ready) = state.withLock { state -> (T, [StatsWatcher]) in
            state.statsChanged = false
            let result = change(&state)
            guard state.statsChanged, !state.statsWatchers.isEmpty else { return (result, []) }
            let stats = state.stats
            // A wait past its deadline has ended already: it goes too.
            let (ready, waiting) = state.statsWatchers.reduce(into: ([StatsWatcher](), [StatsWatcher]())) { split, watcher in
                if watcher.wait.hasEnded { return }
                if watcher.condition(stats) { split.0.append(watcher) } else { split.1.append(watcher) }
            }
            state.statsWatchers = waiting
            return (result, ready)
        }
        for watcher in ready { watcher.wait.end(true) }
        return result
    }

    /// Returns once `condition` holds for the stats, or false after `timeout`.
    func waitForStats(timeout: Duration, _ condition: @escaping @Sendable (DemoServer.Stats) -> Bool) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let wait = OnceWait(continuation)
            let holds = state.withLock { state -> Bool in
                if condition(state.stats) { return true }
                state.statsWatchers.append(StatsWatcher(condition: condition, wait: wait))
                return false
            }
            if holds { return wait.end(true) }
            wait.guardDeadline(timeout)
        }
    }

    /// Serialises start and stop so that concurrent calls see a consistent lifecycle.
    private let lifecycleLock = AsyncLock()

    init(latency: Duration) {
        state = LockedValue(State(latency: latency))
    }

    var baseURL: URL? {
        state.withLock { state in
            if case .running(_, _, let url) = state.lifecycle { return url }
            return nil
        }
    }

    func start(host: String, port: Int) async throws -> URL {
        try await lifecycleLock.withLock {
            if let url = baseURL { return url }
            var logger = Logger(label: "workbench.demo-server")
            // Cancelling the run on stop makes Hummingbird log a CancellationError at error level: expected.
            logger.logLevel = .critical
            let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
            let failure = LockedValue<DemoServer.StartError?>(nil)
            let app = Application(
                responder: DemoResponder(core: self),
                server: .http1(configuration: .init(additionalChannelHandlers: [
                    ContinueHandler { [weak self] in self?.state.withLock { $0.requestBodyLimit } ?? 0 },
                ])),
                configuration: ApplicationConfiguration(
                    address: .hostname(host, port: port),
                    serverName: "DemoServer",
                    availableConnectionsDelegate: ConnectionCounter(core: self)
                ),
                onServerRunning: { channel in
                    portSink.yield(channel.localAddress?.port ?? 0)
                },
                logger: logger
            )
            // Run inside a service group of our own so that stop can shut down gracefully: cancelling
            // the run instead traps in NIO when a connection was accepted but not yet served
            // ("Deinited NIOAsyncWriter without calling finish()", apple/swift-nio#3481).
            let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
            let task = Task {
                do {
                    try await group.run()
                } catch let error as IOError where error.errnoCode == EADDRINUSE {
                    failure.withLock { $0 = .portInUse(host: host, port: port) }
                } catch {
                    failure.withLock { $0 = .failed(String(describing: error)) }
                }
                portSink.finish()
            }
            var iterator = ports.makeAsyncIterator()
            guard let boundPort = await iterator.next(), boundPort > 0,
                  let url = URL(string: "http://\(host):\(boundPort)") else {
                task.cancel()
                await task.value
                throw failure.withLock { $0 } ?? DemoServer.StartError.failed("no listening port")
            }
            state.withLock { $0.lifecycle = .running(task: task, group: group, url: url) }
            return url
        }
    }

    func stop(finishingRequests: Bool) async {
        await lifecycleLock.withLock {
            let running = state.withLock { state -> (Task<Void, Never>, ServiceGroup, [any Channel])? in
                guard case .running(let task, let group, _) = state.lifecycle else { return nil }
                state.lifecycle = .stopping(task: task)
                return (task, group, Array(state.channels.values))
            }
            guard let (task, group, channels) = running else { return }
            // A demo's stalled and throttled answers end when their connection closes; the graceful
            // shutdown then closes the listener, serves what was already accepted and closes idle
            // connections. A real service's answers in flight are left to finish.
            if !finishingRequests {
                for channel in channels { channel.close(promise: nil) }
            }
            await group.triggerGracefulShutdown()
            // A response that never ends must not hold stop forever: past the grace period, cancel.
            let grace = Task {
                try? await Task.sleep(for: Self.shutdownGrace)
                task.cancel()
            }
            await task.value
            grace.cancel()
            state.withLock { $0.lifecycle = .idle }
        }
    }

    /// How long a graceful stop may take before the run is cancelled.
    static let shutdownGrace = Duration.seconds(5)

    /// For deinit: no waiting here; the same graceful stop runs in the background.
    func cancelRun() {
        Task { await stop(finishingRequests: false) }
    }

    // MARK: - Bookkeeping

    func connectionOpened() {
        update { state in
            state.stats.connectionsAccepted += 1
            state.stats.openConnections += 1
        }
    }

    func connectionClosed() {
        update { state in
            state.stats.openConnections -= 1
            state.stats.connectionsClosed += 1
            state.stats.lastConnectionClosedAt = ContinuousClock.now
        }
    }

    /// Remembers `channel` until it closes, so ``stop()`` can close it.
    func track(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        let isNew = state.withLock { state -> Bool in
            guard state.channels[id] == nil else { return false }
            state.channels[id] = channel
            return true
        }
        guard isNew else { return }
        channel.closeFuture.whenComplete { [weak self] _ in
            _ = self?.state.withLock { $0.channels.removeValue(forKey: id) }
        }
    }

    /// What a request just received is answered with, all read under one lock.
    struct Plan {
        var handler: RouteTable.Handler?
        var faults: [DemoFault]
        var latency: Duration
        var bodyLimit: Int
        var observer: (any DemoServerObserving)?
    }

    func requestStarted(path: String) -> Plan {
        update { state in
            state.stats.requestsServed += 1
            state.stats.requestsByPath[path, default: 0] += 1
            state.stats.activeRequests += 1
            state.stats.maxConcurrentRequests = max(state.stats.maxConcurrentRequests, state.stats.activeRequests)
            return Plan(handler: state.routes.handler(for: path), faults: state.routes.takeFaults(for: path),
                        latency: state.latency, bodyLimit: state.requestBodyLimit, observer: state.observer)
        }
    }

    func answered(_ outcome: HTTPSemantics.Outcome) {
        update { state in
            if outcome.wasConditional { state.stats.conditionalRequests += 1 }
            if outcome.notModified { state.stats.notModifiedResponses += 1 }
            if outcome.askedForRange { state.stats.rangeRequests += 1 }
            if outcome.partial { state.stats.partialResponses += 1 }
        }
    }

    func requestEnded() {
        update { $0.stats.activeRequests -= 1 }
    }

    func sent(_ count: Int, path: String) {
        update { state in
            state.stats.bytesSent += count
            state.stats.bytesSentByPath[path, default: 0] += count
        }
    }
}

/// Counts accepted and closed TCP connections for ``DemoServer/Stats``.
private struct ConnectionCounter: AvailableConnectionsDelegate {
    let core: ServerCore

    mutating func connectionOpened() { core.connectionOpened() }
    mutating func connectionClosed() { core.connectionClosed() }
    func isAcceptingNewConnections() -> Bool { true }
}

/// A wait for the server's stats to reach a condition.
struct StatsWatcher: Sendable {
    let condition: @Sendable (DemoServer.Stats) -> Bool
    let wait: OnceWait
}
