import CommandOptions

extension FlickrCommand {
    /// `flickr --help` in Russian (see `LocalizedCommandLine`).
    static let russianPages = LocalizedCommandLine(pages: [
        "flickr": LocalizedCommandLine.Page(
            abstract: "Свежие фотографии Flickr в три колонки: бесконечная прокрутка, pull-to-refresh, "
                + "сохраняются до следующего запуска.",
            discussion: """
                В терминале — на весь экран; простой текст (или строки JSON с --json), когда stdout \
                не терминал или задан --plain. Клавиши: стрелки — перемещение, Enter открывает \
                фотографию, Esc возвращает, r (или колесо вверх у верхнего края) обновляет, ? — \
                справка, q или Ctrl-D — выход.
                Код выхода в простом режиме и в режиме JSON: 0 — все запросы удались, 2 — часть не \
                удалась, но что-то показано, 1 — показать нечего, 75 — показать нечего, но повтор \
                может помочь, 64 — ошибка в командной строке.
                """,
            entries: SharedOptions.russianHelp.merging(DisplayOptions.russianHelp) { first, _ in first }.merging([
                "--api-key": "Ваш ключ API Flickr (или переменная FLICKR_API_KEY).",
                "--api-base": "Адрес REST API (по умолчанию https://api.flickr.com/services/rest/).",
                "--image-base": "Сервер картинок (по умолчанию https://live.staticflickr.com).",
                "--per-page": "Фотографий на странице, 1...500.",
                "--no-animation": "Показывать только первый кадр анимированной фотографии.",
                "--pages": "Сколько страниц печатать в простом режиме и в режиме JSON.",
            ]) { first, _ in first }),
    ])
}
