import Foundation
import GRDB
import Testing
@testable import Caching

@Suite("DiskCache opening and recovery")
struct DiskCacheRecoveryTests {
    /// Keys of every shape a cache sees: short, long, with a query, non-ASCII.
    static let keys = ["a", "https://example.com/img/1.jpg", "https://example.com/p?q=1&size=large#x",
                       "https://пример.рф/картинка.png", String(repeating: "k", count: 5_000)]

    /// Stores one entry per key and closes the cache cleanly.
    private func fill(_ directory: URL) throws {
        let cache = try makeCache(at: directory)
        for (index, key) in Self.keys.enumerated() {
            try cache.store(Data.sample(1_000 + index * 300, seed: UInt8(index)), forKey: key)
        }
    }

    private func expectEveryEntry(in cache: DiskCache) {
        #expect(cache.count == Self.keys.count)
        for (index, key) in Self.keys.enumerated() {
            #expect(cache.data(forKey: key) == Data.sample(1_000 + index * 300, seed: UInt8(index)), "\(key.prefix(40))")
        }
    }

    enum IndexDamage: String, CaseIterable, Sendable {
        case garbage, truncatedToNothing, truncatedMidPage, truncatedToOnePage, pagesOverwritten, deleted
    }

    @Test("an index overwritten, truncated or deleted is rebuilt from the entry files: every entry comes back",
          arguments: IndexDamage.allCases)
    func indexRebuilt(_ damage: IndexDamage) throws {
        let temp = TemporaryDirectory()
        try fill(temp.cache)
        let index = URL(fileURLWithPath: indexPath(in: temp.cache))
        var bytes = try Data(contentsOf: index)
        try #require(bytes.count >= 8_192)
        switch damage {
        case .garbage:
            try Data((0..<64 * 1024).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) }).write(to: index)
        case .truncatedToNothing: try Data().write(to: index)
        case .truncatedMidPage: try bytes.prefix(bytes.count / 2 + 100).write(to: index)
        case .truncatedToOnePage: try bytes.prefix(4_096).write(to: index)
        case .pagesOverwritten:
            // Keep the header page, trash everything after it: found by the first query, not at open.
            for offset in 4_096..<bytes.count { bytes[offset] = UInt8(truncatingIfNeeded: offset) }
            try bytes.write(to: index)
        case .deleted: try FileManager.default.removeItem(at: index)
        }

        let recorder = LogRecorder()
        let cache = try openSettled(at: temp.cache, logger: recorder.logger)

        expectEveryEntry(in: cache)
        #expect(recorder.contains("rebuilt from the entry files"))
        if damage == .garbage || damage == .pagesOverwritten {
            #expect(recorder.contains("index is corrupt"))
            #expect(FileManager.default.fileExists(atPath: index.path + ".corrupt"), "kept aside for a post-mortem")
        }
        try cache.store(Data.sample(42), forKey: "fresh")
        #expect(cache.data(forKey: "fresh") == Data.sample(42))
    }

    @Test("a damaged entry file is still found and dropped after the index is rebuilt around it")
    func damagedEntryAfterRebuild() throws {
        let temp = TemporaryDirectory()
        try fill(temp.cache)
        let victim = Self.keys[1]
        var bytes = try Data(contentsOf: URL(fileURLWithPath: entryPath(for: victim, in: temp.cache)))
        bytes[bytes.count - 10] ^= 0x40  // in the payload: the header still reads well
        try bytes.write(to: URL(fileURLWithPath: entryPath(for: victim, in: temp.cache)))
        let foreign = temp.cache.appendingPathComponent("entries/" + DiskCache.fileName(forKey: "foreign"))
        try Data.sample(300).write(to: foreign)
        try FileManager.default.removeItem(atPath: indexPath(in: temp.cache))

        let recorder = LogRecorder()
        let cache = try openSettled(at: temp.cache, logger: recorder.logger)

        #expect(cache.data(forKey: victim) == nil)
        #expect(recorder.contains("dropped a corrupt or missing disk cache entry"))
        #expect(!FileManager.default.fileExists(atPath: entryPath(for: victim, in: temp.cache)))
        #expect(!FileManager.default.fileExists(atPath: foreign.path), "a file without a header is not an entry")
        #expect(cache.count == Self.keys.count - 1)
        #expect(cache.data(forKey: Self.keys[0]) == Data.sample(1_000, seed: 0))
    }

    enum RowDamage: String, CaseIterable, Sendable {
        case nameOutside, nameNotAnEntry, sizeNotANumber, checksumNotAnInteger

        var assignment: String {
            switch self {
            case .nameOutside: "fileName = '../victim'"
            case .nameNotAnEntry: "fileName = '\(String(repeating: "A", count: 64))'"
            case .sizeNotANumber: "size = 'many'"
            case .checksumNotAnInteger: "checksum = 1.5"
            }
        }
    }

    @Test("an index row that names a file outside the entries, or holds a value of the wrong type, is damage: nothing outside is read or deleted, and the entry comes back from its file",
          arguments: RowDamage.allCases)
    func damagedRowRebuilt(_ damage: RowDamage) throws {
        let temp = TemporaryDirectory()
        try fill(temp.cache)
        let victim = temp.cache.appendingPathComponent("victim")
        try Data.sample(1_300, seed: 1).write(to: victim)
        let key = Self.keys[1]
        let queue = try DatabaseQueue(path: indexPath(in: temp.cache))
        try queue.write { db in
            try db.execute(sql: "UPDATE entry SET \(damage.assignment) WHERE key = ?", arguments: [key])
        }
        try queue.close()

        let recorder = LogRecorder()
        let cache = try openSettled(at: temp.cache, logger: recorder.logger)

        #expect(cache.data(forKey: key) == Data.sample(1_300, seed: 1))
        #expect(recorder.contains("index is corrupt"))
        #expect(try Data(contentsOf: victim) == Data.sample(1_300, seed: 1), "the file outside is untouched")
        expectEveryEntry(in: cache)
    }

    @Test("eviction never deletes a file outside the entries that a doctored row names")
    func evictionStaysInside() throws {
        let temp = TemporaryDirectory()
        let victim = temp.cache.appendingPathComponent("victim")
        do {
            let cache = try makeCache(at: temp.cache, sizeLimit: 10_000)
            try cache.store(Data.sample(4_000), forKey: "old")
        }
        try Data.sample(100).write(to: victim)
        let queue = try DatabaseQueue(path: indexPath(in: temp.cache))
        try queue.write { db in try db.execute(sql: "UPDATE entry SET fileName = '../victim' WHERE key = 'old'") }
        try queue.close()

        let cache = try openSettled(at: temp.cache, sizeLimit: 10_000)
        try cache.store(Data.sample(8_000, seed: 2), forKey: "new")

        #expect(cache.data(forKey: "new") == Data.sample(8_000, seed: 2))
        #expect(!cache.contains("old"), "the doctored row was evicted")
        #expect(FileManager.default.fileExists(atPath: victim.path))
    }

    @Test("entries from before the header format are dropped cleanly, with their index")
    func oldFormatDropped() throws {
        let temp = TemporaryDirectory()
        try fill(temp.cache)
        // What the previous version left: a row and a bare file, in an index without user_version.
        let old = temp.cache.appendingPathComponent("entries/" + DiskCache.fileName(forKey: "old"))
        try Data.sample(500).write(to: old)
        let queue = try DatabaseQueue(path: indexPath(in: temp.cache))
        try queue.write { db in
            try db.execute(sql: "PRAGMA user_version = 0")
            try db.execute(sql: "INSERT INTO entry VALUES ('old', ?, 500, 0, 0, 0)",
                           arguments: [DiskCache.fileName(forKey: "old")])
        }
        try queue.close()

        let cache = try openSettled(at: temp.cache)

        #expect(cache.data(forKey: "old") == nil)
        #expect(!FileManager.default.fileExists(atPath: old.path))
        expectEveryEntry(in: cache)
    }

    @Test("a new index starts its WAL at open, so the first store only appends; the close empties it again")
    func newIndexStartsItsWALAtOpen() throws {
        let temp = TemporaryDirectory()
        let wal = indexPath(in: temp.cache) + "-wal"
        do {
            let cache = try makeCache(at: temp.cache)
            // A started WAL: its 32-byte header and at least one frame, written by the open.
            #expect(try walSize(wal) > 32, "the open wrote the WAL's first frame")
            try cache.store(Data.sample(4_000, seed: 7), forKey: "first")
            #expect(cache.data(forKey: "first") == Data.sample(4_000, seed: 7))
        }
        #expect(try walSize(wal) == 0, "the close checkpoints and empties it")
        let reopened = try openSettled(at: temp.cache)
        #expect(reopened.index.openedCleanly)
        #expect(reopened.data(forKey: "first") == Data.sample(4_000, seed: 7))
    }

    @Test("a cleanly closed cache opens and reads without a single write to its index")
    func cleanOpenWritesNothing() throws {
        let temp = TemporaryDirectory()
        try fill(temp.cache)
        let wal = indexPath(in: temp.cache) + "-wal"
        #expect(try walSize(wal) == 0, "a clean close checkpoints and empties the WAL, and keeps it for the next run")
        let before = try Data(contentsOf: URL(fileURLWithPath: indexPath(in: temp.cache)))

        let cache = try openSettled(at: temp.cache)
        #expect(cache.index.openedCleanly)
        #expect(!cache.startedMaintenance, "a clean index within its limit leaves nothing for the background")
        expectEveryEntry(in: cache)

        #expect(try walSize(wal) == 0, "no transaction was written")
        #expect(try Data(contentsOf: URL(fileURLWithPath: indexPath(in: temp.cache))) == before)
        let settings = try cache.index.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA synchronous"))
        }
        #expect(settings.0 == "wal")
        #expect(settings.1 == 1, "synchronous = NORMAL")
    }

    @Test("after an unclean close the directory is tidied in the background: leftovers go, finished entries stay")
    func uncleanOpenTidies() throws {
        let temp = TemporaryDirectory()
        // A process still holding the index (or one that crashed) leaves its WAL behind.
        let crashed = try makeCache(at: temp.cache)
        try crashed.store(Data.sample(100), forKey: "kept")
        let entries = temp.cache.appendingPathComponent("entries")
        // A crash between write and rename leaves a temporary file; between rename and commit, a
        // complete entry the index does not know; and a stray file is not an entry at all.
        let leftover = entries.appendingPathComponent(DiskCache.temporaryPrefix + "crashed")
        try Data.sample(50).write(to: leftover)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)],
                                              ofItemAtPath: leftover.path)
        let inFlight = entries.appendingPathComponent(DiskCache.temporaryPrefix + "in-flight")
        try Data.sample(50).write(to: inFlight)
        let payload = Data.sample(70, seed: 5)
        let uncommitted = EntryHeader.file(for: payload, key: "uncommitted", checksum: XXHash64.digest(of: payload))
        try uncommitted.write(to: URL(fileURLWithPath: entryPath(for: "uncommitted", in: temp.cache)))
        let stray = entries.appendingPathComponent(DiskCache.fileName(forKey: "never committed"))
        try Data.sample(60).write(to: stray)

        let cache = try openSettled(at: temp.cache)

        #expect(!cache.index.openedCleanly)
        #expect(cache.startedMaintenance)
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(FileManager.default.fileExists(atPath: inFlight.path), "a fresh temporary file may be another process's write")
        #expect(!FileManager.default.fileExists(atPath: stray.path))
        #expect(cache.data(forKey: "uncommitted") == payload)
        #expect(cache.data(forKey: "kept") == Data.sample(100))
        #expect(cache.count == 2)
        _ = crashed
    }

    @Test("XXH64 gives the reference digests")
    func xxhashVectors() {
        #expect(XXHash64.digest(of: Data()) == 0xEF46_DB37_51D8_E999)
        #expect(XXHash64.digest(of: Data("a".utf8)) == 0xD24E_C4F1_A98C_6E5B)
        #expect(XXHash64.digest(of: Data("abc".utf8)) == 0x44BC_2CF5_AD77_0999)
        // Every tail length and the 32-byte stripes: one flipped bit always changes the digest.
        for length in 0..<100 {
            var bytes = Data.sample(length, seed: 3)
            let digest = XXHash64.digest(of: bytes)
            guard length > 0 else { continue }
            bytes[length / 2] ^= 0x01
            #expect(XXHash64.digest(of: bytes) != digest, "length \(length)")
        }
    }

    @Test("an entry header reads back what was written and refuses foreign bytes")
    func headerRoundTrip() throws {
        let payload = Data.sample(1_234)
        let file = EntryHeader.file(for: payload, key: "https://example.com/ä", checksum: 77)
        let header = try #require(EntryHeader.parse(file))
        #expect(header == EntryHeader(key: "https://example.com/ä", payloadLength: 1_234, checksum: 77))
        #expect(file.count == header.encodedLength + payload.count)
        #expect(EntryHeader.parse(payload) == nil)
        #expect(EntryHeader.parse(file.prefix(20)) == nil)
    }

    @Test("a header is recognised in place exactly when parsing the same bytes gives it back")
    func headerInPlace() {
        let header = EntryHeader(key: "https://example.com/ä", payloadLength: 1_234, checksum: 77)
        let encoded = header.encoded
        #expect(header.isEncoded(in: encoded))
        var otherVersion = encoded
        otherVersion[4] = 2
        var lastKeyByte = encoded
        lastKeyByte[lastKeyByte.count - 1] ^= 1
        let others = [
            EntryHeader(key: "https://example.com/a", payloadLength: 1_234, checksum: 77).encoded,
            EntryHeader(key: "https://example.com/ä", payloadLength: 1_235, checksum: 77).encoded,
            EntryHeader(key: "https://example.com/ä", payloadLength: 1_234, checksum: 78).encoded,
            EntryHeader(key: "https://example.com/ä/", payloadLength: 1_234, checksum: 77).encoded,
            encoded.prefix(encoded.count - 1), otherVersion, lastKeyByte, Data(),
        ]
        for bytes in others {
            #expect(!header.isEncoded(in: bytes))
            #expect(EntryHeader.parse(bytes) != header)
        }
        // Parsing reads a header from the start of a whole file; in place, the bytes are the header.
        #expect(!header.isEncoded(in: encoded + Data([0])))
    }
}
