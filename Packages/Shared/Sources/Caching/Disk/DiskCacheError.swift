import Foundation
import GRDB
import ErrorReporting

/// Why the disk cache could not open or store something.
///
/// Classified once, where the failure is met: a file write's errno and SQLite's result code both
/// come out as what happened (the disk is full, the folder is read-only or missing), never as
/// SQLite's own text. A failed store never removes what was cached before: the previous entry for
/// the key stays until its replacement is completely written.
public enum DiskCacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No space left on the device (or the quota is used up).
    case diskFull(path: String)
    /// The location is read-only or we are not allowed to write there.
    case readOnly(path: String)
    /// The cache's folder is not there (removed while the cache was open).
    case folderMissing(path: String)
    /// Writing failed for another reason (an I/O error, the index refused the row...).
    case writeFailed(path: String, reason: String)
    /// The cache directory cannot be created or opened, and why.
    indirect case directoryUnavailable(path: String, cause: DiskCacheError)
    /// The entry alone is larger than the whole cache may be.
    case entryTooLarge(size: Int, limit: Int)

    public var description: String {
        switch self {
        case .diskFull(let path): "disk full while writing \(path)"
        case .readOnly(let path): "read-only location: \(path)"
        case .folderMissing(let path): "missing folder: \(path)"
        case .writeFailed(let path, let reason): "could not write \(path): \(reason)"
        case .directoryUnavailable(let path, let cause): "cache directory \(path) unavailable: \(cause)"
        case .entryTooLarge(let size, let limit): "entry of \(size) bytes exceeds the cache limit of \(limit) bytes"
        }
    }

    /// The heading of a failed store.
    public static let notSaved = LocalizedText(
        en: "Could not save for offline use", ru: "Не удалось сохранить для просмотра без сети")

    /// What happened, as the end of a sentence ("the disk is full").
    public var whatHappened: LocalizedText {
        switch self {
        case .diskFull: LocalizedText(en: "the disk is full", ru: "диск заполнен")
        case .readOnly(let path):
            LocalizedText(en: "\(path) is read-only", ru: "\(path) доступен только для чтения")
        case .folderMissing(let path):
            LocalizedText(en: "the folder \(path) is missing", ru: "папки \(path) нет")
        case .writeFailed(_, let reason): LocalizedText(en: reason, ru: reason)
        case .directoryUnavailable(_, let cause): cause.whatHappened
        case .entryTooLarge(let size, let limit):
            LocalizedText(en: "\(size) bytes is more than the cache limit of \(limit) bytes",
                          ru: "\(size) байт больше предела кэша в \(limit) байт")
        }
    }

    /// The stable code: one per cause, whether the cache met it opening or storing.
    public var code: String {
        switch self {
        case .diskFull: "diskFull"
        case .readOnly: "readOnly"
        case .folderMissing: "folderMissing"
        case .writeFailed: "writeFailed"
        case .directoryUnavailable(_, .writeFailed): "cacheUnavailable"
        case .directoryUnavailable(_, let cause): cause.code
        case .entryTooLarge: "tooLarge"
        }
    }
}

extension DiskCacheError: UserFacingErrorConvertible {
    /// What happened, under the heading of what it stopped. What to do (which flag, what to free)
    /// is the command's to add.
    public var userFacingError: UserFacingError {
        switch self {
        case .directoryUnavailable(let path, let cause):
            UserFacingError(code: code, message: LocalizedText(
                en: "The offline cache at \(path) is unavailable",
                ru: "Кэш для просмотра без сети в \(path) недоступен").followed(by: cause.whatHappened))
        case .entryTooLarge:
            UserFacingError(code: code, message: LocalizedText(
                en: "Not saved for offline use", ru: "Не сохранено для просмотра без сети").followed(by: whatHappened))
        default:
            UserFacingError(code: code, message: Self.notSaved.followed(by: whatHappened))
        }
    }
}

// MARK: - Mapping what failed underneath

extension DiskCacheError {
    /// The typed error for a failed file-system call or index statement (`indexPath` names the
    /// index in messages about it).
    init(_ error: any Error, indexPath: String = "") {
        if let error = error as? DiskCacheError {
            self = error
        } else if let failure = error as? FileSystemFailure {
            switch failure.code {
            case ENOSPC, EDQUOT: self = .diskFull(path: failure.path)
            case EROFS, EACCES, EPERM: self = .readOnly(path: failure.path)
            case ENOENT: self = .folderMissing(path: (failure.path as NSString).deletingLastPathComponent)
            default: self = .writeFailed(path: failure.path, reason: failure.reason)
            }
        } else if let error = error as? DatabaseError {
            self = Self.classify(error, indexPath: indexPath)
        } else {
            self = .writeFailed(path: indexPath, reason: "\(error)")
        }
    }

    /// SQLite's result code as what happened. SQLite reports a full disk as SQLITE_FULL only when
    /// it notices; a write the kernel refuses for want of space comes back as SQLITE_IOERR, and a
    /// folder that is gone or not writable as SQLITE_CANTOPEN, so those ask the file system.
    static func classify(_ error: DatabaseError, indexPath: String) -> DiskCacheError {
        let folder = (indexPath as NSString).deletingLastPathComponent
        switch error.resultCode {
        case .SQLITE_FULL: return .diskFull(path: indexPath)
        case .SQLITE_READONLY where error.extendedResultCode == .SQLITE_READONLY_DBMOVED && !FolderCheck.exists(folder):
            // What SQLite says when its open file was unlinked: here, with the folder it was in.
            return .folderMissing(path: folder)
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH: return .readOnly(path: folder)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .writeFailed(path: indexPath, reason: "the cache index is busy in another process")
        case .SQLITE_IOERR where FolderCheck.isFull(folder):
            return .diskFull(path: indexPath)
        case .SQLITE_IOERR, .SQLITE_CANTOPEN:
            if !FolderCheck.exists(folder) { return .folderMissing(path: folder) }
            if !FolderCheck.isWritable(folder) { return .readOnly(path: folder) }
            if FolderCheck.isFull(folder) { return .diskFull(path: indexPath) }
            return .writeFailed(path: indexPath, reason: error.resultCode == .SQLITE_CANTOPEN
                                ? "the cache index could not be opened" : "a disk I/O error")
        default: return .writeFailed(path: indexPath, reason: error.message ?? "\(error.resultCode)")
        }
    }
}

/// What the file system says about the cache's folder, asked when SQLite's code leaves it open.
enum FolderCheck {
    static func exists(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func isWritable(_ path: String) -> Bool { access(path, W_OK) == 0 }

    /// True when the folder's file system has no room for another page of the index.
    static func isFull(_ path: String) -> Bool {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return false }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize) < 64 * 1024
    }
}

extension FileSystemFailure {
    /// strerror's wording, e.g. "No space left on device".
    var reason: String { String(cString: strerror(code)) }
}

// MARK: - Stores of their own beside the cache

extension DiskCacheError {
    /// Creates the folder at `path` and those above it, as the cache does, or says why it cannot be
    /// done in the cache's words. A store of its own beside the cache (Flickr's saved first page)
    /// meets the same disk, and a person is told the same thing about it.
    package static func createFolder(at path: String) throws(DiskCacheError) {
        do throws(FileSystemFailure) {
            try POSIXFileStore().createDirectory(at: path)
        } catch {
            throw DiskCacheError(error)
        }
    }

    /// A failure met reading or writing the SQLite database at `path`, classified as the cache's
    /// own index is: disk full, read-only, missing folder, or what SQLite said.
    package init(database error: any Error, path: String) {
        self.init(error, indexPath: path)
    }
}
