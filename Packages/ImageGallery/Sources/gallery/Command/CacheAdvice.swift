import Caching
import ErrorReporting

/// What the gallery command tells a person to do about its offline cache: the cache says what
/// happened, the command knows its own flags.
enum CacheAdvice {
    /// `error` with the command's advice as its recovery.
    static func advising(_ error: DiskCacheError) -> UserFacingError {
        var shown = error.userFacingError
        shown.recovery = advice(for: error)
        return shown
    }

    static func advice(for error: DiskCacheError) -> LocalizedText {
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
