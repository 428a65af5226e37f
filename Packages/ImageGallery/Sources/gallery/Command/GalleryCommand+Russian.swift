import CommandOptions

extension GalleryCommand {
    /// `gallery --help` in Russian (see `LocalizedCommandLine`).
    static let russianPages = LocalizedCommandLine(pages: [
        "gallery": LocalizedCommandLine.Page(
            abstract: "Галерея картинок, которые загружаются по мере надобности, с офлайн-кэшем.",
            discussion: """
                Клавиши: стрелки или j/k — к соседней картинке, J/K (или колесо мыши) — прокрутка \
                по рядам, PgUp/PgDn/Home/End, Enter убирает загруженную картинку, r обновляет \
                (pull-to-refresh; то же делает колесо вверх у верхнего края), f вписывает картинки \
                в высоту экрана, ? — справка, q — выход.
                Код выхода в простом режиме и в режиме JSON: 0 — загрузились все картинки, 2 — \
                какая-то не загрузилась, 64 — ошибка в командной строке.
                """,
            entries: SharedOptions.russianHelp.merging(DisplayOptions.russianHelp) { first, _ in first }.merging([
                "--url": "Адрес картинки (можно повторять); заменяет встроенные шесть.",
                "--urls-file": "Файл с адресами, по одному в строке (# начинает комментарий).",
                "--demo-port": "Порт демо-сервера (0 или, если он занят, любой свободный — его номер "
                    + "будет в stderr).",
                "--demo-faults": "Сбои по ячейкам по сценарию, например 2=404,4=slow,5=drop,6=notimage, "
                    + "или all=down; начинает с пустого кэша, если не задан --cache-dir.",
                "--max-concurrent": "Сколько картинок загружается одновременно.",
                "--memory-limit": "Память под декодированные картинки, например 64MB, 512k.",
                "--no-auto-retry": "Не перезагружать неудавшиеся картинки, когда сеть вернётся.",
                "--no-animation": "Показывать только первый кадр анимированных картинок.",
            ]) { first, _ in first }),
    ])
}
