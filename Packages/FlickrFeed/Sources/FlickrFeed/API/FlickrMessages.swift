import ErrorReporting

/// Phrases only the Flickr task says. What to press or pass is the command's own (`FlickrAdvice`).
public enum FlickrMessages {
    /// Said at the end of a saved page when the network is needed for more.
    public static let moreNeedsNetwork = LocalizedText(
        en: "More photos need the network",
        ru: "Чтобы загрузить ещё, нужна сеть"
    )

    /// Said in place of the grid while the first page is on its way.
    public static let firstPageLoading = LocalizedText(
        en: "Loading the first page…", ru: "Загрузка первой страницы…")

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
