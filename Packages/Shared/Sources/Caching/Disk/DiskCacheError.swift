import Foundation
import GRDB
import ErrorReporting

/// Why the disk cache could not open or store something.
///
/// A failed store never removes what was cached before: the previous entry for the key stays
/// until its replacement is completely written.
public enum DiskCacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No space left on the device (or the quota is used up).
    case diskFull(path: String)
    /// The location is read-only or we are not allowed to write there.
    case readOnly(path: String)
    /// Writing failed for another reason (an I/O error, the index refused the row...).
    case writeFailed(path: String, reason: String)
    /// The cache directory cannot be created or opened.
    case directoryUnavailable(path: String, reason: String)
    /// The entry alone is larger than the whole cache may be.
    case entryTooLarge(size: Int, limit: Int)

    public var description: String {
        switch self {
        case .diskFull(let path): "disk full while writing \(path)"
        case .readOnly(let path): "read-only location: \(path)"
        case .writeFailed(let path, let reason): "could not write \(path): \(reason)"
        case .directoryUnavailable(let path, let reason): "cache directory \(path) unavailable: \(reason)"
        case .entryTooLarge(let size, let limit): "entry of \(size) bytes exceeds the cache limit of \(limit) bytes"
        }
    }
}

extension DiskCacheError: UserFacingErrorConvertible {
    public var userFacingError: UserFacingError {
        switch self {
        case .diskFull:
            UserFacingError(
                code: "diskFull",
                message: LocalizedText(
                    en: "Could not save for offline use: the disk is full",
                    ru: "Не удалось сохранить для просмотра без сети: диск заполнен"),
                recovery: LocalizedText(
                    en: "Free some disk space",
                    ru: "Освободите место на диске"))
        case .readOnly(let path):
            UserFacingError(
                code: "readOnly",
                message: LocalizedText(
                    en: "Could not save for offline use: \(path) is read-only",
                    ru: "Не удалось сохранить для просмотра без сети: \(path) доступен только для чтения"),
                recovery: LocalizedText(
                    en: "Choose another cache directory with --cache-dir",
                    ru: "Укажите другой каталог кэша через --cache-dir"))
        case .writeFailed(_, let reason):
            UserFacingError(
                code: "writeFailed",
                message: LocalizedText(
                    en: "Could not save for offline use: \(reason)",
                    ru: "Не удалось сохранить для просмотра без сети: \(reason)"))
        case .directoryUnavailable(let path, let reason):
            UserFacingError(
                code: "cacheUnavailable",
                message: LocalizedText(
                    en: "The offline cache at \(path) is unavailable: \(reason)",
                    ru: "Кэш для просмотра без сети в \(path) недоступен: \(reason)"),
                recovery: LocalizedText(
                    en: "Choose another cache directory with --cache-dir",
                    ru: "Укажите другой каталог кэша через --cache-dir"))
        case .entryTooLarge(let size, let limit):
            UserFacingError(
                code: "tooLarge",
                message: LocalizedText(
                    en: "Not saved for offline use: \(size) bytes is more than the cache limit of \(limit) bytes",
                    ru: "Не сохранено для просмотра без сети: \(size) байт больше предела кэша в \(limit) байт"))
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
            default: self = .writeFailed(path: failure.path, reason: failure.reason)
            }
        } else if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_FULL: self = .diskFull(path: indexPath)
            case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH: self = .readOnly(path: indexPath)
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                self = .writeFailed(path: indexPath, reason: "the cache index is busy in another process")
            default: self = .writeFailed(path: indexPath, reason: error.message ?? "\(error.resultCode)")
            }
        } else {
            self = .writeFailed(path: indexPath, reason: "\(error)")
        }
    }
}

extension FileSystemFailure {
    /// strerror's wording, e.g. "No space left on device".
    var reason: String { String(cString: strerror(code)) }
}
