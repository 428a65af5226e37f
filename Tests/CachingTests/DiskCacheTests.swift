import Foundation
import Testing
import ErrorReporting
@testable import Caching

@Suite("DiskCache")
struct DiskCacheTests {
    // MARK: Round trip and layout

    @Test("stored bytes come back, replaced bytes replace them, an unknown key is a miss")
    func roundTrip() throws {
        let temp = TemporaryDirectory()
        let cache = try makeCache(at: temp.cache)
        let first = Data.sample(5_000, seed: 1)
        let second = Data.sample(7_000, seed: 2)

        try cache.store(first, forKey: "https://example.com/a.jpg")
        #expect(cache.data(forKey: "https://example.com/a.jpg") == first)
        #expect(cache.contains("https://example.com/a.jpg"))
        #expect(cache.data(forKey: "https://example.com/b.jpg") == nil)

        try cache.store(second, forKey: "https://example.com/a.jpg")
        #expect(cache.data(forKey: "https://example.com/a.jpg") == second)
        #expect(cache.count == 1)
        #expect(cache.totalSize == 7_000)
    }

    @Test("each entry is one file named by the SHA-256 of its key, never by the key itself")
    func fileNamesAreHashes() throws {
        let temp = TemporaryDirectory()
        let cache = try makeCache(at: temp.cache)
        let hostile = "https://evil.example/../../etc/passwd?x=/tmp/y"
        try cache.store(Data.sample(10), forKey: hostile)

        let names = entryNames(in: temp.cache)
        #expect(names == [DiskCache.fileName(forKey: hostile)])
        let name = try #require(names.first)
        #expect(name.count == 64)
        #expect(name.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(cache.data(forKey: hostile) == Data.sample(10))
    }

    @Test("a directory holds a cache once one was opened in it, and not before")
    func existence() throws {
        let temp = TemporaryDirectory()
        #expect(!DiskCache.exists(in: temp.cache))
        let cache = try makeCache(at: temp.cache)
        #expect(DiskCache.exists(in: temp.cache))
        #expect(!cache.startedMaintenance, "a new, empty cache has nothing to tidy")
    }

    @Test("an entry survives closing and reopening the cache")
    func persistence() throws {
        let temp = TemporaryDirectory()
        do {
            let cache = try makeCache(at: temp.cache)
            try cache.store(Data.sample(300, seed: 3), forKey: "kept")
        }
        let reopened = try makeCache(at: temp.cache)
        #expect(reopened.data(forKey: "kept") == Data.sample(300, seed: 3))
    }

    @Test("removeValue and removeAll delete rows and files")
    func removal() throws {
        let temp = TemporaryDirectory()
        let cache = try makeCache(at: temp.cache)
        for key in ["a", "b", "c"] { try cache.store(Data.sample(100), forKey: key) }

        cache.removeValue(forKey: "b")
        #expect(cache.data(forKey: "b") == nil)
        #expect(cache.count == 2)
        #expect(!FileManager.default.fileExists(atPath: entryPath(for: "b", in: temp.cache)))

        cache.removeAll()
        #expect(cache.count == 0)
        #expect(cache.totalSize == 0)
        #expect(entryNames(in: temp.cache).isEmpty)
    }

    // MARK: Size limit and eviction

    @Test("past the size limit the least recently used entry goes; a recently read one survives")
    func evictionOrder() throws {
        let temp = TemporaryDirectory()
        let cache = try makeCache(at: temp.cache, sizeLimit: 300)
        try cache.store(Data.sample(100, seed: 1), forKey: "a")
        try cache.store(Data.sample(100, seed: 2), forKey: "b")
        try cache.store(Data.sample(100, seed: 3), forKey: "c")
        #expect(cache.data(forKey: "a") != nil)  // a becomes the most recently used

        try cache.store(Data.sample(100, seed: 4), forKey: "d")

        #expect(cache.data(forKey: "b") == nil)
        #expect(cache.data(forKey: "a") == Data.sample(100, seed: 1))
        #expect(cache.data(forKey: "c") == Data.sample(100, seed: 3))
        #expect(cache.data(forKey: "d") == Data.sample(100, seed: 4))
        #expect(!FileManager.default.fileExists(atPath: entryPath(for: "b", in: temp.cache)))
    }

    @Test("reads recorded in memory still count for eviction after a reopen")
    func recencySurvivesReopen() throws {
        let temp = TemporaryDirectory()
        do {
            let cache = try makeCache(at: temp.cache, sizeLimit: 200)
            try cache.store(Data.sample(100, seed: 1), forKey: "old")
            try cache.store(Data.sample(100, seed: 2), forKey: "new")
            _ = cache.data(forKey: "old")
        }
        let reopened = try makeCache(at: temp.cache, sizeLimit: 200)
        try reopened.store(Data.sample(100, seed: 3), forKey: "third")
        #expect(reopened.contains("old"))
        #expect(!reopened.contains("new"))
    }

    @Test("the total size never passes the limit, in the index or on disk")
    func sizeLimitHeld() throws {
        let temp = TemporaryDirectory()
        let limit = 50_000
        let cache = try makeCache(at: temp.cache, sizeLimit: limit)
        for index in 0..<60 {
            try cache.store(Data.sample(1_000 + (index * 977) % 9_000, seed: UInt8(index)), forKey: "k\(index)")
            #expect(cache.totalSize <= limit)
        }
        let payloads = try entryNames(in: temp.cache).reduce(0) { total, name in
            let file = try Data(contentsOf: temp.cache.appendingPathComponent("entries/\(name)"))
            let header = try #require(EntryHeader.parse(file))
            #expect(file.count == header.encodedLength + header.payloadLength)
            return total + header.payloadLength
        }
        #expect(payloads == cache.totalSize)
        #expect(entryNames(in: temp.cache).count == cache.count)
        #expect(cache.contains("k59"), "the newest entry is kept")
    }

    @Test("a smaller limit on reopen evicts down to it")
    func shrunkLimit() throws {
        let temp = TemporaryDirectory()
        do {
            let cache = try makeCache(at: temp.cache, sizeLimit: 1_000)
            for key in ["a", "b", "c", "d"] { try cache.store(Data.sample(200), forKey: key) }
        }
        let smaller = try openSettled(at: temp.cache, sizeLimit: 400)
        #expect(smaller.startedMaintenance, "over the new limit: the eviction runs in the background")
        #expect(smaller.totalSize <= 400)
        #expect(smaller.contains("d"))
        #expect(!smaller.contains("a"))
    }

    @Test("an entry larger than the whole limit is refused cleanly and evicts nothing")
    func oversizedEntry() throws {
        let temp = TemporaryDirectory()
        let cache = try makeCache(at: temp.cache, sizeLimit: 1_000)
        try cache.store(Data.sample(600), forKey: "small")

        #expect(throws: DiskCacheError.entryTooLarge(size: 1_001, limit: 1_000)) {
            try cache.store(Data.sample(1_001), forKey: "huge")
        }
        #expect(cache.data(forKey: "small") == Data.sample(600))
        #expect(!cache.contains("huge"))
        #expect(entryNames(in: temp.cache).count == 1)
    }

    // MARK: Integrity

    enum Damage: String, CaseIterable, Sendable {
        case flippedBytes, flippedHeader, truncated, extended, deleted, replacedByEmptyFile, headerOnly
        /// A whole, self-consistent file, but another key's (of the same length) or another payload's.
        case anotherKeysFile, anotherPayloadsFile
    }

    @Test("a damaged or missing file is a miss and its entry is dropped", arguments: Damage.allCases)
    func damagedFile(_ damage: Damage) throws {
        let temp = TemporaryDirectory()
        let recorder = LogRecorder()
        let cache = try makeCache(at: temp.cache, logger: recorder.logger)
        let original = Data.sample(4_096, seed: 9)
        try cache.store(original, forKey: "victim")
        try cache.store(Data.sample(10), forKey: "bystander")
        let path = entryPath(for: "victim", in: temp.cache)

        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        switch damage {
        case .flippedBytes:
            bytes[100] ^= 0xFF
            bytes[2_000] ^= 0x01
            try bytes.write(to: URL(fileURLWithPath: path))
        case .flippedHeader:
            bytes[22] ^= 0x10  // inside the recorded checksum
            try bytes.write(to: URL(fileURLWithPath: path))
        case .headerOnly: try bytes.prefix(EntryHeader.fixedLength + 6).write(to: URL(fileURLWithPath: path))
        case .truncated: try bytes.prefix(1_000).write(to: URL(fileURLWithPath: path))
        case .extended: try (bytes + Data([1, 2, 3])).write(to: URL(fileURLWithPath: path))
        case .deleted: try FileManager.default.removeItem(atPath: path)
        case .replacedByEmptyFile: try Data().write(to: URL(fileURLWithPath: path))
        case .anotherKeysFile:
            try EntryHeader.file(for: original, key: "victin", checksum: XXHash64.digest(of: original))
                .write(to: URL(fileURLWithPath: path))
        case .anotherPayloadsFile:
            let other = Data.sample(4_096, seed: 10)
            try EntryHeader.file(for: other, key: "victim", checksum: XXHash64.digest(of: other))
                .write(to: URL(fileURLWithPath: path))
        }

        #expect(cache.data(forKey: "victim") == nil)
        #expect(!cache.contains("victim"), "the row is dropped")
        #expect(!FileManager.default.fileExists(atPath: path), "the file is dropped")
        #expect(cache.count == 1)
        #expect(cache.data(forKey: "bystander") == Data.sample(10))
        #expect(recorder.contains("dropped a corrupt or missing disk cache entry"))
    }

    // MARK: Write failures

    struct FailureCase: Sendable, CustomTestStringConvertible {
        var point: FaultPoint
        var code: Int32
        var expected: DiskCacheError
        var testDescription: String { "\(point) fails with errno \(code)" }
    }

    static let failureCases: [FailureCase] = [
        FailureCase(point: .write, code: ENOSPC, expected: .diskFull(path: "")),
        FailureCase(point: .write, code: EDQUOT, expected: .diskFull(path: "")),
        FailureCase(point: .write, code: EROFS, expected: .readOnly(path: "")),
        FailureCase(point: .rename, code: EROFS, expected: .readOnly(path: "")),
        FailureCase(point: .write, code: EIO, expected: .writeFailed(path: "", reason: "")),
        FailureCase(point: .rename, code: ENOSPC, expected: .diskFull(path: "")),
    ]

    @Test("a full or read-only disk fails the store with a typed error and keeps what was cached",
          arguments: failureCases)
    func writeFailureKeepsEntries(_ failure: FailureCase) throws {
        let temp = TemporaryDirectory()
        let files = FaultyFileStore()
        let cache = try makeCache(at: temp.cache, files: files)
        let old = Data.sample(2_000, seed: 1)
        try cache.store(old, forKey: "same key")
        try cache.store(Data.sample(100, seed: 2), forKey: "other")

        files.fail(failure.point, with: failure.code)
        let error = try #require(throws: DiskCacheError.self) {
            try cache.store(Data.sample(3_000, seed: 3), forKey: "same key")
        }
        switch (error, failure.expected) {
        case (.diskFull, .diskFull), (.readOnly, .readOnly), (.writeFailed, .writeFailed): break
        default: Issue.record("expected \(failure.expected), got \(error)")
        }
        #expect(throws: DiskCacheError.self) { try cache.store(Data.sample(10), forKey: "new key") }

        #expect(cache.data(forKey: "same key") == old, "the previous entry stays until its replacement is written")
        #expect(cache.data(forKey: "other") == Data.sample(100, seed: 2))
        #expect(!cache.contains("new key"))
        #expect(!entryNames(in: temp.cache).contains { $0.hasPrefix(DiskCache.temporaryPrefix) },
                "no temporary file is left behind")

        files.heal()
        try cache.store(Data.sample(3_000, seed: 3), forKey: "same key")
        #expect(cache.data(forKey: "same key") == Data.sample(3_000, seed: 3))
    }

    @Test("a real rename failure (the entry's path is a directory) is a typed error and harms nothing else")
    func realRenameFailure() throws {
        let temp = TemporaryDirectory()
        let cache = try makeCache(at: temp.cache)
        try cache.store(Data.sample(100), forKey: "other")
        let blocked = entryPath(for: "blocked", in: temp.cache)
        try FileManager.default.createDirectory(atPath: blocked + "/inside", withIntermediateDirectories: true)

        let error = try #require(throws: DiskCacheError.self) { try cache.store(Data.sample(10), forKey: "blocked") }
        guard case .writeFailed(let path, _) = error else {
            Issue.record("expected writeFailed, got \(error)")
            return
        }
        #expect(path == blocked)
        #expect(!cache.contains("blocked"))
        #expect(cache.data(forKey: "other") == Data.sample(100))
    }

    @Test("a cache directory under a regular file is reported as unavailable, not a crash")
    func directoryUnderAFile() throws {
        let temp = TemporaryDirectory()
        let file = temp.url.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let error = try #require(throws: DiskCacheError.self) {
            try DiskCache(directory: file.appendingPathComponent("cache"))
        }
        guard case .directoryUnavailable = error else {
            Issue.record("expected directoryUnavailable, got \(error)")
            return
        }
        #expect(error.userFacingError.code == "cacheUnavailable")
    }

    @Test("write errors explain themselves in English and Russian")
    func userFacingMessages() {
        let full = DiskCacheError.diskFull(path: "/c").userFacingError
        #expect(full.code == "diskFull")
        #expect(full.message(in: .english) == "Could not save for offline use: the disk is full")
        #expect(full.message(in: .russian) == "Не удалось сохранить для просмотра без сети: диск заполнен")
        // What to do (which flag, what to free) is the command's to say, not the cache's.
        #expect(full.recovery == nil)
        let readOnly = DiskCacheError.readOnly(path: "/ro").userFacingError
        #expect(readOnly.code == "readOnly")
        #expect(readOnly.message(in: .english).contains("/ro is read-only"))
        #expect(UserFacingError.from(DiskCacheError.entryTooLarge(size: 2, limit: 1)).code == "tooLarge")
    }

    // MARK: Sharing a directory

    @Test("two caches on one directory write and read concurrently without errors")
    func twoInstancesShareADirectory() async throws {
        let temp = TemporaryDirectory()
        let first = try makeCache(at: temp.cache, sizeLimit: 10 << 20)
        let second = try makeCache(at: temp.cache, sizeLimit: 10 << 20)
        let caches = [first, second]

        let failures = try await withThrowingTaskGroup(of: Int.self) { group in
            for (owner, cache) in caches.enumerated() {
                for worker in 0..<2 {
                    group.addTask {
                        var failures = 0
                        for index in 0..<40 {
                            let key = "owner\(owner)-worker\(worker)-\(index)"
                            try cache.store(Data.sample(2_000 + index, seed: UInt8(index)), forKey: key)
                            // Read what the other instance wrote, and a shared key both overwrite.
                            let peer = "owner\(1 - owner)-worker\(worker)-\(index / 2)"
                            if let data = cache.data(forKey: peer),
                               data != Data.sample(2_000 + index / 2, seed: UInt8(index / 2)) { failures += 1 }
                            try cache.store(Data.sample(500, seed: UInt8(owner)), forKey: "shared")
                            if let shared = cache.data(forKey: "shared"),
                               shared != Data.sample(500, seed: 0), shared != Data.sample(500, seed: 1) {
                                failures += 1
                            }
                        }
                        return failures
                    }
                }
            }
            return try await group.reduce(0, +)
        }

        #expect(failures == 0, "no reader ever saw bytes that were not written for its key")
        #expect(first.count == 161)
        #expect(second.count == 161)
        for owner in 0..<2 {
            for index in [0, 39] {
                let key = "owner\(owner)-worker1-\(index)"
                #expect(first.data(forKey: key) == Data.sample(2_000 + index, seed: UInt8(index)))
                #expect(second.data(forKey: key) == Data.sample(2_000 + index, seed: UInt8(index)))
            }
        }
    }
}

@Suite("Entry files written as header and payload")
struct EntryFileWriteTests {
    /// What a `write` that takes at most `limit` bytes a call, and fails with `interruptions` EINTRs
    /// first, leaves in the file.
    private func written(_ parts: [Data], limit: Int, interruptions: Int = 0) -> (bytes: Data, calls: Int, result: Int32?) {
        var file = Data()
        var calls = 0
        var interrupted = 0
        let result = parts[0].withUnsafeBytes { first in
            parts[1].withUnsafeBytes { second in
                POSIXFileStore.writeAll([first, second]) { pending in
                    calls += 1
                    if interrupted < interruptions {
                        interrupted += 1
                        errno = EINTR
                        return -1
                    }
                    var budget = limit
                    for part in pending where budget > 0 {
                        let count = min(budget, part.iov_len)
                        file.append(contentsOf: UnsafeRawBufferPointer(start: part.iov_base, count: count))
                        budget -= count
                    }
                    return limit - budget
                }
            }
        }
        return (file, calls, result)
    }

    @Test("short writes and EINTR go on where they stopped, inside a part and across the two")
    func shortWritesResume() {
        let header = Data.sample(29, seed: 3)
        let payload = Data.sample(1_000, seed: 4)
        for limit in [1, 7, 29, 30, 64, 1_029, 4_096] {
            let run = written([header, payload], limit: limit, interruptions: 2)
            #expect(run.result == nil)
            #expect(run.bytes == header + payload, "at most \(limit) bytes a call")
            #expect(run.calls == 2 + (header.count + payload.count + limit - 1) / limit)
        }
        let empty = written([Data(), payload], limit: 300)
        #expect(empty.bytes == payload && empty.calls == 4)
    }

    @Test("a write that fails, or takes nothing, stops at once with an errno")
    func failureStops() {
        var calls = 0
        let payload = Data.sample(100, seed: 5)
        let result = payload.withUnsafeBytes { bytes in
            POSIXFileStore.writeAll([bytes, bytes]) { _ in
                calls += 1
                errno = ENOSPC
                return -1
            }
        }
        #expect(result == ENOSPC)
        #expect(calls == 1)
        var stuck = 0
        let refused = payload.withUnsafeBytes { bytes in
            POSIXFileStore.writeAll([bytes]) { _ in
                stuck += 1
                return 0
            }
        }
        #expect(refused == EIO, "a write that takes nothing fails rather than spinning")
        #expect(stuck == 1)
    }

    @Test("short reads and EINTR fill the head and the body in order; a file that ends early is no entry")
    func shortReadsResume() {
        let file = Data.sample(1_029, seed: 7)
        for limit in [1, 7, 29, 30, 500, 4_096] {
            var offset = 0
            var interrupted = false
            var head = [UInt8](repeating: 0, count: 29)
            var body = [UInt8](repeating: 0, count: 1_000)
            let result = head.withUnsafeMutableBytes { head in
                body.withUnsafeMutableBytes { body in
                    POSIXFileStore.readAll([head, body]) { pending in
                        if !interrupted {
                            interrupted = true
                            errno = EINTR
                            return -1
                        }
                        var budget = min(limit, file.count - offset)
                        let start = offset
                        for part in pending where budget > 0 {
                            let count = min(budget, part.iov_len)
                            file.copyBytes(to: part.iov_base!.assumingMemoryBound(to: UInt8.self),
                                           from: offset..<offset + count)
                            offset += count
                            budget -= count
                        }
                        return offset - start
                    }
                }
            }
            #expect(result == .done, "at most \(limit) bytes a call")
            #expect(Data(head + body) == file)
        }
        var short = [UInt8](repeating: 0, count: 64)
        let ended = short.withUnsafeMutableBytes { buffer in
            var given = false
            return POSIXFileStore.readAll([buffer]) { pending in
                defer { given = true }
                return given ? 0 : min(10, pending[0].iov_len)
            }
        }
        #expect(ended == .stopped)
        let failed = short.withUnsafeMutableBytes { buffer in
            POSIXFileStore.readAll([buffer]) { _ in
                errno = EIO
                return -1
            }
        }
        #expect(failed == .failed(EIO))
    }

    @Test("a file is read only at the length its row implies, into a head and a body")
    func splitRead() throws {
        let temp = TemporaryDirectory()
        try FileManager.default.createDirectory(at: temp.cache, withIntermediateDirectories: true)
        let path = temp.cache.appendingPathComponent("file").path
        let bytes = Data.sample(300, seed: 8)
        try bytes.write(to: URL(fileURLWithPath: path))
        let store = POSIXFileStore()
        let read = try #require(try store.readFile(at: path, headLength: 40, bodyLength: 260))
        #expect(read.head == bytes.prefix(40))
        #expect(read.body == bytes.dropFirst(40))
        #expect(read.body.startIndex == 0)
        #expect(try store.readFile(at: path, headLength: 40, bodyLength: 259) == nil)
        #expect(try store.readFile(at: path, headLength: 40, bodyLength: 261) == nil)
        let empty = try #require(try store.readFile(at: path, headLength: 300, bodyLength: 0))
        #expect(empty.head == bytes && empty.body.isEmpty)
        #expect(throws: FileSystemFailure.self) { try store.readFile(at: path + "-gone", headLength: 0, bodyLength: 0) }
    }

    @Test("an entry file is its header, then the payload as it was handed in")
    func fileLayout() throws {
        let temp = TemporaryDirectory()
        let cache = try makeCache(at: temp.cache)
        let payload = Data.sample(70_000, seed: 6)
        let key = "https://example.com/p.jpg"
        try cache.store(payload, forKey: key)
        let file = try Data(contentsOf: temp.cache.appendingPathComponent("entries/" + DiskCache.fileName(forKey: key)))
        let header = EntryHeader(key: key, payloadLength: payload.count, checksum: XXHash64.digest(of: payload))
        #expect(file == header.encoded + payload)
        #expect(file == EntryHeader.file(for: payload, key: key, checksum: header.checksum))
    }
}
