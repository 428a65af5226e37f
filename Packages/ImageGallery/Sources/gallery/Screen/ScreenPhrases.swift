import ErrorReporting
import ImageGallery

/// The words on the gallery screen, in English and Russian.
enum ScreenPhrases {
    static let title = LocalizedText(en: "Gallery", ru: "Галерея")
    /// The key hints, most needed first; a narrow status bar leaves out those before "q quit"
    /// (`f` goes before `?`: the help says what f does, and the Russian bar at 80 columns has
    /// room for one of them).
    static let hints: [LocalizedText] = [
        LocalizedText(en: "↑↓ move", ru: "↑↓ выбор"),
        LocalizedText(en: "Enter remove", ru: "Enter удалить"),
        LocalizedText(en: "r refresh", ru: "r обновить"),
        LocalizedText(en: "? help", ru: "? справка"),
        LocalizedText(en: "f fit", ru: "f вписать"),
        LocalizedText(en: "q quit", ru: "q выход"),
    ]
    /// The seed's «Pull down to refresh», with the key that does it in a terminal.
    static let pullToRefreshKey = LocalizedText(
        en: "\(GalleryPhrases.pullToRefresh.english) (r)", ru: "\(GalleryPhrases.pullToRefresh.russian) (r)")
    static let loading = LocalizedText(en: "Loading…", ru: "Загрузка…")
    static let refreshing = LocalizedText(en: "Refreshing…", ru: "Обновление…")
    static let empty = LocalizedText(
        en: "No pictures left — pull down to refresh (r)",
        ru: "Картинок не осталось — потяните вниз, чтобы обновить (r)"
    )
    /// The title bar's counter: how many pictures have loaded.
    static func loadedCount(_ loaded: Int, of total: Int) -> LocalizedText {
        LocalizedText(en: "loaded \(loaded)/\(total)", ru: "загружено \(loaded)/\(total)")
    }
    /// The status bar's counter: which picture is selected.
    static func selected(_ position: Int, of total: Int) -> LocalizedText {
        LocalizedText(en: "picture \(position)/\(total)", ru: "картинка \(position)/\(total)")
    }
    static let help: [(keys: LocalizedText, action: LocalizedText)] = [
        (LocalizedText(en: "↑ ↓  j k", ru: "↑ ↓  j k"),
         LocalizedText(en: "previous / next picture", ru: "предыдущая / следующая картинка")),
        (LocalizedText(en: "J K, wheel", ru: "J K, колесо"),
         LocalizedText(en: "scroll by rows (a tall picture)", ru: "листать по строкам (высокую картинку)")),
        (LocalizedText(en: "PgUp PgDn", ru: "PgUp PgDn"), LocalizedText(en: "scroll a screen", ru: "прокрутить на экран")),
        (LocalizedText(en: "Home End", ru: "Home End"), LocalizedText(en: "first / last", ru: "первая / последняя")),
        (LocalizedText(en: "Enter, click", ru: "Enter, щелчок"),
         LocalizedText(en: "remove a loaded picture", ru: "удалить загруженную")),
        (LocalizedText(en: "v, double click", ru: "v, двойной щелчок"),
         LocalizedText(en: "look closer: full screen, zoom and pan", ru: "рассмотреть: весь экран, масштаб, сдвиг")),
        (LocalizedText(en: "r, wheel up", ru: "r, колесо ↑"),
         LocalizedText(en: "pull down to refresh", ru: "потянуть вниз, чтобы обновить")),
        (LocalizedText(en: "f", ru: "f"),
         LocalizedText(en: "fit pictures to the screen / full width", ru: "вписать в экран / во всю ширину")),
        (LocalizedText(en: "?", ru: "?"), LocalizedText(en: "this help", ru: "эта справка")),
        (LocalizedText(en: "q, Ctrl-C", ru: "q, Ctrl-C"), LocalizedText(en: "quit", ru: "выход")),
    ]
}
