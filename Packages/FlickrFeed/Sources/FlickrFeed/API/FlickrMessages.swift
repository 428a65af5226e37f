import ErrorReporting

/// Phrases only the Flickr task says.
public enum FlickrMessages {
    /// How to give the command a key, and that `--demo` needs none.
    /// The feed's advice after a failure that may pass: pull down (the wheel at the top, or `r`).
    static let pullToRefresh = LocalizedText(en: "Pull down to refresh", ru: "Потяните вниз, чтобы обновить")
    public static let howToPassKey = LocalizedText(
        en: "Pass a key with --api-key KEY or the FLICKR_API_KEY environment variable "
            + "(get one at https://www.flickr.com/services/apps/create/), or run with --demo, which needs no key",
        ru: "Передайте ключ через --api-key KEY или переменную окружения FLICKR_API_KEY "
            + "(получить: https://www.flickr.com/services/apps/create/) или запустите с --demo, ключ не нужен"
    )

    /// The command was started without a key and without `--demo`.
    public static let missingKey = UserFacingError(
        code: "apiKey",
        message: LocalizedText(en: "No Flickr API key", ru: "Не задан ключ Flickr API"),
        recovery: howToPassKey
    )

    /// Said at the end of a saved page when the network is needed for more.
    public static let moreNeedsNetwork = LocalizedText(
        en: "More photos need the network",
        ru: "Чтобы загрузить ещё, нужна сеть"
    )

    /// Said in place of the grid when the network is down and no page was ever saved.
    public static let nothingSavedOffline = LocalizedText(
        en: "No photos saved yet: the first page needs the network. r retries",
        ru: "Сохранённых фото пока нет: первой странице нужна сеть. r — повторить"
    )

    /// Said in place of the grid while the first page is on its way.
    public static let firstPageLoading = LocalizedText(
        en: "Loading the first page…", ru: "Загрузка первой страницы…")

    /// The hint after a network failure in plain and JSON output, which end at the failure.
    static let runAgainLater = LocalizedText(
        en: "Run the command again once the connection works",
        ru: "Запустите команду ещё раз, когда связь заработает"
    )

    /// Said at the end of the feed.
    public static let endOfFeed = LocalizedText(en: "That is all for now", ru: "Больше фотографий нет")

    /// The loading row.
    public static let loading = LocalizedText(en: "Loading…", ru: "Загрузка…")

    /// The banner's mark while a page is on its way over photos already shown.
    public static let refreshing = LocalizedText(en: "↻ Refreshing…", ru: "↻ Обновление…")

    /// The mark on a saved page; `age` is already worded ("5 min").
    public static func saved(age: String) -> LocalizedText {
        LocalizedText(en: "Saved \(age) ago", ru: "Сохранено \(age) назад")
    }
}
