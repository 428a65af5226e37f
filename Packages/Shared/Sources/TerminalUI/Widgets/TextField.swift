/// A single-line text field: a value with a cursor and the editing keys people expect
/// (arrows, Home/End, Backspace/Delete, Ctrl-A/E/U/K/W), drawn with its placeholder when empty.
///
/// ```swift
/// var field = TextField(placeholder: "Phone number")
/// if case let .key(key) = event, field.handle(key) { search(field.text) }
/// field.draw(into: &frame, in: Rect(column: 2, row: 3, width: 30, height: 1), focused: true)
/// ```
public struct TextField: Sendable, Hashable {
    /// The text typed so far.
    public var text: String {
        didSet { cursor = min(cursor, text.count) }
    }
    /// The cursor, as a count of graphemes before it (0...text.count).
    public var cursor: Int
    /// Shown dimmed while the field is empty.
    public var placeholder: String

    public init(text: String = "", placeholder: String = "") {
        self.text = text
        self.cursor = text.count
        self.placeholder = placeholder
    }

    /// Applies an editing key.
    /// - Returns: true when the key changed the text or moved the cursor (or was an editing
    ///   key with nothing to do), false when it is not for the field (Enter, Tab, arrows up/down...).
    public mutating func handle(_ key: Key) -> Bool {
        var characters = Array(text)
        switch key {
        case let .character(character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .backspace, .control("h"):
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .left, .control("b"):
            cursor = max(0, cursor - 1)
            return true
        case .right, .control("f"):
            cursor = min(characters.count, cursor + 1)
            return true
        case .home, .control("a"):
            cursor = 0
            return true
        case .end, .control("e"):
            cursor = characters.count
            return true
        case .control("u"):
            characters.removeFirst(cursor)
            cursor = 0
        case .control("k"):
            characters.removeLast(characters.count - cursor)
        case .control("w"):
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        text = String(characters)
        return true
    }

    /// Inserts `string` at the cursor (for paste); line breaks and tabs become spaces.
    public mutating func insert(_ string: String) {
        let cleaned = string.map { $0.isNewline || $0 == "\t" ? " " : $0 }.filter { displayWidth(of: $0) > 0 }
        var characters = Array(text)
        characters.insert(contentsOf: cleaned, at: cursor)
        cursor += cleaned.count
        text = String(characters)
    }

    /// Draws the text in the first row of `rect`, scrolled so the cursor is visible; when
    /// `focused`, the cell under the cursor is shown in reverse video.
    public func draw(
        into frame: inout Frame, in rect: Rect, style: Style = .plain,
        placeholderStyle: Style = Style(dim: true), focused: Bool = true
    ) {
        guard rect.width > 0, rect.height > 0 else { return }
        frame.fill(Rect(column: rect.column, row: rect.row, width: rect.width, height: 1), style: style)
        let characters = Array(text)
        if characters.isEmpty {
            frame.put(placeholder, column: rect.column, row: rect.row, style: placeholderStyle,
                      maxWidth: rect.width, truncation: .ellipsis)
            if focused {
                let first = frame[rect.column, rect.row]
                frame[rect.column, rect.row] = Cell(first.grapheme, style: first.style.reversed)
            }
            return
        }
        // Scroll: the first shown grapheme is chosen so that the cursor's cell fits.
        var first = 0
        var widthBeforeCursor = characters[..<cursor].reduce(0) { $0 + displayWidth(of: $1) }
        while widthBeforeCursor > rect.width - 1, first < cursor {
            widthBeforeCursor -= displayWidth(of: characters[first])
            first += 1
        }
        frame.put(String(characters[first...]), column: rect.column, row: rect.row, style: style, maxWidth: rect.width)
        guard focused else { return }
        let column = rect.column + widthBeforeCursor
        let under = frame[column, rect.row]
        let grapheme = cursor < characters.count && !under.isContinuation ? under.grapheme : " "
        frame[column, rect.row] = Cell(cursor < characters.count ? grapheme : " ", style: style.reversed)
        if cursor < characters.count, displayWidth(of: characters[cursor]) == 2 {
            frame[column + 1, rect.row] = Cell("", style: style.reversed)
        }
    }
}
