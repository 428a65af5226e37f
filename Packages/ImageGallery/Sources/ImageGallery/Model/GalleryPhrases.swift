import ErrorReporting

/// The gallery's own phrases, in English and Russian. Shared wording lives in `CommonPhrases`.
public enum GalleryPhrases {
    /// «Pull down to refresh»: the gallery's advice after a timeout or a dropped connection.
    public static let pullToRefresh = LocalizedText(en: "Pull down to refresh", ru: "Потяните вниз, чтобы обновить")
    /// Status bar: a cell was selected before its picture loaded.
    public static let cannotRemoveNotLoaded = LocalizedText(
        en: "Not loaded yet — can't remove",
        ru: "Ещё не загружено — удалить нельзя"
    )
    /// ``cannotRemoveNotLoaded`` for a narrow status bar.
    static let cannotRemoveNotLoadedShort = LocalizedText(en: "Not loaded yet", ru: "Ещё не загружено")
    /// `v` on a cell still loading or failed.
    static let cannotOpenNotLoaded = LocalizedText(
        en: "Not loaded yet — nothing to look at closer", ru: "Ещё не загружено — рассматривать нечего")
    /// ``cannotOpenNotLoaded`` for a narrow status bar.
    static let cannotOpenNotLoadedShort = LocalizedText(en: "Not loaded yet", ru: "Ещё не загружено")
    /// Status bar after a timeout: the seed's «Pull down to refresh», and the key that does it here.
    static let tookTooLongPullToRefresh = LocalizedText(
        en: "Took too long — pull down to refresh (r)",
        ru: "Слишком долгое ожидание — потяните вниз, чтобы обновить (r)"
    )
    /// `tookTooLongPullToRefresh` for a narrow status bar.
    static let tookTooLongShort = LocalizedText(en: "Took too long — r refreshes", ru: "Слишком долго — r обновит")
    /// Status bar after a dropped connection.
    static let droppedPullToRefresh = LocalizedText(
        en: "Connection dropped — pull down to refresh (r)",
        ru: "Соединение оборвалось — потяните вниз, чтобы обновить (r)"
    )
    /// `droppedPullToRefresh` for a narrow status bar.
    static let droppedShort = LocalizedText(en: "Dropped — r refreshes", ru: "Обрыв — r обновит")
    /// After a server that could not be reached: the seed's «Pull down to refresh», and its key here.
    static let pullToRefreshKey = LocalizedText(
        en: "Pull down to refresh (r)", ru: "Потяните вниз, чтобы обновить (r)")
    /// ``pullToRefreshKey`` for a narrow status bar.
    static let refreshKeyShort = LocalizedText(en: "r refreshes", ru: "r обновит")
    /// Status bar: a picture is shown but the offline cache could not keep it.
    public static let notSavedOffline = LocalizedText(
        en: "Could not save for offline use",
        ru: "Не удалось сохранить для просмотра без сети"
    )
    /// Status bar while a refresh runs.
    public static let refreshing = LocalizedText(
        en: "Refreshing…",
        ru: "Обновление…"
    )
    /// Status bar when the connection came back and failed cells are loading again.
    public static let retryingAfterReconnect = LocalizedText(
        en: "Back online — loading again",
        ru: "Соединение восстановлено — загружаем снова"
    )
    /// ``retryingAfterReconnect`` for a narrow status bar.
    static let retryingAfterReconnectShort = LocalizedText(en: "Back online", ru: "Сеть есть")
}
