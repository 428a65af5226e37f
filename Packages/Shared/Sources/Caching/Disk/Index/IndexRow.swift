import Foundation
import GRDB

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

    static func fetch(key: String, in db: Database) throws -> IndexRow? {
        let statement = try db.cachedStatement(
            sql: "SELECT fileName, size, checksum, lastAccess, created FROM entry WHERE key = ?")
        guard let row = try Row.fetchOne(statement, arguments: [key]) else { return nil }
        return IndexRow(key: key, fileName: row[0], size: row[1], checksum: UInt64(bitPattern: row[2]),
                        lastAccess: row[3], created: row[4])
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
