import ErrorReporting

/// The words on the screens, in English and Russian.
enum Strings {
    static let search = LocalizedText(en: "Search", ru: "Поиск")
    static let placeholder = LocalizedText(en: "Enter a phone number", ru: "Введите номер телефона")
    static let selectCountry = LocalizedText(en: "Select Country", ru: "Выбор страны")
    static let filter = LocalizedText(en: "Filter", ru: "Фильтр")
    static let noMatches = LocalizedText(en: "No country matches", ru: "Нет подходящих стран")
    static let resultsFor = LocalizedText(en: "Search results for number:", ru: "Результаты поиска для номера:")
    static let noResults = LocalizedText(en: "No results for this number", ru: "Для этого номера ничего не найдено")
    static let continueButton = LocalizedText(en: "Continue", ru: "Продолжить")
    static let loadingCountries = LocalizedText(en: "Loading countries… Esc cancels", ru: "Загрузка списка стран… Esc — отмена")
    static let lookingUp = LocalizedText(en: "Looking up… Esc cancels", ru: "Поиск… Esc — отмена")
    static let errorTitle = LocalizedText(en: "Lookup failed", ru: "Ошибка поиска")
    static let dialerHelp = LocalizedText(en: "Tab move · Enter select · Esc cancel · Ctrl-C quit · ? help",
                                          ru: "Tab — переход · Enter — выбор · Esc — отмена · Ctrl-C — выход · ? — справка")
    static let pickerHelp = LocalizedText(en: "Type to filter · ↑↓ move · Enter choose · Esc back",
                                          ru: "Печатайте для фильтра · ↑↓ · Enter — выбрать · Esc — назад")
    static let resultsHelp = LocalizedText(en: "Enter continue · ↑↓ scroll", ru: "Enter — продолжить · ↑↓ — прокрутка")
    static let helpTitle = LocalizedText(en: "Keys", ru: "Клавиши")
    static let help: [LocalizedText] = [
        LocalizedText(en: "digits, +      type the number (formatted as you type)", ru: "цифры, +       набор номера (форматируется по ходу)"),
        LocalizedText(en: "Tab ↑ ↓        move between code, number, Search", ru: "Tab ↑ ↓        переход: код, номер, «Поиск»"),
        LocalizedText(en: "Enter, click   open the picker / search", ru: "Enter, щелчок  выбор страны / поиск"),
        LocalizedText(en: "Esc            cancel a lookup, leave the picker", ru: "Esc            отменить поиск, закрыть выбор"),
        LocalizedText(en: "?              this help", ru: "?              эта справка"),
        LocalizedText(en: "Ctrl-C         quit", ru: "Ctrl-C         выход"),
    ]
    static let closeHelp = LocalizedText(en: "any key closes", ru: "любая клавиша закроет")
    static let savedCopy = LocalizedText(en: "Showing the saved country list", ru: "Показан сохранённый список стран")
}
