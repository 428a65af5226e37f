import Crypto
import Foundation
import GRDB
import Logging
import Synchronization

/// An offline cache of byte blobs on disk, bounded in total size, safe to share between processes.
///
/// Each entry is one file in `<directory>/entries/` named by the SHA-256 of its key, so nothing
/// from a URL ever becomes a path. An SQLite index (`<directory>/index.sqlite`, WAL mode) records
/// for every key its file, size, SHA-256 checksum, last access and creation time.
///
/// - Writes go to a temporary file in the same directory and are renamed into place, so a crash
///   or a full disk leaves either the old entry or the new one, never a torn file.
/// - Reads verify size and checksum: a corrupt or missing file is dropped and reported as a miss.
/// - When the total size passes `sizeLimit`, the least recently read or written entries go first.
/// - A corrupt index is moved out of the way at open and the cache starts empty.
/// - The file and its index row change together under SQLite's write lock, so two processes (or
///   two instances) sharing a directory never see a file that disagrees with its row.
///
/// ```swift
/// let cache = try DiskCache(directory: CacheLocation.directory(tool: "gallery", override: nil,
///                                                              environment: environment))
/// try cache.store(jpeg, forKey: url.absoluteString)
/// let offline = cache.data(forKey: url.absoluteString)
/// ```
public final class DiskCache: Sendable {
    /// The directory that holds the index and the entries.
    public let directory: URL
    /// The most bytes of entries kept (the index itself is not counted).
    public let sizeLimit: Int

    let options: Options
    private let pool: DatabasePool
    private let files: any FileStoring
    private let logger: Logger
    private let entriesPath: String
    private let access: Mutex<AccessLog>

    /// Tuning that tests scale down; production code uses the defaults.
    struct Options: Sendable {
        /// fsync each entry and its directory before it counts as stored.
        var synchronousWrites = false
        /// Temporary files older than this are leftovers of an interrupted write and are removed at open.
        var staleTemporaryFileAge: TimeInterval = 600
        /// Reads are remembered in memory and written to the index in one go after this many.
        var accessFlushThreshold = 256
        /// How long to wait for another process holding the index's write lock.
        var busyTimeout: TimeInterval = 5
    }

    /// Opens (creating if needed) the cache in `directory`.
    ///
    /// - Parameters:
    ///   - directory: Where the cache lives; created with its parents if missing.
    ///   - sizeLimit: The most bytes of entries kept; older entries are evicted past it.
    ///   - synchronousWrites: fsync every entry before `store` returns. Off by default: a torn file
    ///     after a power cut fails its checksum and is dropped, and a cache can fetch it again.
    ///   - logger: Receives warnings about dropped entries and index recovery.
    /// - Throws: ``DiskCacheError/directoryUnavailable(path:reason:)`` when the directory or its
    ///   index cannot be opened even after starting over.
    public convenience init(
        directory: URL,
        sizeLimit: Int = 200 << 20,
        synchronousWrites: Bool = false,
        logger: Logger = Logger(label: "Caching.DiskCache")
    ) throws(DiskCacheError) {
        var options = Options()
        options.synchronousWrites = synchronousWrites
        try self.init(directory: directory, sizeLimit: sizeLimit, logger: logger,
                      files: POSIXFileStore(), options: options)
    }

    init(
        directory: URL,
        sizeLimit: Int,
        logger: Logger,
        files: any FileStoring,
        options: Options
    ) throws(DiskCacheError) {
        self.directory = directory.standardizedFileURL
        self.sizeLimit = max(0, sizeLimit)
        self.options = options
        self.files = files
        self.logger = logger
        let root = self.directory.path
        entriesPath = root + "/entries"
        access = Mutex(AccessLog())
        do {
            try files.createDirectory(at: root)
            try files.createDirectory(at: entriesPath)
        } catch {
            throw .directoryUnavailable(path: root, reason: error.reason)
        }
        pool = try Self.openIndex(at: root + "/index.sqlite", entriesPath: entriesPath, files: files,
                                  options: options, logger: logger)
        tidyUp()
    }

    deinit {
        flushAccesses(access.withLock { $0.drain() })
    }

    // MARK: Reading

    /// The bytes stored for `key`, verified against their checksum; nil on a miss.
    ///
    /// A file that is missing, or whose size or checksum no longer matches the index, is removed
    /// together with its row and reported as a miss: corrupt bytes are never returned.
    public func data(forKey key: String) -> Data? {
        // A second attempt covers a writer that replaced the entry between our two looks.
        for _ in 0..<2 {
            let entry: IndexEntry?
            do {
                entry = try pool.read { db in try IndexEntry.fetch(key: key, in: db) }
            } catch {
                logger.error("disk cache index read failed", metadata: ["error": "\(error)"])
                return nil
            }
            guard let entry else { return nil }
            let path = entriesPath + "/" + entry.fileName
            do {
                let data = try files.readFile(at: path)
                if data.count == entry.size, Self.checksum(of: data) == entry.checksum {
                    recordAccess(to: key)
                    return data
                }
            } catch where error.code != ENOENT {
                // EIO, EMFILE...: possibly transient, so the entry is kept.
                logger.warning("disk cache entry unreadable", metadata: ["error": "\(error)"])
                return nil
            } catch {
                // Missing: handled below like a corrupt file.
            }
            guard dropEntry(key: key, ifStill: entry) == .replaced else { return nil }
        }
        return nil
    }

    /// Whether the index has an entry for `key` (its file is verified only when read).
    public func contains(_ key: String) -> Bool {
        (try? pool.read { db in try IndexEntry.fetch(key: key, in: db) }) != nil
    }

    /// The number of entries in the index.
    public var count: Int {
        (try? pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entry") }) ?? 0
    }

    /// The total size in bytes of the entries in the index.
    public var totalSize: Int {
        (try? pool.read { db in try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(size), 0) FROM entry") }) ?? 0
    }

    // MARK: Writing

    /// Stores `data` for `key`, replacing any previous entry, then evicts least recently used
    /// entries until the total size is within ``sizeLimit``.
    ///
    /// The bytes go to a temporary file first and are renamed into place only once completely
    /// written, so a failure leaves the previous entry for `key` (and every other one) intact.
    /// - Throws: ``DiskCacheError/diskFull(path:)``, ``DiskCacheError/readOnly(path:)``,
    ///   ``DiskCacheError/writeFailed(path:reason:)`` or ``DiskCacheError/entryTooLarge(size:limit:)``.
    public func store(_ data: Data, forKey key: String) throws(DiskCacheError) {
        guard data.count <= sizeLimit else { throw .entryTooLarge(size: data.count, limit: sizeLimit) }
        let fileName = Self.fileName(forKey: key)
        let finalPath = entriesPath + "/" + fileName
        let temporaryPath = entriesPath + "/" + Self.temporaryPrefix + UUID().uuidString
        let checksum = Self.checksum(of: data)
        do {
            try files.writeNewFile(data, at: temporaryPath, synchronously: options.synchronousWrites)
        } catch {
            try? files.removeFile(at: temporaryPath)
            throw Self.diskCacheError(for: error)
        }

        let (now, pending) = access.withLock { log in (log.tick(), log.drain()) }
        let entry = IndexEntry(key: key, fileName: fileName, size: data.count, checksum: checksum,
                               lastAccess: now, created: now)
        do {
            try writeTransaction { db in
                try Self.apply(pending, in: db)
                try entry.upsert(in: db)
                let evicted = try self.evict(in: db, keeping: key)
                // Renaming last, inside the transaction: if anything above failed, the previous
                // file is still in place and the rollback restores its row.
                try self.files.moveItem(at: temporaryPath, replacing: finalPath)
                for name in evicted where name != fileName {
                    try? self.files.removeFile(at: self.entriesPath + "/" + name)
                }
            }
        } catch {
            try? files.removeFile(at: temporaryPath)
            access.withLock { $0.restore(pending) }
            throw Self.diskCacheError(for: error, indexPath: directory.path + "/index.sqlite")
        }
        if options.synchronousWrites { files.synchronizeDirectory(at: entriesPath) }
    }

    /// Removes the entry for `key`, if there is one.
    public func removeValue(forKey key: String) {
        do {
            try writeTransaction { db in
                guard let entry = try IndexEntry.fetch(key: key, in: db) else { return }
                try db.execute(sql: "DELETE FROM entry WHERE key = ?", arguments: [key])
                try? self.files.removeFile(at: self.entriesPath + "/" + entry.fileName)
            }
        } catch {
            logger.error("disk cache remove failed", metadata: ["error": "\(error)"])
        }
    }

    /// Removes every entry.
    public func removeAll() {
        access.withLock { _ = $0.drain() }
        do {
            try writeTransaction { db in
                try db.execute(sql: "DELETE FROM entry")
                for item in try self.files.contentsOfDirectory(at: self.entriesPath)
                where !item.name.hasPrefix(Self.temporaryPrefix) {
                    try? self.files.removeFile(at: self.entriesPath + "/" + item.name)
                }
            }
        } catch {
            logger.error("disk cache remove all failed", metadata: ["error": "\(error)"])
        }
    }

    // MARK: Internals

    static let temporaryPrefix = ".tmp-"

    /// The file name for `key`: the hex SHA-256 of its UTF-8 bytes.
    static func fileName(forKey key: String) -> String {
        SHA256.hash(data: Data(key.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    static func checksum(of data: Data) -> Data {
        Data(SHA256.hash(data: data))
    }

    /// Runs `body` in an IMMEDIATE transaction: the write lock is taken up front (waiting up to the
    /// busy timeout for another process), and everything in `body` commits or rolls back together.
    private func writeTransaction(_ body: (Database) throws -> Void) throws {
        try pool.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                try body(db)
                return .commit
            }
        }
    }

    private enum DropOutcome { case dropped, gone, replaced }

    /// Deletes the entry for `key` if its row is still the one we found wanting; tells whether
    /// a writer replaced it meanwhile (then the caller looks again).
    private func dropEntry(key: String, ifStill seen: IndexEntry) -> DropOutcome {
        do {
            var outcome = DropOutcome.gone
            try writeTransaction { db in
                guard let current = try IndexEntry.fetch(key: key, in: db) else { return }
                guard current.checksum == seen.checksum, current.fileName == seen.fileName else {
                    outcome = .replaced
                    return
                }
                try db.execute(sql: "DELETE FROM entry WHERE key = ?", arguments: [key])
                try? self.files.removeFile(at: self.entriesPath + "/" + current.fileName)
                outcome = .dropped
            }
            if outcome == .dropped {
                logger.warning("dropped a corrupt or missing disk cache entry",
                               metadata: ["file": "\(seen.fileName)"])
            }
            return outcome
        } catch {
            logger.error("disk cache could not drop a corrupt entry", metadata: ["error": "\(error)"])
            return .gone
        }
    }

    /// Deletes least recently used rows (never `kept`) until the total is within the limit and
    /// returns their file names; the caller removes the files inside the same transaction.
    private func evict(in db: Database, keeping kept: String?) throws -> [String] {
        var total = try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(size), 0) FROM entry") ?? 0
        var evicted: [String] = []
        while total > sizeLimit {
            let victims = try Row.fetchAll(
                db.cachedStatement(sql: """
                    SELECT key, fileName, size FROM entry WHERE key IS NOT ? ORDER BY lastAccess LIMIT 16
                    """),
                arguments: [kept])
            guard !victims.isEmpty else { break }
            for victim in victims where total > sizeLimit {
                let key: String = victim["key"]
                try db.execute(sql: "DELETE FROM entry WHERE key = ?", arguments: [key])
                evicted.append(victim["fileName"])
                total -= victim["size"] as Int
            }
        }
        return evicted
    }

    private func recordAccess(to key: String) {
        let due = access.withLock { log -> [String: Int64]? in
            log.record(key)
            return log.pending.count >= options.accessFlushThreshold ? log.drain() : nil
        }
        if let due { flushAccesses(due) }
    }

    private func flushAccesses(_ pending: [String: Int64]) {
        guard !pending.isEmpty else { return }
        do {
            try writeTransaction { db in try Self.apply(pending, in: db) }
        } catch {
            // Only the recency of a few entries is lost: eviction order becomes slightly less exact.
            logger.debug("disk cache could not record reads", metadata: ["error": "\(error)"])
        }
    }

    private static func apply(_ pending: [String: Int64], in db: Database) throws {
        guard !pending.isEmpty else { return }
        let statement = try db.cachedStatement(
            sql: "UPDATE entry SET lastAccess = MAX(lastAccess, ?) WHERE key = ?")
        for (key, time) in pending {
            try statement.execute(arguments: [time, key])
        }
    }

    /// Removes leftovers of interrupted writes and files the index does not know, and applies a
    /// size limit that may have shrunk since the last run. Runs under the write lock, so another
    /// process cannot be between its rename and its commit.
    private func tidyUp() {
        do {
            try writeTransaction { db in
                let known = try Set(String.fetchAll(db, sql: "SELECT fileName FROM entry"))
                let now = Date()
                for item in try self.files.contentsOfDirectory(at: self.entriesPath) {
                    let path = self.entriesPath + "/" + item.name
                    if item.name.hasPrefix(Self.temporaryPrefix) {
                        guard now.timeIntervalSince(item.modified) > self.options.staleTemporaryFileAge
                        else { continue }
                        self.logger.info("removing the leftover of an interrupted cache write",
                                         metadata: ["file": "\(item.name)"])
                        try? self.files.removeFile(at: path)
                    } else if !known.contains(item.name) {
                        try? self.files.removeFile(at: path)
                    }
                }
                for name in try self.evict(in: db, keeping: nil) {
                    try? self.files.removeFile(at: self.entriesPath + "/" + name)
                }
            }
        } catch {
            logger.warning("disk cache tidy-up failed", metadata: ["error": "\(error)"])
        }
    }
}

// MARK: - Opening and recovering the index

extension DiskCache {
    private struct IndexCorrupt: Error, CustomStringConvertible {
        var detail: String
        var description: String { "index integrity check failed: \(detail)" }
    }

    /// Opens the index; if it is not a database or fails its integrity check, moves it aside,
    /// removes the entries it described and starts an empty one.
    fileprivate static func openIndex(
        at path: String, entriesPath: String, files: any FileStoring, options: Options, logger: Logger
    ) throws(DiskCacheError) -> DatabasePool {
        do {
            return try openCheckedIndex(at: path, options: options)
        } catch {
            guard isCorruption(error) else {
                throw .directoryUnavailable(path: path, reason: "\(error)")
            }
            logger.error("disk cache index is corrupt; starting an empty cache",
                         metadata: ["path": "\(path)", "error": "\(error)"])
        }
        let aside = path + ".corrupt"
        for suffix in ["", "-wal", "-shm"] {
            try? files.removeFile(at: aside + suffix)
            try? files.moveItem(at: path + suffix, replacing: aside + suffix)
        }
        // Without their rows the entries cannot be verified, so they go too.
        for item in (try? files.contentsOfDirectory(at: entriesPath)) ?? [] {
            try? files.removeFile(at: entriesPath + "/" + item.name)
        }
        do {
            return try openCheckedIndex(at: path, options: options)
        } catch {
            throw .directoryUnavailable(path: path, reason: "\(error)")
        }
    }

    private static func openCheckedIndex(at path: String, options: Options) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.label = "Caching.DiskCache"
        configuration.busyMode = .timeout(options.busyTimeout)
        configuration.maximumReaderCount = 4
        let pool = try DatabasePool(path: path, configuration: configuration)
        try pool.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
                guard check == ["ok"] else { throw IndexCorrupt(detail: check.prefix(3).joined(separator: "; ")) }
                try db.execute(sql: """
                    CREATE TABLE IF NOT EXISTS entry (
                        key TEXT PRIMARY KEY NOT NULL,
                        fileName TEXT NOT NULL,
                        size INTEGER NOT NULL,
                        checksum BLOB NOT NULL,
                        lastAccess INTEGER NOT NULL,
                        created INTEGER NOT NULL
                    );
                    CREATE INDEX IF NOT EXISTS entry_lastAccess ON entry(lastAccess);
                    """)
                return .commit
            }
        }
        return pool
    }

    private static func isCorruption(_ error: any Error) -> Bool {
        if error is IndexCorrupt { return true }
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
    }
}

// MARK: - Error mapping

extension DiskCache {
    static func diskCacheError(for error: any Error, indexPath: String = "") -> DiskCacheError {
        if let error = error as? DiskCacheError { return error }
        if let failure = error as? FileSystemFailure {
            switch failure.code {
            case ENOSPC, EDQUOT: return .diskFull(path: failure.path)
            case EROFS, EACCES, EPERM: return .readOnly(path: failure.path)
            default: return .writeFailed(path: failure.path, reason: failure.reason)
            }
        }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_FULL: return .diskFull(path: indexPath)
            case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH: return .readOnly(path: indexPath)
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return .writeFailed(path: indexPath, reason: "the cache index is busy in another process")
            default: return .writeFailed(path: indexPath, reason: error.message ?? "\(error.resultCode)")
            }
        }
        return .writeFailed(path: indexPath, reason: "\(error)")
    }
}

extension FileSystemFailure {
    /// strerror's wording, e.g. "No space left on device".
    var reason: String { String(cString: strerror(code)) }
}

// MARK: - Index rows and access bookkeeping

/// One row of the index.
struct IndexEntry: Sendable, Equatable {
    var key: String
    var fileName: String
    var size: Int
    var checksum: Data
    /// Microseconds since 1970.
    var lastAccess: Int64
    /// Microseconds since 1970.
    var created: Int64

    static func fetch(key: String, in db: Database) throws -> IndexEntry? {
        let statement = try db.cachedStatement(
            sql: "SELECT fileName, size, checksum, lastAccess, created FROM entry WHERE key = ?")
        guard let row = try Row.fetchOne(statement, arguments: [key]) else { return nil }
        return IndexEntry(key: key, fileName: row[0], size: row[1], checksum: row[2],
                          lastAccess: row[3], created: row[4])
    }

    func upsert(in db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO entry (key, fileName, size, checksum, lastAccess, created) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT(key) DO UPDATE SET fileName = excluded.fileName, size = excluded.size,
                checksum = excluded.checksum, lastAccess = excluded.lastAccess, created = excluded.created
            """)
        try statement.execute(arguments: [key, fileName, size, checksum, lastAccess, created])
    }
}

/// Reads not yet written to the index, and a clock that never repeats a value, so two accesses in
/// the same microsecond still have an order.
struct AccessLog: Sendable {
    private(set) var pending: [String: Int64] = [:]
    private var last: Int64 = 0

    mutating func tick() -> Int64 {
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
        last = max(now, last + 1)
        return last
    }

    mutating func record(_ key: String) {
        pending[key] = tick()
    }

    mutating func drain() -> [String: Int64] {
        defer { pending = [:] }
        return pending
    }

    /// Puts back reads whose flush was rolled back, keeping any newer time recorded meanwhile.
    mutating func restore(_ reads: [String: Int64]) {
        pending.merge(reads) { newer, _ in newer }
    }
}
