import Crypto
import Foundation
import Logging
import Locking

/// An offline cache of byte blobs on disk, bounded in total size, safe to share between processes.
///
/// Each entry is one file in `<directory>/entries/` named by the SHA-256 of its key, so nothing
/// from a URL ever becomes a path. The file starts with a small header (see `EntryHeader`): its
/// key, length and XXH64 checksum, so every file can be verified on its own and a lost or damaged
/// index is rebuilt from the files. An SQLite index (`<directory>/index.sqlite`, WAL mode) records
/// for every key its file, size, checksum, last access and creation time.
///
/// - Writes go to a temporary file in the same directory and are renamed into place, so a crash
///   or a full disk leaves either the old entry or the new one, never a torn file.
/// - Reads verify the header, length and checksum: a corrupt or missing file is dropped and
///   reported as a miss.
/// - When the total size passes `sizeLimit`, the least recently read or written entries go first
///   (a read is recorded when the entry's last one is over ten minutes old, so reading what was
///   just read or stored writes nothing).
/// - Opening does honest work only (see `EntryIndex`); tidying after a crash runs in the background.
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
    /// The most bytes of entries kept (the index and the entries' headers are not counted).
    public let sizeLimit: Int

    let options: Options
    let index: EntryIndex
    let files: any FileStoring
    let logger: Logger
    let entriesPath: String
    let access: LockedValue<AccessLog>
    let tidier: CacheTidier
    /// The background work started at open; waited for before the index closes.
    let maintenance = DispatchGroup()
    /// Whether the open left work for the background (an unclean close, or entries over the limit).
    let startedMaintenance: Bool

    /// Tuning that tests scale down; production code uses the defaults.
    struct Options: Sendable {
        /// fsync each entry and its directory before it counts as stored.
        var synchronousWrites = false
        /// Temporary files older than this are leftovers of an interrupted write and are removed
        /// by the tidy-up after an unclean close.
        var staleTemporaryFileAge: TimeInterval = 600
        /// Reads are remembered in memory and written to the index in one go after this many.
        var accessFlushThreshold = 256
        /// How stale a row's last access may grow before a read records a new one, in
        /// microseconds, like `relatime` for a file's access time: the eviction order is exact
        /// to within this, and a session that only reads what was read or stored moments ago
        /// writes nothing to the index, not even at close.
        var accessResolution: Int64 = 10 * 60 * 1_000_000
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
    /// - Throws: ``DiskCacheError/directoryUnavailable(path:cause:)`` when the directory or its
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
        let entriesPath = root + "/entries"
        self.entriesPath = entriesPath
        access = LockedValue(AccessLog())
        do {
            try files.createDirectory(at: root)
            try files.createDirectory(at: entriesPath)
        } catch {
            throw .directoryUnavailable(path: root, cause: DiskCacheError(error))
        }
        let scanner = EntryScanner(entriesPath: entriesPath, files: files, options: options, logger: logger)
        index = try EntryIndex(path: root + "/index.sqlite", busyTimeout: options.busyTimeout, logger: logger) { db in
            try scanner.rebuildRows(in: db)
        }
        tidier = CacheTidier(index: index, scanner: scanner, files: files, entriesPath: entriesPath,
                             sizeLimit: self.sizeLimit, logger: logger)
        startedMaintenance = tidier.start(in: maintenance)
    }

    /// Closes the index once the background work is done, so a clean close is seen as one.
    deinit {
        maintenance.wait()
        flushAccesses(access.withLock { $0.drain() })
        index.close()
    }

    // MARK: Reading

    /// The bytes stored for `key`, verified against their checksum; nil on a miss.
    ///
    /// A file that is missing, or whose header, size or checksum no longer matches, is removed
    /// together with its row and reported as a miss: corrupt bytes are never returned.
    public func data(forKey key: String) -> Data? {
        // A second attempt covers a writer that replaced the entry between our two looks.
        for _ in 0..<2 {
            let row: IndexRow?
            do {
                row = try index.read { db in try IndexRow.fetch(key: key, in: db) }
            } catch {
                logger.error("disk cache index read failed", metadata: ["error": "\(error)"])
                return nil
            }
            guard let row else { return nil }
            do {
                // The file must be exactly the header the row implies and the payload: the header is
                // read apart, so the payload comes back as it was read, without a copy.
                let expected = EntryHeader(key: key, payloadLength: row.size, checksum: row.checksum)
                if let file = try files.readFile(at: entriesPath + "/" + row.fileName,
                                                 headLength: expected.encodedLength, bodyLength: row.size),
                   expected.isEncoded(in: file.head), XXHash64.digest(of: file.body) == row.checksum {
                    recordAccess(to: key, lastRecorded: row.lastAccess)
                    return file.body
                }
            } catch where error.code != ENOENT {
                // EIO, EMFILE...: possibly transient, so the entry is kept.
                logger.warning("disk cache entry unreadable", metadata: ["error": "\(error)"])
                return nil
            } catch {
                // Missing: handled below like a corrupt file.
            }
            guard dropEntry(key: key, ifStill: row) == .replaced else { return nil }
        }
        return nil
    }

    /// Whether the index has an entry for `key` (its file is verified only when read).
    public func contains(_ key: String) -> Bool {
        (try? index.read { db in try IndexRow.fetch(key: key, in: db) }) != nil
    }

    /// The number of entries in the index.
    public var count: Int {
        (try? index.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entry") ?? 0 }) ?? 0
    }

    /// The total size in bytes of the entries in the index (their payloads).
    public var totalSize: Int {
        (try? index.read { db in try IndexRow.totalSize(in: db) }) ?? 0
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
        guard key.utf8.count <= EntryHeader.maximumKeyLength else {
            throw .writeFailed(path: entriesPath, reason: "the key is longer than \(EntryHeader.maximumKeyLength) bytes")
        }
        let fileName = Self.fileName(forKey: key)
        let finalPath = entriesPath + "/" + fileName
        let temporaryPath = entriesPath + "/" + Self.temporaryPrefix + UUID().uuidString
        let checksum = XXHash64.digest(of: data)
        do {
            let header = EntryHeader(key: key, payloadLength: data.count, checksum: checksum)
            try files.writeNewFile(header.encoded, then: data, at: temporaryPath, synchronously: options.synchronousWrites)
        } catch {
            try? files.removeFile(at: temporaryPath)
            throw DiskCacheError(error)
        }

        let (now, pending) = access.withLock { log in (log.tick(), log.drain()) }
        let row = IndexRow(key: key, fileName: fileName, size: data.count, checksum: checksum,
                           lastAccess: now, created: now)
        do {
            try index.write { db in
                try IndexRow.applyAccesses(pending, in: db)
                try row.upsert(in: db)
                let evicted = try self.tidier.evict(in: db, keeping: key)
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
            throw DiskCacheError(error, indexPath: index.path)
        }
        if options.synchronousWrites { files.synchronizeDirectory(at: entriesPath) }
    }

    /// Removes the entry for `key`, if there is one.
    public func removeValue(forKey key: String) {
        do {
            try index.write { db in
                guard let row = try IndexRow.fetch(key: key, in: db) else { return }
                try IndexRow.delete(key: key, in: db)
                try? self.files.removeFile(at: self.entriesPath + "/" + row.fileName)
            }
        } catch {
            logger.error("disk cache remove failed", metadata: ["error": "\(error)"])
        }
    }

    /// Removes every entry.
    public func removeAll() {
        access.withLock { _ = $0.drain() }
        do {
            try index.write { db in
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

    /// Whether a cache was ever opened in `directory`: one look at the file system, no opening.
    /// A process that finds none knows every entry it wants will come from the network.
    public static func exists(in directory: URL) -> Bool {
        pathExists(directory.path + "/index.sqlite")
    }

    /// Blocks until the work started at open is done (tests look at its results).
    func waitForMaintenance() {
        maintenance.wait()
    }

    // MARK: Internals

    static let temporaryPrefix = ".tmp-"

    /// The file name for `key`: the hex SHA-256 of its UTF-8 bytes, written straight into one string.
    static func fileName(forKey key: String) -> String {
        let digest = SHA256.hash(data: Array(key.utf8))
        return String(unsafeUninitializedCapacity: SHA256.byteCount * 2) { characters in
            var index = 0
            for byte in digest {
                characters[index] = hexDigits[Int(byte >> 4)]
                characters[index + 1] = hexDigits[Int(byte & 0x0F)]
                index += 2
            }
            return index
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Whether `name` has the shape of an entry's file name (see ``fileName(forKey:)``): 64
    /// lowercase hex digits. A name from the index is only ever joined to the entries folder
    /// after this check, so a damaged or doctored index can make the cache neither read nor
    /// delete anything outside it.
    static func isEntryFileName(_ name: some Collection<UInt8>) -> Bool {
        name.count == SHA256.byteCount * 2 && name.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    private enum DropOutcome { case dropped, gone, replaced }

    /// Deletes the entry for `key` if its row is still the one we found wanting; tells whether
    /// a writer replaced it meanwhile (then the caller looks again).
    private func dropEntry(key: String, ifStill seen: IndexRow) -> DropOutcome {
        do {
            var outcome = DropOutcome.gone
            try index.write { db in
                guard let current = try IndexRow.fetch(key: key, in: db) else { return }
                guard current.checksum == seen.checksum, current.fileName == seen.fileName,
                      current.created == seen.created
                else {
                    outcome = .replaced
                    return
                }
                try IndexRow.delete(key: key, in: db)
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

    private func recordAccess(to key: String, lastRecorded: Int64) {
        let due = access.withLock { log -> [String: Int64]? in
            guard log.now() - lastRecorded >= options.accessResolution else { return nil }
            log.record(key)
            return log.pending.count >= options.accessFlushThreshold ? log.drain() : nil
        }
        if let due { flushAccesses(due) }
    }

    private func flushAccesses(_ pending: [String: Int64]) {
        guard !pending.isEmpty else { return }
        do {
            try index.write { db in try IndexRow.applyAccesses(pending, in: db) }
        } catch {
            // Only the recency of a few entries is lost: eviction order becomes slightly less exact.
            logger.debug("disk cache could not record reads", metadata: ["error": "\(error)"])
        }
    }
}

/// `access(2)` for a path's existence, out of the reach of `DiskCache.access`.
private func pathExists(_ path: String) -> Bool { access(path, F_OK) == 0 }
