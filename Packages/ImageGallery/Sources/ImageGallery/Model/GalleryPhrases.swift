import ErrorReporting

/// The gallery's own phrases, in English and Russian. Shared wording lives in `CommonPhrases`.
public enum GalleryPhrases {
    /// Status bar: a cell was selected before its picture loaded.
    public static let cannotRemoveNotLoaded = LocalizedText(
        en: "Not loaded yet — can't remove",
        ru: "Ещё не загружено — удалить нельзя"
    )
    /// Status bar after a timeout.
    public static let tookTooLongPullToRefresh = LocalizedText(
        en: "Took too long — pull down to refresh",
        ru: "Слишком долгое ожидание — потяните вниз, чтобы обновить"
    )
    /// Status bar after a dropped connection.
    public static let droppedPullToRefresh = LocalizedText(
        en: "Connection dropped — pull down to refresh",
        ru: "Соединение оборвалось — потяните вниз, чтобы обновить"
    )
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
}
