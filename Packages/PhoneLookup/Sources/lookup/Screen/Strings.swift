import ErrorReporting

/// The words on the screens, in English and Russian.
enum Strings {
    static let search = LocalizedText(en: "Search", ru: "Поиск")
    static let placeholder = LocalizedText(en: "Enter a phone number", ru: "Введите номер телефона")
    /// Before the selected country's example number in the empty field.
    static let example = LocalizedText(en: "e.g. ", ru: "например, ")
    static let selectCountry = LocalizedText(en: "Select Country", ru: "Выбор страны")
    static let filter = LocalizedText(en: "Filter", ru: "Фильтр")
    static let noMatches = LocalizedText(en: "No country matches", ru: "Нет подходящих стран")
    static let resultsFor = LocalizedText(en: "Search results for number:", ru: "Результаты поиска для номера:")
    static let noResults = LocalizedText(en: "No results for this number", ru: "Для этого номера ничего не найдено")
    static let continueButton = LocalizedText(en: "Continue", ru: "Продолжить")
    static let loadingCountries = LocalizedText(en: "Loading countries… Esc cancels", ru: "Загрузка списка стран… Esc — отмена")
    /// Under a country list that could not be loaded: the dialer's way to try again.
    static let retryCountries = LocalizedText(
        en: "Check the connection, then press Enter on the country code to try again",
        ru: "Проверьте соединение и нажмите Enter на коде страны, чтобы попробовать снова")
    static let lookingUp = LocalizedText(en: "Looking up… Esc cancels", ru: "Поиск… Esc — отмена")
    /// The alert's button; Cyrillic «ОК» in Russian.
    static let ok = LocalizedText(en: "OK", ru: "ОК")
    static let errorTitle = LocalizedText(en: "Lookup failed", ru: "Ошибка поиска")
    static let dialerHelp = LocalizedText(en: "Tab move · Enter select · Esc cancel · Ctrl-C quit · ? help",
                                          ru: "Tab переход · Enter выбор · Esc отмена · Ctrl-C выход · ? справка")
    static let pickerHelp = LocalizedText(en: "Type to filter · ↑↓ move · Enter choose · Esc back",
                                          ru: "Печатайте для фильтра · ↑↓ · Enter выбрать · Esc назад")
    static let resultsHelp = LocalizedText(en: "Enter continue · ↑↓ scroll", ru: "Enter продолжить · ↑↓ прокрутка")
    static let help: [(keys: LocalizedText, action: LocalizedText)] = [
        (LocalizedText(en: "digits, +, Backspace", ru: "цифры, +, Backspace"),
         LocalizedText(en: "edit the number, wherever the focus is", ru: "набор номера, где бы ни был фокус")),
        (LocalizedText(en: "Tab ↑ ↓", ru: "Tab ↑ ↓"),
         LocalizedText(en: "move between code, number, Search", ru: "переход: код, номер, «Поиск»")),
        (LocalizedText(en: "Enter, click", ru: "Enter, щелчок"),
         LocalizedText(en: "open the picker / search", ru: "выбор страны / поиск")),
        (LocalizedText(en: "Esc", ru: "Esc"),
         LocalizedText(en: "cancel a lookup, leave the picker", ru: "отменить поиск, закрыть выбор")),
        (LocalizedText(en: "?", ru: "?"), LocalizedText(en: "this help", ru: "эта справка")),
        (LocalizedText(en: "Ctrl-C", ru: "Ctrl-C"), LocalizedText(en: "quit", ru: "выход")),
    ]
    static let savedCopy = LocalizedText(en: "Showing the saved country list", ru: "Показан сохранённый список стран")
}
