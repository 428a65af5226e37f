import Foundation
import GRDB
import Logging

/// Reads the entry directory back into index rows, from the entries' own headers.
///
/// Used to rebuild a lost or damaged index (nothing downloaded is lost with it) and, after an
/// unclean close, to adopt or remove the files the index does not know. A file is taken only when
/// its header is well formed, names a key whose SHA-256 is the file's name, and gives the file's
/// exact length; its payload checksum goes into the row and is verified when the entry is read.
/// Anything else (a pre-header entry, a torn or foreign file) is removed.
struct EntryScanner: Sendable {
    let entriesPath: String
    let files: any FileStoring
    let options: DiskCache.Options
    let logger: Logger

    /// How much of a file is read first: enough for the header of any ordinary URL key.
    private static let firstRead = 4_096

    /// Fills a new, empty index with a row for every valid entry file (inside its transaction).
    func rebuildRows(in db: Database) throws {
        let outcome = try adoptEntries(in: db, skipping: [])
        if outcome.adopted > 0 || outcome.dropped > 0 {
            logger.warning("disk cache index rebuilt from the entry files",
                           metadata: ["kept": "\(outcome.adopted)", "dropped": "\(outcome.dropped)"])
        }
    }

    /// Adds a row for each valid entry file not named in `known`, removes invalid ones and stale
    /// temporary files, and leaves fresh temporary files (another process's write in flight) alone.
    func adoptEntries(in db: Database, skipping known: Set<String>) throws -> (adopted: Int, dropped: Int) {
        var adopted = 0
        var dropped = 0
        let now = Date()
        for item in try files.contentsOfDirectory(at: entriesPath) where !known.contains(item.name) {
            let path = entriesPath + "/" + item.name
            if item.name.hasPrefix(DiskCache.temporaryPrefix) {
                guard now.timeIntervalSince(item.modified) > options.staleTemporaryFileAge else { continue }
                logger.info("removing the leftover of an interrupted cache write", metadata: ["file": "\(item.name)"])
                try? files.removeFile(at: path)
                continue
            }
            guard let row = row(for: item) else {
                try? files.removeFile(at: path)
                dropped += 1
                continue
            }
            try row.upsert(in: db)
            adopted += 1
        }
        return (adopted, dropped)
    }

    /// The index row an entry file describes, or nil when it is not a valid entry.
    private func row(for item: DirectoryEntry) -> IndexRow? {
        let path = entriesPath + "/" + item.name
        guard var (prefix, fileSize) = try? files.readPrefix(of: path, count: Self.firstRead) else { return nil }
        var header = EntryHeader.parse(prefix)
        if header == nil, prefix.count == Self.firstRead {
            // A key longer than the first read: read as much as the longest header allowed.
            let longest = EntryHeader.fixedLength + EntryHeader.maximumKeyLength
            guard let again = try? files.readPrefix(of: path, count: longest) else { return nil }
            (prefix, fileSize) = again
            header = EntryHeader.parse(prefix)
        }
        guard let header, fileSize == header.encodedLength + header.payloadLength,
              DiskCache.fileName(forKey: header.key) == item.name
        else { return nil }
        let modified = Int64(item.modified.timeIntervalSince1970 * 1_000_000)
        return IndexRow(key: header.key, fileName: item.name, size: header.payloadLength,
                        checksum: header.checksum, lastAccess: modified, created: modified)
    }
}
