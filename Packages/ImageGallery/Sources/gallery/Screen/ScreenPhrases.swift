import ErrorReporting

/// The words on the gallery screen, in English and Russian.
enum ScreenPhrases {
    static let title = LocalizedText(en: "Gallery", ru: "Галерея")
    static let hints = LocalizedText(
        en: "↑↓ move  Enter remove  r refresh  ? help  q quit",
        ru: "↑↓ выбор  Enter удалить  r обновить  ? справка  q выход"
    )
    static let loading = LocalizedText(en: "Loading…", ru: "Загрузка…")
    static let refreshing = LocalizedText(en: "Refreshing…", ru: "Обновление…")
    static let empty = LocalizedText(
        en: "No pictures left — pull down to refresh",
        ru: "Картинок не осталось — потяните вниз, чтобы обновить"
    )
    static let helpTitle = LocalizedText(en: "Keys", ru: "Клавиши")
    static let help: [LocalizedText] = [
        LocalizedText(en: "↑ ↓  j k      move the selection", ru: "↑ ↓  j k      выбор картинки"),
        LocalizedText(en: "PgUp PgDn     scroll a screen", ru: "PgUp PgDn     прокрутить на экран"),
        LocalizedText(en: "Home End      first / last", ru: "Home End      первая / последняя"),
        LocalizedText(en: "Enter, click  remove a loaded picture", ru: "Enter, щелчок удалить загруженную"),
        LocalizedText(en: "r, wheel up   pull to refresh", ru: "r, колесо ↑   обновить (pull-to-refresh)"),
        LocalizedText(en: "?             this help", ru: "?             эта справка"),
        LocalizedText(en: "q, Ctrl-C     quit", ru: "q, Ctrl-C     выход"),
    ]
    static let closeHelp = LocalizedText(en: "any key closes", ru: "любая клавиша закроет")
}
