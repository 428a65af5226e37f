import Caching
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
    /// opened at all answers `load()` with nil and `save` with why, in the cache's words
    /// (``DiskCacheError``: disk full, read-only, missing folder).
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
                queue = try? Self.rebuild(at: fileURL)
                return nil
            }
        }
    }

    public func save(_ saved: SavedPage) throws(DiskCacheError) {
        let path = fileURL.path
        let result = queue.withLock { queue -> Result<Void, DiskCacheError> in
            do {
                if let database = queue {
                    do {
                        try database.write { try Self.write(saved, into: $0) }
                        return .success(())
                    } catch where Self.isDamage(error) {
                        // Damaged since it was opened: start again, below. Any other failure (a full
                        // disk, a read-only folder) is reported and costs nothing already saved.
                    }
                }
                let rebuilt = try Self.rebuild(at: fileURL)
                queue = rebuilt
                try rebuilt.write { try Self.write(saved, into: $0) }
                return .success(())
            } catch let error as DiskCacheError {
                return .failure(error)
            } catch {
                return .failure(DiskCacheError(database: error, path: path))
            }
        }
        try result.get()
    }

    /// True when SQLite found the file damaged or not a database: the one failure a rebuild mends.
    private static func isDamage(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
    }

    // MARK: - Opening

    private static func open(at url: URL, directory: URL) -> DatabaseQueue? {
        guard (try? DiskCacheError.createFolder(at: directory.path)) != nil else { return nil }
        if let queue = try? migrated(at: url), (try? queue.read(check)) != nil {
            return queue
        }
        return try? rebuild(at: url)
    }

    /// Deletes the file and makes a new, empty store; says why when it cannot.
    private static func rebuild(at url: URL) throws(DiskCacheError) -> DatabaseQueue {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: url.path + suffix)
        }
        try DiskCacheError.createFolder(at: url.deletingLastPathComponent().path)
        do {
            return try migrated(at: url)
        } catch {
            throw DiskCacheError(database: error, path: url.path)
        }
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
