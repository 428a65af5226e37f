import Foundation
import GRDB
import GRDBSQLite

/// One row of the index: what the cache knows about one entry without opening its file.
struct IndexRow: Sendable, Equatable {
    var key: String
    var fileName: String
    /// The payload's length (the header is not counted against the size limit).
    var size: Int
    /// XXH64 of the payload, as in the entry's header.
    var checksum: UInt64
    /// Microseconds since 1970.
    var lastAccess: Int64
    /// Microseconds since 1970.
    var created: Int64

    static let schema = """
        CREATE TABLE entry (
            key TEXT PRIMARY KEY NOT NULL,
            fileName TEXT NOT NULL,
            size INTEGER NOT NULL,
            checksum INTEGER NOT NULL,
            lastAccess INTEGER NOT NULL,
            created INTEGER NOT NULL
        );
        CREATE INDEX entry_lastAccess ON entry(lastAccess);
        """

    /// The row for `key`, or nil. Every read of the cache starts here.
    ///
    /// Steps GRDB's cached statement itself and reads the five columns where SQLite keeps them:
    /// `Row.fetchOne` builds a cursor, a row and a copy of that row for them, most of what a
    /// lookup took (the `disk-read` bench row), where SQLite's own search is a small part.
    /// A file name that is not an entry's, or a NULL where the schema allows none, is damage:
    /// it throws `SQLITE_CORRUPT`, which rebuilds the index from the entry files.
    static func fetch(key: String, in db: Database) throws -> IndexRow? {
        let sql = "SELECT fileName, size, checksum, lastAccess, created FROM entry WHERE key = ?"
        let statement = try db.cachedStatement(sql: sql).sqliteStatement
        // A failed step was reported when it failed; resetting now only readies the statement.
        sqlite3_reset(statement)
        return try key.withCString { text throws -> IndexRow? in
            // Bound without a copy, for as long as `text` lives: unbound again before it ends, and
            // the statement reset, so that it holds no read transaction open between lookups.
            defer {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            }
            // As GRDB binds a string when a row is written: up to a NUL, which no URL holds.
            var code = sqlite3_bind_text(statement, 1, text, -1, nil)
            if code == SQLITE_OK { code = sqlite3_step(statement) }
            switch code {
            case SQLITE_DONE:
                return nil
            case SQLITE_ROW:
                guard sqlite3_column_type(statement, 0) == SQLITE_TEXT, let name = sqlite3_column_text(statement, 0),
                      (1...4).allSatisfy({ sqlite3_column_type(statement, $0) == SQLITE_INTEGER }) else {
                    throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "an index row with a NULL or mistyped column", sql: sql)
                }
                let nameBytes = UnsafeBufferPointer(start: name, count: Int(sqlite3_column_bytes(statement, 0)))
                guard DiskCache.isEntryFileName(nameBytes) else {
                    throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "an index row names a file that is not an entry's", sql: sql)
                }
                return IndexRow(key: key, fileName: String(decoding: nameBytes, as: UTF8.self),
                                size: Int(sqlite3_column_int64(statement, 1)),
                                checksum: UInt64(bitPattern: sqlite3_column_int64(statement, 2)),
                                lastAccess: sqlite3_column_int64(statement, 3), created: sqlite3_column_int64(statement, 4))
            default:
                throw DatabaseError(resultCode: ResultCode(rawValue: code),
                                    message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
            }
        }
    }

    func upsert(in db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO entry (key, fileName, size, checksum, lastAccess, created) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT(key) DO UPDATE SET fileName = excluded.fileName, size = excluded.size,
                checksum = excluded.checksum, lastAccess = excluded.lastAccess, created = excluded.created
            """)
        try statement.execute(arguments: [key, fileName, size, Int64(bitPattern: checksum), lastAccess, created])
    }

    static func delete(key: String, in db: Database) throws {
        try db.execute(sql: "DELETE FROM entry WHERE key = ?", arguments: [key])
    }

    static func totalSize(in db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(size), 0) FROM entry") ?? 0
    }

    /// Moves the recorded reads into the rows (never backwards: another process may have read later).
    static func applyAccesses(_ pending: [String: Int64], in db: Database) throws {
        guard !pending.isEmpty else { return }
        let statement = try db.cachedStatement(
            sql: "UPDATE entry SET lastAccess = MAX(lastAccess, ?) WHERE key = ?")
        for (key, time) in pending {
            try statement.execute(arguments: [time, key])
        }
    }
}

/// Reads not yet written to the index, and a clock that never repeats a value, so two accesses in
/// the same microsecond still have an order.
struct AccessLog: Sendable {
    private(set) var pending: [String: Int64] = [:]
    private var last: Int64 = 0

    mutating func tick() -> Int64 {
        last = max(now(), last + 1)
        return last
    }

    /// The wall clock in microseconds since 1970, the unit of `lastAccess`.
    func now() -> Int64 {
        Int64(Date().timeIntervalSince1970 * 1_000_000)
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
