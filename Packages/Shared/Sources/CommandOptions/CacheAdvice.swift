import Caching
import ErrorReporting

/// What a command tells a person to do about its offline cache: the cache says what happened
/// (the disk is full, the folder is read-only or missing), the command knows its own flags, and
/// every command that takes `--cache-dir` says the same.
public enum CacheAdvice {
    /// `error` with the command's advice as its recovery.
    public static func advising(_ error: DiskCacheError) -> UserFacingError {
        var shown = error.userFacingError
        shown.recovery = advice(for: error)
        return shown
    }

    /// What to do about `error`: free space for a full disk, else another folder.
    public static func advice(for error: DiskCacheError) -> LocalizedText {
        switch error {
        case .diskFull, .directoryUnavailable(_, .diskFull):
            LocalizedText(en: "Free some disk space, or choose another cache directory with --cache-dir",
                          ru: "Освободите место на диске или укажите другой каталог кэша через --cache-dir")
        default:
            LocalizedText(en: "Choose another cache directory with --cache-dir",
                          ru: "Укажите другой каталог кэша через --cache-dir")
        }
    }
}
