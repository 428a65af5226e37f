import Foundation
import GRDB
import GRDBSQLite
import Logging
import Locking

/// The SQLite index of a ``DiskCache``: one connection in WAL mode with `synchronous=NORMAL`
/// (the close's checkpoint excepted, see ``close()``), opened with honest work only, and rebuilt
/// from the entry files when it turns out damaged.
///
/// Opening an index that was closed cleanly reads its header and `user_version` and nothing else:
/// no integrity check, no write transaction. Whether the close was clean is told by the WAL: SQLite
/// checkpoints and empties `index.sqlite-wal` when the last connection closes (it keeps the file,
/// and `index.sqlite-shm`, for the next run), so a WAL with frames in it at open means another
/// process has the index open or one crashed; then ``openedCleanly`` is false and the cache checks
/// the index in the background. Damage found at any time (the header, a query failing with
/// `SQLITE_CORRUPT` or `SQLITE_NOTADB`, the background check) moves the index aside to
/// `index.sqlite.corrupt` and rebuilds it from the entries' headers, then retries.
final class EntryIndex: Sendable {
    /// The schema this code writes, kept in `PRAGMA user_version`; any other value (0: a new or
    /// pre-header index) means the rows are rebuilt from the entry files.
    static let schemaVersion = 2

    let path: String
    /// False when the last close may not have been clean (see the type's discussion).
    let openedCleanly: Bool

    private let connection: LockedValue<DatabaseQueue?>
    private let busyTimeout: TimeInterval
    private let logger: Logger
    /// Fills a new, empty index from the entry files, inside its first transaction.
    private let rebuild: @Sendable (Database) throws -> Void

    struct Corrupt: Error, CustomStringConvertible {
        var detail: String
        var description: String { "index integrity check failed: \(detail)" }
    }

    init(
        path: String, busyTimeout: TimeInterval, logger: Logger,
        rebuild: @escaping @Sendable (Database) throws -> Void
    ) throws(DiskCacheError) {
        self.path = path
        self.busyTimeout = busyTimeout
        self.logger = logger
        self.rebuild = rebuild
        var walInfo = stat()
        let walExisted = stat(path + "-wal", &walInfo) == 0 && walInfo.st_size > 0
        var rebuilt = false
        let queue: DatabaseQueue
        do {
            try IndexHeaderCheck.run(at: path, walExists: walExisted)
            let opened = try Self.openConnection(at: path, busyTimeout: busyTimeout, rebuild: rebuild)
            queue = opened.queue
            rebuilt = opened.rebuilt
        } catch {
            guard Self.isCorruption(error) else { throw Self.unavailable(path: path, error) }
            logger.error("disk cache index is corrupt; rebuilding it from the entry files",
                         metadata: ["path": "\(path)", "error": "\(error)"])
            do {
                queue = try Self.reopenAside(at: path, busyTimeout: busyTimeout, rebuild: rebuild)
                rebuilt = true
            } catch {
                throw Self.unavailable(path: path, error)
            }
        }
        openedCleanly = !walExisted || rebuilt
        connection = LockedValue(queue)
    }

    /// The index could not be opened: why, as what happened to its folder.
    private static func unavailable(path: String, _ error: any Error) -> DiskCacheError {
        let folder = (path as NSString).deletingLastPathComponent
        return .directoryUnavailable(path: folder, cause: DiskCacheError(error, indexPath: path))
    }

    /// Runs `body` on the connection outside any transaction (a single statement is atomic).
    func read<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try withConnection { queue in try queue.inDatabase(body) }
    }

    /// Runs `body` in an IMMEDIATE transaction: the write lock is taken up front (waiting up to the
    /// busy timeout for another process), and everything in `body` commits or rolls back together.
    func write(_ body: (Database) throws -> Void) throws {
        try withConnection { queue in
            try queue.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try body(db)
                    return .commit
                }
            }
        }
    }

    /// Closes the connection now (SQLite then checkpoints and empties the WAL if it was the last).
    ///
    /// The checkpoint copies the WAL into the index without syncing either file: two fdatasyncs,
    /// and the discard of the synced WAL's blocks as it is emptied, were a wait at the end of
    /// every run that wrote (a large share of the time from the last picture to the exit). What a sync
    /// would protect is derived data: the entry files are not synced either, every read checks
    /// its file against its row, and an index that a power cut leaves damaged is found and
    /// rebuilt from the files like any other damage. A checkpoint cut short leaves frames in the
    /// WAL, which the next open reads as an unclean close and checks.
    func close() {
        connection.withLock { current in
            try? current?.inDatabase { db in try db.execute(sql: "PRAGMA synchronous = OFF") }
            try? current?.close()
            current = nil
        }
    }

    /// `PRAGMA quick_check`; damage found is recovered like any other.
    func verify() throws {
        try read { db in
            let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
            guard check == ["ok"] else { throw Corrupt(detail: check.prefix(3).joined(separator: "; ")) }
        }
    }

    /// Runs `body` on the current connection; on corruption, rebuilds the index and runs it again.
    private func withConnection<T: Sendable>(_ body: (DatabaseQueue) throws -> T) throws -> T {
        try connection.withLock { current throws -> T in
            guard let queue = current else {
                // A rebuild failed earlier (e.g. the disk was full): try the index as it is now.
                let reopened = try Self.openConnection(at: path, busyTimeout: busyTimeout, rebuild: rebuild).queue
                current = reopened
                return try body(reopened)
            }
            do {
                return try body(queue)
            } catch where Self.isCorruption(error) {
                logger.error("disk cache index is corrupt; rebuilding it from the entry files",
                             metadata: ["path": "\(path)", "error": "\(error)"])
            }
            // Closed before its files are moved: SQLite would otherwise, at the last close,
            // delete the WAL by name, which by then is the rebuilt index's.
            try? queue.close()
            current = nil
            let rebuilt = try Self.reopenAside(at: path, busyTimeout: busyTimeout, rebuild: rebuild)
            current = rebuilt
            return try body(rebuilt)
        }
    }

    static func isCorruption(_ error: any Error) -> Bool {
        if error is Corrupt { return true }
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
    }

    // MARK: Opening

    /// Opens the index, creating the schema and rebuilding the rows when `user_version` is not ours.
    private static func openConnection(
        at path: String, busyTimeout: TimeInterval, rebuild: (Database) throws -> Void
    ) throws -> (queue: DatabaseQueue, rebuilt: Bool) {
        var configuration = Configuration()
        configuration.label = "Caching.DiskCache"
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            // Per connection; in WAL mode a commit then needs no fsync, and a power cut can lose
            // only the last commits, never consistency (the files they name are checked on read).
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // The last close checkpoints and empties the WAL but keeps it and the shared-memory
            // file, so the next run makes neither anew (a new file costs up to half a millisecond
            // here); a WAL with frames in it is what tells an unclean close.
            var persist: Int32 = 1
            _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
            try db.execute(sql: "PRAGMA journal_size_limit = 0")
        }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        let version = try queue.inDatabase { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
        guard version != schemaVersion else { return (queue, false) }
        try queue.writeWithoutTransaction { db in
            // The index is derived from the entry files, so building it needs no durability: if
            // power fails before the pages reach the disk, the damage is found and the index is
            // built again. Without fsync, a new cache costs no wait on the disk (five syncs
            // before a first download could start); later commits sync as NORMAL says.
            try db.execute(sql: "PRAGMA synchronous = OFF")
            defer { try? db.execute(sql: "PRAGMA synchronous = NORMAL") }
            // For the same reason a file that is not in WAL mode yet (a new one) is built with its
            // rollback journal in memory: no journal file to create and delete (a new file costs
            // up to half a millisecond here), and a failed rebuild still rolls back.
            if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
                _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = MEMORY")
            }
            try db.inTransaction(.immediate) {
                // Another process may have rebuilt it while we waited for the lock.
                guard try Int.fetchOne(db, sql: "PRAGMA user_version") != schemaVersion else { return .commit }
                try db.execute(sql: "DROP TABLE IF EXISTS entry")
                try db.execute(sql: IndexRow.schema)
                try db.execute(sql: "PRAGMA user_version = \(schemaVersion)")
                try rebuild(db)
                return .commit
            }
            // Persistent in the file: set once, read by every later connection.
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            // The first commit to a new WAL writes its header, and under NORMAL syncs it and then
            // the folder that holds the new file (SQLite's rule for a WAL that starts afresh). A
            // no-op commit writes it now, while the first download still waits for the network,
            // instead of the first entry stored, which would hold up the next decode; and without
            // the syncs, for the reason above: a header lost to a power cut takes only this commit.
            try db.inTransaction(.immediate) {
                try db.execute(sql: "PRAGMA user_version = \(schemaVersion)")
                return .commit
            }
        }
        return (queue, true)
    }

    /// Moves a damaged index (and its WAL) aside for a post-mortem and opens a rebuilt one.
    private static func reopenAside(
        at path: String, busyTimeout: TimeInterval, rebuild: (Database) throws -> Void
    ) throws -> DatabaseQueue {
        let aside = path + ".corrupt"
        for suffix in ["", "-wal", "-shm"] {
            unlink(aside + suffix)
            rename(path + suffix, aside + suffix)
        }
        return try openConnection(at: path, busyTimeout: busyTimeout, rebuild: rebuild).queue
    }
}

/// The header check that runs before SQLite opens the index.
private enum IndexHeaderCheck {
    /// Cheap checks of the 100-byte database header before SQLite sees the file: the magic string,
    /// a possible page size, and (after a clean close, when the file alone holds every page) a
    /// length that covers the page count the header records. Catches garbage and truncation at open.
    static func run(at path: String, walExists: Bool) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }  // a new cache: SQLite creates the file
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size > 0 else { return }  // empty: a new database
        var header = [UInt8](repeating: 0, count: 100)
        guard read(descriptor, &header, 100) == 100 else { throw EntryIndex.Corrupt(detail: "shorter than its header") }
        guard header.prefix(16).elementsEqual(Array("SQLite format 3\0".utf8)) else {
            throw EntryIndex.Corrupt(detail: "not an SQLite database")
        }
        let rawPageSize = Int(header[16]) << 8 | Int(header[17])
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else { throw EntryIndex.Corrupt(detail: "page size \(pageSize)") }
        guard !walExists else { return }
        let size = Int(info.st_size)
        let pageCount = header[28..<32].reduce(0) { $0 << 8 | Int($1) }
        let changeCounter = header[24..<28].reduce(0) { $0 << 8 | Int($1) }
        let validFor = header[92..<96].reduce(0) { $0 << 8 | Int($1) }
        guard size % pageSize == 0, validFor != changeCounter || size >= pageCount * pageSize else {
            throw EntryIndex.Corrupt(detail: "\(size) bytes, \(pageCount) pages of \(pageSize) expected")
        }
    }
}
