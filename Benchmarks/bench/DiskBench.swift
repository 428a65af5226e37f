// The `disk` row: DiskCache put+get against plain file write+read of the same bytes; the
// `disk-read` row: verified warm reads alone against plain reads of the same files; the
// `disk-check` row: the integrity check of those reads alone (XXH64 of every payload) against the
// same plain reads, which issue 10 asks to cost no more than reading the file.
import Caching
import Foundation

let diskScenarios: [Scenario] = [
    Scenario(name: "disk") { try await DiskBench.run() },
    Scenario(name: "disk-read") { try DiskBench.runReads() },
]

enum DiskBench {
    static let entryCount = 2_000
    static let entrySize = 100 * 1024
    static let target = 0.5

    static func run() async throws -> [Row] {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("bench-disk-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let payloads = (0..<entryCount).map { index in
            var data = Data(repeating: UInt8(truncatingIfNeeded: index), count: entrySize)
            data.withUnsafeMutableBytes { bytes in
                for offset in stride(from: 0, to: bytes.count, by: 64) {
                    bytes[offset] = UInt8(truncatingIfNeeded: offset &* 7 &+ index)
                }
            }
            return data
        }
        let keys = (0..<entryCount).map { "https://bench.example/photos/\($0).jpg?size=large" }

        // Best of two alternating rounds each, so a burst of writeback hits both sides alike.
        var plainBest = Double.infinity
        var cacheBest = Double.infinity
        for round in 0..<2 {
            plainBest = min(plainBest, try plain(payloads, in: root.appendingPathComponent("plain\(round)")))
            cacheBest = min(cacheBest, try cached(payloads, keys: keys, in: root.appendingPathComponent("cache\(round)")))
        }

        let megabytes = Double(entryCount * entrySize * 2) / 1_048_576  // written + read
        let plainRate = megabytes / plainBest
        let cacheRate = megabytes / cacheBest
        let ratio = cacheRate / plainRate
        return [Row(
            scenario: "disk",
            figure: String(format: "DiskCache %.0f MB/s (%@, %.2fx)", cacheRate, format(cacheBest), ratio),
            reference: String(format: "plain files %.0f MB/s (%@)", plainRate, format(plainBest)),
            target: String(format: ">= %.1fx plain throughput", target),
            met: ratio >= target
        )]
    }

    static let readTarget = 2.0

    /// Warm reads: every entry read back through the cache (index lookup, header, checksum) against
    /// reading the same bytes from plain files; both from the page cache, best of five rounds each.
    static func runReads() throws -> [Row] {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("bench-disk-read-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let count = entryCount / 4
        let payloads = (0..<count).map { index in
            Data((0..<entrySize).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) })
        }
        let keys = (0..<count).map { "https://bench.example/photos/\($0).jpg?size=large" }
        let plainDirectory = root.appendingPathComponent("plain")
        try FileManager.default.createDirectory(at: plainDirectory, withIntermediateDirectories: true)
        let urls = payloads.indices.map { plainDirectory.appendingPathComponent("\($0)") }
        for (data, url) in zip(payloads, urls) { try data.write(to: url) }
        do {
            let cache = try DiskCache(directory: root.appendingPathComponent("cache"), sizeLimit: 1 << 30)
            for (data, key) in zip(payloads, keys) { try cache.store(data, forKey: key) }
        }
        let cache = try DiskCache(directory: root.appendingPathComponent("cache"), sizeLimit: 1 << 30)
        let clock = ContinuousClock()
        var plainBest = Double.infinity
        var cacheBest = Double.infinity
        var checkBest = Double.infinity
        var checksums: UInt64 = 0
        for _ in 0..<5 {
            var read = 0
            var start = clock.now
            for url in urls { read += try Data(contentsOf: url).count }
            plainBest = min(plainBest, seconds(clock.now - start))
            start = clock.now
            for key in keys { read += cache.data(forKey: key)?.count ?? 0 }
            cacheBest = min(cacheBest, seconds(clock.now - start))
            start = clock.now
            for payload in payloads { checksums &+= XXHash64.digest(of: payload) }
            checkBest = min(checkBest, seconds(clock.now - start))
            guard read == 2 * count * entrySize else { throw BenchError.shortRead(read) }
        }
        let megabytes = Double(count * entrySize) / 1_048_576
        let ratio = cacheBest / plainBest
        return [Row(
            scenario: "disk-read",
            figure: String(format: "verified %.0f MB/s (%@, %.2fx)", megabytes / cacheBest, format(cacheBest), ratio),
            reference: String(format: "plain read %.0f MB/s (%@)", megabytes / plainBest, format(plainBest)),
            target: String(format: "<= %.1fx plain read time", readTarget),
            met: ratio <= readTarget
        ), Row(
            scenario: "disk-check",
            figure: String(format: "XXH64 %.0f MB/s (%@, %.2fx)", megabytes / checkBest, format(checkBest), checkBest / plainBest),
            reference: String(format: "plain read %.0f MB/s (%@)", megabytes / plainBest, format(plainBest)),
            target: "<= 1.0x plain read time",
            met: checksums != 0 && checkBest <= plainBest
        )]
    }

    /// Writes every payload to its own file, then reads them all back.
    private static func plain(_ payloads: [Data], in directory: URL) throws -> Double {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let urls = payloads.indices.map { directory.appendingPathComponent("\($0)") }
        let clock = ContinuousClock()
        let start = clock.now
        for (data, url) in zip(payloads, urls) { try data.write(to: url) }
        var read = 0
        for url in urls { read += try Data(contentsOf: url).count }
        let elapsed = clock.now - start
        guard read == payloads.count * entrySize else { throw BenchError.shortRead(read) }
        return seconds(elapsed)
    }

    /// Stores every payload in a fresh DiskCache, then reads them all back (checksums verified).
    private static func cached(_ payloads: [Data], keys: [String], in directory: URL) throws -> Double {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try DiskCache(directory: directory, sizeLimit: 1 << 30)
        let clock = ContinuousClock()
        let start = clock.now
        for (data, key) in zip(payloads, keys) { try cache.store(data, forKey: key) }
        var read = 0
        for key in keys { read += cache.data(forKey: key)?.count ?? 0 }
        let elapsed = clock.now - start
        guard read == payloads.count * entrySize else { throw BenchError.shortRead(read) }
        return seconds(elapsed)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    enum BenchError: Error, CustomStringConvertible {
        case shortRead(Int)
        var description: String {
            switch self {
            case .shortRead(let bytes): "read back only \(bytes) bytes"
            }
        }
    }
}
