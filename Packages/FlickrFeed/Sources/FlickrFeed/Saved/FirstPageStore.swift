import Foundation
import GRDB
import Locking

/// The first page in SQLite (through GRDB), in the shared cache directory.
///
/// Saved every time page 1 is fetched, not when the program ends (the seed saved only on
/// `willTerminate`, so a crash lost it). A database that is missing is created; one that is
/// corrupt, from another version or unreadable is deleted and rebuilt, never a crash: losing the
/// saved page costs one slower launch.
///
/// ```swift
/// let store = FirstPageStore(directory: cacheDirectory)
/// let saved = store.load()
/// ```
public final class FirstPageStore: FirstPageStoring {
    /// The database file name inside the directory.
    public static let fileName = "first-page.sqlite"

    /// Where the database lives.
    let fileURL: URL
    private let queue: LockedValue<DatabaseQueue?>

    /// Opens (or creates, or rebuilds) the store in `directory`. Never throws: a store that cannot be
    /// opened at all answers `load()` with nil and `save` with an error.
    public init(directory: URL) {
        fileURL = directory.appendingPathComponent(Self.fileName)
        queue = LockedValue(Self.open(at: fileURL, directory: directory))
    }

    public func load() -> SavedPage? {
        queue.withLock { queue -> SavedPage? in
            guard let database = queue else { return nil }
            do {
                return try database.read(Self.read)
            } catch {
                // Corrupt since it was opened (or never really a database): start again.
                queue = Self.rebuild(at: fileURL)
                return nil
            }
        }
    }

    public func save(_ saved: SavedPage) throws(FirstPageStoreError) {
        let result: Result<Void, FirstPageStoreError> = queue.withLock { queue in
            if queue == nil { queue = Self.rebuild(at: fileURL) }
            guard let database = queue else {
                return .failure(.unavailable(path: fileURL.path, reason: "cannot be created"))
            }
            do {
                try database.write { try Self.write(saved, into: $0) }
                return .success(())
            } catch {
                // One rebuild and one more try: a corrupt file is the usual cause.
                guard let rebuilt = Self.rebuild(at: fileURL) else {
                    return .failure(.writeFailed(path: fileURL.path, reason: String(describing: error)))
                }
                queue = rebuilt
                do {
                    try rebuilt.write { try Self.write(saved, into: $0) }
                    return .success(())
                } catch {
                    return .failure(.writeFailed(path: fileURL.path, reason: String(describing: error)))
                }
            }
        }
        try result.get()
    }

    // MARK: - Opening

    private static func open(at url: URL, directory: URL) -> DatabaseQueue? {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            return nil
        }
        if let queue = try? migrated(at: url), (try? queue.read(check)) != nil {
            return queue
        }
        return rebuild(at: url)
    }

    private static func rebuild(at url: URL) -> DatabaseQueue? {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: url.path + suffix)
        }
        try? FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        return try? migrated(at: url)
    }

    private static func migrated(at url: URL) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(2)
        let queue = try DatabaseQueue(path: url.path, configuration: configuration)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "savedPage") { table in
                table.column("id", .integer).primaryKey()
                table.column("page", .integer).notNull()
                table.column("pages", .integer).notNull()
                table.column("perPage", .integer).notNull()
                table.column("total", .integer).notNull()
                table.column("savedAt", .double).notNull()
            }
            try db.create(table: "savedPhoto") { table in
                table.column("position", .integer).primaryKey()
                table.column("id", .text).notNull()
                table.column("owner", .text).notNull()
                table.column("secret", .text).notNull()
                table.column("server", .text).notNull()
                table.column("farm", .integer).notNull()
                table.column("title", .text).notNull()
                table.column("ownerName", .text)
                table.column("dateUploaded", .integer)
            }
        }
        try migrator.migrate(queue)
        return queue
    }

    /// Reads every table once, so a file that only looks like a database is found out at launch.
    private static func check(_ db: Database) throws {
        _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM savedPage")
        _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM savedPhoto")
        let integrity = try String.fetchOne(db, sql: "PRAGMA quick_check")
        guard integrity == "ok" else { throw DatabaseError(resultCode: .SQLITE_CORRUPT) }
    }

    // MARK: - Rows

    private static func read(_ db: Database) throws -> SavedPage? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM savedPage WHERE id = 1") else { return nil }
        let photos = try Row.fetchAll(db, sql: "SELECT * FROM savedPhoto ORDER BY position").map { row in
            FlickrPhoto(
                id: row["id"], owner: row["owner"], secret: row["secret"], server: row["server"],
                farm: row["farm"], title: row["title"], ownerName: row["ownerName"],
                dateUploaded: row["dateUploaded"]
            )
        }
        let page = FlickrPage(
            page: row["page"], pages: row["pages"], perPage: row["perPage"], total: row["total"],
            photos: photos)
        return SavedPage(page: page, savedAt: Date(timeIntervalSince1970: row["savedAt"]))
    }

    private static func write(_ saved: SavedPage, into db: Database) throws {
        try db.execute(sql: "DELETE FROM savedPhoto")
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO savedPage (id, page, pages, perPage, total, savedAt)
                VALUES (1, ?, ?, ?, ?, ?)
                """,
            arguments: [
                saved.page.page, saved.page.pages, saved.page.perPage, saved.page.total,
                saved.savedAt.timeIntervalSince1970,
            ]
        )
        for (position, photo) in saved.page.photos.enumerated() {
            try db.execute(
                sql: """
                    INSERT INTO savedPhoto (position, id, owner, secret, server, farm, title, ownerName, dateUploaded)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    position, photo.id, photo.owner, photo.secret, photo.server, photo.farm,
                    photo.title, photo.ownerName, photo.dateUploaded,
                ]
            )
        }
    }
}
