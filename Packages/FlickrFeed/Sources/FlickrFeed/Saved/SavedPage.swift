import Caching
import ErrorReporting
import Foundation

/// The first page of the last session, as stored: shown at once on the next launch.
public struct SavedPage: Sendable, Hashable {
    /// The page as it was fetched.
    public var page: FlickrPage
    /// When it was fetched and stored.
    public var savedAt: Date

    public init(page: FlickrPage, savedAt: Date) {
        self.page = page
        self.savedAt = savedAt
    }

    /// The age worded for a person: "just now"-ish seconds, minutes, hours or days.
    public static func wordedAge(from savedAt: Date, to now: Date, in language: Language = .english) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(savedAt)))
        let russian = language == .russian
        switch seconds {
        case ..<60: return "\(seconds) \(russian ? "с" : "s")"
        case ..<3600: return "\(seconds / 60) \(russian ? "мин" : "min")"
        case ..<86_400: return "\(seconds / 3600) \(russian ? "ч" : "h")"
        default: return "\(seconds / 86_400) \(russian ? "дн." : "d")"
        }
    }
}

/// Keeps the first page between launches. One production type (``FirstPageStore``); tests inject a mock.
public protocol FirstPageStoring: Sendable {
    /// The stored page, or nil when there is none (or it could not be read: it is then rebuilt).
    func load() -> SavedPage?
    /// Replaces the stored page; a failure says what happened in the cache's words (disk full,
    /// read-only, missing folder) and leaves the page stored before in place.
    func save(_ page: SavedPage) throws(DiskCacheError)
}

/// Something the feed could not keep for offline use, and why. The feed goes on; what was kept
/// before is not lost. What to do about it (free space, another `--cache-dir`) is the command's to say.
public enum FeedStorageFailure: Error, Sendable, Hashable, CustomStringConvertible, UserFacingErrorConvertible {
    /// Page 1 could not be kept for the next launch.
    case firstPage(DiskCacheError)
    /// A picture could not be kept, or the pictures' offline cache could not be opened.
    case pictures(DiskCacheError)

    /// What happened underneath, as the cache classified it.
    public var cause: DiskCacheError {
        switch self {
        case .firstPage(let cause), .pictures(let cause): cause
        }
    }

    public var description: String {
        switch self {
        case .firstPage(let cause): "the first page could not be saved: \(cause)"
        case .pictures(let cause): "a picture could not be saved: \(cause)"
        }
    }

    /// Said to the person: what was not kept, then what happened, under the cause's code.
    public var userFacingError: UserFacingError {
        switch self {
        case .firstPage(let cause):
            UserFacingError(code: cause.code, message: LocalizedText(
                en: "The first page could not be kept for the next launch",
                ru: "Первую страницу не удалось сохранить до следующего запуска").followed(by: cause.whatHappened))
        case .pictures(let cause):
            cause.userFacingError
        }
    }
}
