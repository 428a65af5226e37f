import Foundation
import Testing
@testable import Caching

/// A read is recorded only when the entry's last recorded access is older than the access
/// resolution (ten minutes by default), the way `relatime` treats a file's access time: a warm
/// start that reads what it stored moments ago leaves the index untouched.
@Suite("DiskCache recency")
struct DiskCacheRecencyTests {
    private static let tenMinutes = DiskCache.Options().accessResolution

    @Test("the default resolution is ten minutes")
    func defaultResolution() {
        #expect(Self.tenMinutes == 600_000_000)
    }

    @Test("a session that reads entries stored moments ago writes nothing to the index, not even at close")
    func warmReadsWriteNothing() throws {
        let temp = TemporaryDirectory()
        do {
            let cache = try makeCache(at: temp.cache, accessResolution: Self.tenMinutes)
            for index in 0..<6 { try cache.store(Data.sample(4_000, seed: UInt8(index)), forKey: "k\(index)") }
        }
        let index = URL(fileURLWithPath: indexPath(in: temp.cache))
        let before = try Data(contentsOf: index)
        do {
            let cache = try makeCache(at: temp.cache, accessResolution: Self.tenMinutes)
            for index in 0..<6 { #expect(cache.data(forKey: "k\(index)") == Data.sample(4_000, seed: UInt8(index))) }
        }
        #expect(try Data(contentsOf: index) == before, "the index file is byte for byte the same after the close")
        #expect(try walSize(index.path + "-wal") == 0)
    }

    @Test("within the resolution a read does not reorder eviction; the oldest store goes first")
    func readsWithinResolutionKeepOrder() throws {
        let temp = TemporaryDirectory()
        let cache = try makeCache(at: temp.cache, sizeLimit: 300, accessResolution: Self.tenMinutes)
        try cache.store(Data.sample(100, seed: 1), forKey: "a")
        try cache.store(Data.sample(100, seed: 2), forKey: "b")
        try cache.store(Data.sample(100, seed: 3), forKey: "c")
        #expect(cache.data(forKey: "a") != nil)

        try cache.store(Data.sample(100, seed: 4), forKey: "d")

        #expect(!cache.contains("a"), "a's read came within ten minutes of its store, so it is not newer than b")
        #expect(cache.contains("b") && cache.contains("c") && cache.contains("d"))
    }

    @Test("a read of an entry last touched longer ago than the resolution is recorded and saves it from eviction")
    func staleAccessIsRecorded() throws {
        let temp = TemporaryDirectory()
        let cache = try makeCache(at: temp.cache, sizeLimit: 300, accessResolution: Self.tenMinutes)
        for (seed, key) in ["a", "b", "c"].enumerated() { try cache.store(Data.sample(100, seed: UInt8(seed)), forKey: key) }
        // a and b as if stored an hour ago, a first.
        let hourAgo = Int64(Date().timeIntervalSince1970 * 1_000_000) - 3_600_000_000
        try cache.index.write { db in
            try db.execute(sql: "UPDATE entry SET lastAccess = ? WHERE key = 'a'", arguments: [hourAgo])
            try db.execute(sql: "UPDATE entry SET lastAccess = ? WHERE key = 'b'", arguments: [hourAgo + 1])
        }
        #expect(cache.data(forKey: "a") != nil)

        try cache.store(Data.sample(100, seed: 9), forKey: "d")

        #expect(cache.contains("a"), "the read an hour after the last one counts")
        #expect(!cache.contains("b"))
        let recorded = try #require(try cache.index.read { db in try IndexRow.fetch(key: "a", in: db) })
        #expect(recorded.lastAccess > hourAgo + 3_000_000_000)
    }
}
