/// Checks a screen drawn as text lines for what a person would call broken: words cut where a
/// shorter wording or leaving a part out would have fitted, and rows left blank while there is
/// content to show. Each check returns what it found, empty when the screen is right.
///
/// ```swift
/// #expect(ScreenAudit.midWordCuts(in: lines, rows: [0, lines.count - 1]).isEmpty)
/// #expect(ScreenAudit.blankRuns(in: lines, rows: 2..<23, longest: 1).isEmpty)
/// ```
public enum ScreenAudit {
    /// Words that end in "…" by design ("Loading…"), not because they were cut.
    public static let wordsEndingInEllipsis: Set<String> = [
        "Loading…", "Refreshing…", "Загрузка…", "Обновление…", "page…", "страницы…", "countries…", "Looking up…",
        "стран…", "Поиск…",
    ]

    /// The rows among `rows` where a word is cut with "…" (a letter right before it, and the word
    /// not one that ends so by design), as "row N: text".
    public static func midWordCuts(in lines: [String], rows: some Sequence<Int>, allowing extra: Set<String> = []) -> [String] {
        rows.compactMap { row -> String? in
            guard lines.indices.contains(row) else { return nil }
            let line = lines[row]
            for word in line.split(separator: " ") where word.hasSuffix("…") {
                let stem = word.dropLast()
                guard let last = stem.last, last.isLetter else { continue }
                let text = String(word)
                if wordsEndingInEllipsis.contains(text) || extra.contains(text) { continue }
                if wordsEndingInEllipsis.contains(where: { $0.hasSuffix(text) }) { continue }
                return "row \(row): \(line)"
            }
            return nil
        }
    }

    /// Key names a Russian screen shows as they are printed on the keys.
    public static let keyNames: Set<String> = [
        "Tab", "Enter", "Esc", "Ctrl", "PgUp", "PgDn", "Home", "End", "Backspace", "Delete", "Shift",
    ]

    /// Names that stay Latin in Russian text: protocols, formats, products.
    public static let latinNames: Set<String> = [
        "URL", "HTTP", "HTTPS", "JSON", "Flickr", "kitty", "sixel", "iTerm", "iterm",
    ]

    /// The Latin words in `text` that a Russian reader would take for untranslated English: any
    /// run of two or more Latin letters outside a URL that is not a key's name (a single letter is
    /// a key: `q`, `r`, `f`), nor in ``latinNames`` or `names`, as "word in: line".
    public static func englishWords(in text: String, allowing names: Set<String> = []) -> [String] {
        var found: [String] = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").filter { !$0.contains("://") && !$0.hasPrefix("127.0.0.1") }
            for word in words {
                for token in word.split(whereSeparator: { !($0.isASCII && $0.isLetter) }) where token.count > 1 {
                    let name = String(token)
                    if keyNames.contains(name) || latinNames.contains(name) || names.contains(name) { continue }
                    found.append("\(name) in: \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        return found
    }

    /// Runs of more than `longest` blank rows among `rows` with content after them inside `rows`
    /// (a blank end after the last content is allowed), as "rows A..<B".
    public static func blankRuns(in lines: [String], rows: Range<Int>, longest: Int) -> [String] {
        var found: [String] = []
        var runStart: Int?
        for row in rows where lines.indices.contains(row) {
            let blank = lines[row].allSatisfy { $0 == " " }
            if blank {
                if runStart == nil { runStart = row }
            } else if let start = runStart {
                if row - start > longest { found.append("rows \(start)..<\(row)") }
                runStart = nil
            }
        }
        return found
    }

    /// True when `line` holds `text` whole.
    public static func shows(_ text: String, in line: String) -> Bool { line.contains(text) }
}
