import Foundation
import ErrorReporting

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
    /// Replaces the stored page.
    func save(_ page: SavedPage) throws(FirstPageStoreError)
}

/// A first page that could not be stored. The feed goes on; only the next launch misses it.
public enum FirstPageStoreError: Error, Sendable, Equatable, CustomStringConvertible, UserFacingErrorConvertible {
    case unavailable(path: String, reason: String)
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .unavailable(let path, let reason):
            "the saved-page database at \(path) is unavailable: \(reason)"
        case .writeFailed(let path, let reason): "the first page could not be saved in \(path): \(reason)"
        }
    }

    /// Said to the person: the feed is fine, the next launch offline will miss this page.
    public var userFacingError: UserFacingError {
        let (path, reason) = switch self {
        case .unavailable(let path, let reason), .writeFailed(let path, let reason): (path, reason)
        }
        return UserFacingError(
            code: "notSaved",
            message: LocalizedText(
                en: "The first page could not be kept for the next launch (\(path): \(reason))",
                ru: "Первую страницу не удалось сохранить до следующего запуска (\(path): \(reason))"),
            recovery: LocalizedText(
                en: "Check that the cache folder is writable and the disk is not full",
                ru: "Проверьте, что в папку кэша можно писать и диск не заполнен"))
    }
}
