import CommandOptions
import ErrorReporting
import FlickrFeed

/// What the flickr command tells a person to do about a failure: the feed says what happened, the
/// command knows its keys, its flags and whether a screen is still there to pull down.
enum FlickrAdvice {
    /// The screen's advice after a failure that may pass: pull down (the wheel at the top, or `r`).
    static let pullToRefresh = LocalizedText(en: "Pull down to refresh", ru: "Потяните вниз, чтобы обновить")

    /// How to give the command a key, and that `--demo` needs none.
    static let howToPassKey = LocalizedText(
        en: "Pass a key with --api-key KEY or the FLICKR_API_KEY environment variable "
            + "(get one at https://www.flickr.com/services/apps/create/), or run with --demo, which needs no key",
        ru: "Передайте ключ через --api-key KEY или переменную окружения FLICKR_API_KEY "
            + "(получить: https://www.flickr.com/services/apps/create/) или запустите с --demo, ключ не нужен"
    )

    /// The command was started without a key and without `--demo`.
    static let missingKey = UserFacingError(
        code: "apiKey",
        message: LocalizedText(en: "No Flickr API key", ru: "Не задан ключ Flickr API"),
        recovery: howToPassKey
    )

    /// Said in place of the grid when the network is down and no page was ever saved.
    static let nothingSavedOffline = LocalizedText(
        en: "No photos saved yet: the first page needs the network. r retries",
        ru: "Сохранённых фото пока нет: первой странице нужна сеть. r — повторить"
    )

    /// The hint after a network failure in plain and JSON output, which end at the failure.
    static let runAgainLater = LocalizedText(
        en: "Run the command again once the connection works",
        ru: "Запустите команду ещё раз, когда связь заработает"
    )

    static let checkAPIBase = LocalizedText(
        en: "Check --api-base: it must point at Flickr's REST endpoint",
        ru: "Проверьте --api-base: он должен указывать на REST-адрес Flickr"
    )

    static let keepNoJSONCallback = LocalizedText(
        en: "The request needs nojsoncallback=1; check --api-base for a proxy that drops it",
        ru: "В запросе нужен nojsoncallback=1; проверьте, не отбрасывает ли его прокси в --api-base"
    )

    /// A failure to keep something for offline use, with what to do: free space, or another
    /// `--cache-dir`, as the gallery says it.
    static func shown(_ failure: FeedStorageFailure) -> UserFacingError {
        var shown = failure.userFacingError
        shown.recovery = CacheAdvice.advice(for: failure.cause)
        return shown
    }

    /// `error` as the command shows it: what happened, and what to do on a live screen
    /// (`onScreen`) or after a run that has stopped.
    static func shown(_ error: FlickrError, onScreen: Bool) -> UserFacingError {
        var shown = error.userFacingError
        shown.recovery = advice(for: error, onScreen: onScreen)
        return shown
    }

    static func advice(for error: FlickrError, onScreen: Bool) -> LocalizedText? {
        if error.isKeyRefused { return howToPassKey }
        if case .jsonp = error { return keepNoJSONCallback }
        if error.pointsAtAnotherEndpoint { return checkAPIBase }
        if !onScreen, case .network = error { return runAgainLater }
        return onScreen && error.mayPassOnRefresh ? pullToRefresh : nil
    }
}
