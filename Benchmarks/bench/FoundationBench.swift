// Rows for the foundation scenarios: `fetch`, `cancel`, `idle-cpu`, `connections` (networking).
// The `disk` row lives in DiskBench.swift. Each networking row measures HTTPClient on libcurl (the
// default on Linux) and prints the URLSession transport beside it: the before and after of issue 10.
import DemoServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Networking

let foundationScenarios: [Scenario] = diskScenarios + [
    Scenario(name: "fetch", run: fetchScenario),
    Scenario(name: "cancel", run: cancelScenario),
    Scenario(name: "idle-cpu", run: idleCPUScenario),
    Scenario(name: "connections", run: connectionsScenario),
]

/// 6 × 300 KB with 100 ms added latency: HTTPClient against `curl --parallel` of the same URLs,
/// with the URLSession transport beside them.
@Sendable private func fetchScenario() async throws -> [Row] {
    let server = DemoServer(latency: .milliseconds(100))
    let payload = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    server.route("/f/*", .bytes(payload))
    let base = try await server.start()
    defer { Task { await server.stop() } }
    let urls = (0..<6).map { base.appendingPathComponent("f/\($0).bin") }

    var ours: [Double] = []
    var session: [Double] = []
    var theirs: [Double] = []
    for _ in 0..<7 {
        ours.append(try await timeFetch(urls, size: payload.count, transport: .curl))
        session.append(try await timeFetch(urls, size: payload.count, transport: .urlSession))
        let arguments = ["--parallel", "--parallel-immediate", "--parallel-max", "6", "-s", "--fail"]
            + urls.flatMap { ["-o", "/dev/null", $0.absoluteString] }
        guard let curl = try timeExternal("curl", arguments) else {
            return [Row(scenario: "fetch", figure: "HTTPClient \(format(median(ours)))",
                        reference: "curl not installed", target: "<= 1.05x curl", met: nil)]
        }
        theirs.append(curl)
    }
    let ratio = median(ours) / median(theirs)
    let sessionRatio = median(session) / median(theirs)
    return [Row(
        scenario: "fetch",
        figure: "HTTPClient \(format(median(ours))) (\(String(format: "%.2f", ratio))x)",
        reference: "curl --parallel \(format(median(theirs))); urlsession \(format(median(session)))"
            + " (\(String(format: "%.2f", sessionRatio))x)",
        target: "<= 1.05x curl",
        met: ratio <= 1.05
    )]
}

/// Wall time of the six loads through a fresh client (it opens its connections, like curl does).
private func timeFetch(_ urls: [URL], size: Int, transport: HTTPClient.Transport) async throws -> Double {
    let client = HTTPClient(configuration: .init(transport: transport))
    defer { client.invalidate() }
    let (seconds, bytes) = try await measure {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for url in urls { group.addTask { try await client.data(from: url).body.count } }
            return try await group.reduce(0, +)
        }
    }
    guard bytes == urls.count * size else { throw BenchError.wrongSize(bytes) }
    return seconds
}

/// 20 throttled downloads of 1 MB at 500 KB/s; 15 cancelled after 50 ms. Bytes the server sent
/// for the cancelled ones, measured 500 ms after the cancel, against their full size.
@Sendable private func cancelScenario() async throws -> [Row] {
    let size = 1_000_000
    let server = DemoServer()
    server.route("/c/*", .bytes(Data(count: size)))
    server.setFaults([.throttle(bytesPerSecond: 500_000)], for: "/c/*")
    let base = try await server.start()
    defer { Task { await server.stop() } }
    let client = HTTPClient(configuration: .init(maxConcurrentRequests: 20))
    defer { client.invalidate() }

    let loads = (0..<20).map { index in
        Task { try await client.data(from: base.appendingPathComponent("c/\(index)")).body.count }
    }
    try await Task.sleep(for: .milliseconds(50))
    for load in loads.prefix(15) { load.cancel() }
    try await Task.sleep(for: .milliseconds(500))
    let sent = server.stats.bytesSentByPath
    let cancelledBytes = (0..<15).reduce(0) { $0 + (sent["/c/\($1)"] ?? 0) }
    var completed = 0
    for load in loads.suffix(5) { if (try? await load.value) == size { completed += 1 } }
    let share = Double(cancelledBytes) / Double(15 * size)
    return [Row(
        scenario: "cancel",
        figure: String(format: "%.1f%% moved (%d KB)", share * 100, cancelledBytes / 1000),
        reference: "15 × \(size / 1000) KB; \(completed)/5 others done",
        target: "< 10% of their size",
        met: share < 0.10 && completed == 5
    )]
}

/// CPU seconds used while 6 requests wait 5 s on a server that has not answered, through HTTPClient
/// (libcurl), beside `curl` waiting on the same six and a bare URLSession doing the same in this run.
///
/// Measured here: FoundationNetworking keeps a dispatch source firing for each waiting transfer
/// (libcurl is re-polled thousands of times a second), so six bare URLSession requests burn about a
/// core while they wait. HTTPClient's own multi handle sleeps in `curl_multi_poll` instead.
@Sendable private func idleCPUScenario() async throws -> [Row] {
    let server = DemoServer()
    server.route("/w/*", .text("late"))
    server.setFaults([.delayHeaders(.seconds(60))], for: "/w/*")
    let base = try await server.start()
    defer { Task { await server.stop() } }

    let (ours, waiting) = try await idleCPU(through: .curl, server: server, base: base, prefix: "w/curl")
    let (viaSession, _) = try await idleCPU(through: .urlSession, server: server, base: base, prefix: "w/us")

    let session = URLSession(configuration: .ephemeral)
    let tasks = (0..<6).map { index in session.dataTask(with: base.appendingPathComponent("w/bare\(index)")) }
    for task in tasks { task.resume() }
    let (bare, _) = try await cpuWhileWaiting(server: server, expected: 6)
    session.invalidateAndCancel()
    try await drain(server)

    let arguments = ["--parallel", "--parallel-max", "6", "-s", "--max-time", "5"]
        + (0..<6).flatMap { ["-o", "/dev/null", base.appendingPathComponent("w/cli\($0)").absoluteString] }
    let curl = try childCPUSeconds("curl", arguments)

    return [Row(
        scenario: "idle-cpu",
        figure: String(format: "%.3f s CPU in 5 s (%d waiting)", ours, waiting),
        reference: (curl.map { String(format: "curl %.3f s", $0) } ?? "curl not installed")
            + String(format: "; urlsession %.2f s; bare URLSession %.2f s", viaSession, bare),
        target: "< 0.05 s",
        met: ours < 0.05 && waiting == 6
    )]
}

/// CPU seconds of 5 s while six loads through a fresh client of `transport` wait on the server.
private func idleCPU(through transport: HTTPClient.Transport, server: DemoServer, base: URL,
                     prefix: String) async throws -> (Double, Int) {
    let client = HTTPClient(configuration: .init(transport: transport))
    let loads = (0..<6).map { index in
        Task { try await client.data(from: base.appendingPathComponent("\(prefix)\(index)")) }
    }
    let measured = try await cpuWhileWaiting(server: server, expected: 6)
    for load in loads { load.cancel() }
    client.invalidate()
    try await drain(server)
    return measured
}

/// Waits (up to 2 s) until the server has no request left in progress.
private func drain(_ server: DemoServer) async throws {
    let clock = ContinuousClock()
    let drainDeadline = clock.now + .seconds(2)
    while server.stats.activeRequests > 0, clock.now < drainDeadline {
        try await Task.sleep(for: .milliseconds(10))
    }
}

/// 50 sequential loads of one host through one client: how many connections the server accepted.
@Sendable private func connectionsScenario() async throws -> [Row] {
    var counts: [HTTPClient.Transport: Int] = [:]
    for transport in [HTTPClient.Transport.curl, .urlSession] {
        let server = DemoServer()
        server.route("/n/*", .bytes(Data(count: 20_000)))
        let base = try await server.start()
        let client = HTTPClient(configuration: .init(transport: transport))
        for index in 0..<50 {
            _ = try await client.data(from: base.appendingPathComponent("n/\(index)"))
        }
        client.invalidate()
        counts[transport] = server.stats.connectionsAccepted
        await server.stop()
    }
    let ours = counts[.curl] ?? -1
    return [Row(
        scenario: "connections",
        figure: "HTTPClient \(ours) connection(s) for 50",
        reference: "urlsession \(counts[.urlSession] ?? -1) for 50",
        target: "1 connection",
        met: ours == 1
    )]
}

/// Waits until `expected` requests are active on `server`, then returns the CPU seconds of the next 5 s.
private func cpuWhileWaiting(server: DemoServer, expected: Int) async throws -> (Double, Int) {
    let clock = ContinuousClock()
    let settleDeadline = clock.now + .seconds(2)
    while server.stats.activeRequests < expected, clock.now < settleDeadline {
        try await Task.sleep(for: .milliseconds(10))
    }
    let waiting = server.stats.activeRequests
    let before = processCPUSeconds()
    try await Task.sleep(for: .seconds(5))
    return (processCPUSeconds() - before, waiting)
}

private enum BenchError: Error, CustomStringConvertible {
    case wrongSize(Int)

    var description: String {
        switch self {
        case .wrongSize(let bytes): "received \(bytes) bytes"
        }
    }
}

private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}
