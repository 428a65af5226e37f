import CommandOptions

extension LookupCommand {
    /// `lookup --help` and every subcommand's help in Russian (see `LocalizedCommandLine`).
    static let russianPages = LocalizedCommandLine(pages: [
        "lookup": page(
            abstract: "Сведения о телефонных номерах.",
            discussion: "Без подкоманды открывает в терминале набор номера, выбор страны и результаты.",
            [
                "run": "Открыть набор номера, выбор страны и результаты.",
                "search": "Найти сведения об одном номере и напечатать их, по одному в строке.",
                "scan": "Найти все телефонные номера в тексте (поиск libphonenumber, "
                    + "строгость VALID).",
                "compare": "Сказать, один ли это телефонный номер в двух записях "
                    + "(isNumberMatch из libphonenumber).",
                "countries": "Напечатать список стран.",
                "serve": "Запустить API поиска (GET и POST /v1/lookup), его описание OpenAPI "
                    + "(GET /openapi.json), /healthz, /metrics и список стран (GET /countries.json).",
            ]),
        "lookup run": page(
            abstract: "Открыть набор номера, выбор страны и результаты (по умолчанию).",
            ["--from": "Для каждого номера сказать, как его набирать из этой страны (код ISO; "
                + "по умолчанию — выбранная страна)."]),
        "lookup search": page(
            abstract: "Найти сведения об одном номере и напечатать их, по одному в строке.",
            discussion: "Код выхода: 0 — ответ получен, 65 — номер недействителен, 1 — поиск не удался, "
                + "75 — не удался, но повтор может помочь, 64 — ошибка в командной строке.",
            [
                "--country": "Страна, из которой набирают номер (код ISO; по умолчанию — из локали, "
                    + "иначе US).",
                "--from": "Сказать также, как набирать номер из этой страны (код ISO).",
                "--json": "Напечатать {\"number\", \"country\", \"results\", \"details\"} в JSON.",
                "<number>": "Телефонный номер; с + в начале — международный.",
            ]),
        "lookup scan": page(
            abstract: "Найти все телефонные номера в тексте (поиск libphonenumber, строгость VALID).",
            discussion: """
                Читает FILE или стандартный ввод, если FILE — это - или он не задан. Печатает по \
                строке на номер: где он стоит (в символах Unicode от начала), текст как написан, \
                номер в международном формате и в E.164. Номера без кода страны читаются по \
                --country. В отличие от поиска libphonenumber, не сдаётся после 65 535 кандидатов, \
                не оказавшихся номерами. Код выхода: 0 — текст прочитан (даже если номеров нет), \
                66 — файл не прочитать, 64 — ошибка в командной строке.
                """,
            [
                "--country": "Страна номеров без кода страны (код ISO; по умолчанию — из локали, "
                    + "иначе US).",
                "--json": "Печатать по JSON-объекту на номер: {\"start\", \"end\", \"raw\", \"e164\"}.",
                "<file>": "Текстовый файл для поиска; - или ничего — читать стандартный ввод.",
            ]),
        "lookup compare": page(
            abstract: "Сказать, один ли это телефонный номер в двух записях (isNumberMatch из libphonenumber).",
            discussion: """
                Отвечает exact, nationalNumber (один записан без кода страны), shortNationalNumber \
                (один национальный номер заканчивает другой или добавочный есть только у одного) \
                или none. Код выхода: 0 — ответ получен, 65 — запись не телефонный номер, 64 — \
                ошибка в командной строке.
                """,
            [
                "--json": "Напечатать {\"match\": \"exact\"|\"nationalNumber\"|\"shortNationalNumber\"|\"none\"} "
                    + "в JSON.",
                "<first>": "Первый номер, как записан.",
                "<second>": "Второй номер, как записан.",
            ]),
        "lookup countries": page(
            abstract: "Напечатать список стран.",
            [
                "--filter": "Оставить страны, у которых название, код ISO или телефонный код подходит.",
                "--json": "Печатать по JSON-объекту в строке: {\"name\", \"dial_code\", \"code\", "
                    + "\"dataset_dial_code\"}.",
            ]),
        "lookup serve": page(
            abstract: "Запустить API поиска (GET и POST /v1/lookup), его описание OpenAPI "
                + "(GET /openapi.json), /healthz, /metrics и список стран (GET /countries.json).",
            discussion: """
                SIGHUP заново загружает данные нумерации (из --data-dir или поставляемые), не                 прерывая запросов; негодные данные отвергаются, и ответы идут по прежним. SIGTERM                 и Ctrl-C дают закончить начатые ответы и завершают работу с кодом 0. Код выхода: 69                 — адрес занят, 65 — данные нумерации не загрузить.
                """,
            [
                "--host": "Адрес, на котором слушать.",
                "--port": "Порт, на котором слушать (0 — любой свободный).",
                "--data-dir": "Папка с данными нумерации, устроенная как поставляемая (VERSION, MANIFEST, "
                    + "metadata.tsv…); по умолчанию — поставляемые данные.",
            ]),
    ])

    /// A page with the options every `lookup` page shows, before and after a subcommand's name.
    private static func page(
        abstract: String, discussion: String = "", _ entries: [String: String]
    ) -> LocalizedCommandLine.Page {
        LocalizedCommandLine.Page(
            abstract: abstract, discussion: discussion,
            entries: SharedOptions.russianHelp.merging(LookupOptions.russianHelp) { first, _ in first }
                .merging(entries) { first, _ in first })
    }
}

extension LookupOptions {
    /// The Russian of these options' help, by name.
    static let russianHelp = [
        "--api": "Базовый адрес службы поиска (контракт — в README); без него отвечает офлайн-движок.",
        "--countries-url": "Откуда загружать список стран.",
        "--prefix-data": "Папка с таблицами префикс|описание, устроенными как поставляемые.",
    ]
}
