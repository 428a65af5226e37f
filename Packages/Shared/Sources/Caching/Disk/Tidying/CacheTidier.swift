import Foundation
import GRDB
import Logging

/// Keeps a ``DiskCache`` within its size limit and clears up after crashes, off the caller's path.
///
/// Holds what the work needs rather than the cache itself, so closing the cache never waits for
/// an owner that is gone, and the cache's `deinit` can wait for the work and then close the index.
struct CacheTidier: Sendable {
    let index: EntryIndex
    let scanner: EntryScanner
    let files: any FileStoring
    let entriesPath: String
    let sizeLimit: Int
    let logger: Logger

    /// The work an open leaves for later, on a background queue: after an unclean close the
    /// index's integrity check and the adoption or removal of files it does not know; always, the
    /// eviction down to a size limit that may have shrunk since the last run. Returns whether any
    /// work was left for later.
    @discardableResult
    func start(in group: DispatchGroup) -> Bool {
        let clean = index.openedCleanly
        // A clean index within its limit, the usual open, needs nothing: one sum answers it here,
        // with no thread started (a start that creates threads waits while libcurl loads).
        if clean, let total = try? index.read({ db in try IndexRow.totalSize(in: db) }), total <= sizeLimit {
            return false
        }
        DispatchQueue.global(qos: .utility).async(group: group) {
            if !clean { checkAndTidy() }
            evictToLimit()
        }
        return true
    }

    /// Checks the index (rebuilding it if damaged), then adopts valid entry files it does not know,
    /// removes invalid ones and stale temporary files. Runs under the write lock, so another
    /// process cannot be between its rename and its commit.
    func checkAndTidy() {
        do {
            try index.verify()
            try index.write { db in
                let known = try Set(String.fetchAll(db, sql: "SELECT fileName FROM entry"))
                let outcome = try scanner.adoptEntries(in: db, skipping: known)
                if outcome.adopted > 0 || outcome.dropped > 0 {
                    logger.info("disk cache tidied up after an unclean close",
                                metadata: ["adopted": "\(outcome.adopted)", "dropped": "\(outcome.dropped)"])
                }
            }
        } catch {
            logger.warning("disk cache tidy-up failed", metadata: ["error": "\(error)"])
        }
    }

    /// Evicts least recently used entries while the total is over the limit (a read when it is not).
    func evictToLimit() {
        do {
            guard try index.read({ db in try IndexRow.totalSize(in: db) }) > sizeLimit else { return }
            try index.write { db in
                for name in try evict(in: db, keeping: nil) {
                    try? files.removeFile(at: entriesPath + "/" + name)
                }
            }
        } catch {
            logger.warning("disk cache eviction failed", metadata: ["error": "\(error)"])
        }
    }

    /// Deletes least recently used rows (never `kept`) until the total is within the limit and
    /// returns their file names; the caller removes the files inside the same transaction.
    func evict(in db: Database, keeping kept: String?) throws -> [String] {
        var total = try IndexRow.totalSize(in: db)
        var evicted: [String] = []
        while total > sizeLimit {
            let victims = try Row.fetchAll(
                db.cachedStatement(sql: """
                    SELECT key, fileName, size FROM entry WHERE key IS NOT ? ORDER BY lastAccess LIMIT 16
                    """),
                arguments: [kept])
            guard !victims.isEmpty else { break }
            for victim in victims where total > sizeLimit {
                try IndexRow.delete(key: victim["key"], in: db)
                // A doctored row's file name is never joined to the folder (see `isEntryFileName`).
                let name: String = victim["fileName"]
                if DiskCache.isEntryFileName(name.utf8) { evicted.append(name) }
                total -= victim["size"] as Int
            }
        }
        return evicted
    }
}
