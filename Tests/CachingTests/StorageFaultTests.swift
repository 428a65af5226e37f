import Foundation
import GRDB
import TestSupport
import Testing
import ErrorReporting
@testable import Caching

@Suite("Storage failures read as what happened", .serialized)
struct StorageFaultTests {
    @Test("a disk that fills says \"the disk is full\", keeps what was cached, and reopens without SQLite's words",
          .enabled(if: SmallDisk.isAvailable, "needs to mount a tmpfs"))
    func diskFull() throws {
        let disk = try #require(SmallDisk(kilobytes: 300))
        let directory = disk.url.appendingPathComponent("cache")
        let cache = try DiskCache(directory: directory, sizeLimit: 100 << 20)
        var stored: [String] = []
        var failure: DiskCacheError?
        for index in 0..<100 {
            do {
                try cache.store(Data.sample(16_000, seed: UInt8(index)), forKey: "picture-\(index)")
                stored.append("picture-\(index)")
            } catch {
                failure = error
                break
            }
        }
        let error = try #require(failure, "300 KB took 100 entries of 16 KB")
        #expect(error.code == "diskFull", "\(error)")
        #expect(error.userFacingError.message(in: .english) == "Could not save for offline use: the disk is full")
        #expect(!stored.isEmpty)
        for (index, key) in stored.enumerated() {
            #expect(cache.data(forKey: key) == Data.sample(16_000, seed: UInt8(index)), "\(key) was lost")
        }
        // The next run on the same full disk: it opens, or says the disk is full, never SQLite's text.
        do {
            let again = try DiskCache(directory: directory, sizeLimit: 100 << 20)
            #expect(again.data(forKey: stored[0]) == Data.sample(16_000, seed: 0))
        } catch {
            #expect(error.code == "diskFull", "\(error)")
            #expect(!error.userFacingError.message(in: .english).contains("SQLite"), "\(error.userFacingError)")
        }
    }

    @Test("a read-only cache folder says it is read-only, on a store and on opening; nothing cached is lost",
          .enabled(if: SmallDisk.isAvailable, "needs to mount a tmpfs"))
    func readOnly() throws {
        let disk = try #require(SmallDisk(kilobytes: 1024))
        let directory = disk.url.appendingPathComponent("cache")
        do {
            let cache = try DiskCache(directory: directory)
            try cache.store(Data.sample(1_000), forKey: "kept")
        }
        // A file open for writing keeps a remount from going read-only: the cache above is closed.
        #expect(disk.makeReadOnly())
        do {
            let cache = try DiskCache(directory: directory)
            #expect(cache.data(forKey: "kept") == Data.sample(1_000))
            do {
                try cache.store(Data.sample(1_000, seed: 2), forKey: "new")
                Issue.record("stored on a read-only disk")
            } catch {
                #expect(error.code == "readOnly", "\(error)")
            }
        } catch {
            #expect(error.code == "readOnly", "\(error)")
        }
        let fresh = disk.url.appendingPathComponent("another")
        do {
            _ = try DiskCache(directory: fresh)
            Issue.record("a cache opened on a read-only disk")
        } catch {
            #expect(error.code == "readOnly", "\(error)")
            let message = error.userFacingError.message(in: .english)
            #expect(message.hasPrefix("The offline cache at \(fresh.path) is unavailable: "), "\(message)")
            #expect(message.contains("is read-only") && !message.contains("SQLite"), "\(message)")
        }
        #expect(disk.makeWritable())
        #expect(try DiskCache(directory: directory).data(forKey: "kept") == Data.sample(1_000), "the entry was lost")
    }

    @Test("a cache folder removed under a running cache says it is missing")
    func folderMissing() throws {
        let temp = TemporaryDirectory()
        let cache = try makeCache(at: temp.cache)
        try FileManager.default.removeItem(at: temp.cache)
        do {
            try cache.store(Data.sample(1_000), forKey: "gone")
            Issue.record("stored into a folder that is not there")
        } catch {
            #expect(error.code == "folderMissing", "\(error)")
            #expect(error.userFacingError.message(in: .english).contains("is missing"), "\(error.userFacingError)")
        }
    }

    @Test("SQLite's result codes map to what happened", arguments: [
        (ResultCode.SQLITE_FULL, "diskFull"),
        (.SQLITE_READONLY, "readOnly"),
        (.SQLITE_READONLY_DBMOVED, "folderMissing"),
        (.SQLITE_CANTOPEN, "folderMissing"),
        (.SQLITE_IOERR, "folderMissing"),
    ])
    func sqliteCodes(code: ResultCode, expected: String) {
        // The index's folder does not exist, so an open or I/O failure is told as that.
        let error = DiskCacheError.classify(DatabaseError(resultCode: code), indexPath: "/nonexistent-cache/index.sqlite")
        #expect(error.code == expected)
    }
}
