/// The keys of a screen in a box over it: one aligned line per key, notes under them, and a
/// closing hint. `?` opens it; while it shows any key or click closes it.
///
/// ```swift
/// let help = HelpOverlay(title: "Keys", entries: [("↑ ↓", "move"), ("q", "quit")],
///                        notes: [mode.summary], closeHint: "any key closes")
/// if isShowingHelp { help.draw(into: &frame) }
/// ```
package struct HelpOverlay: Sendable, Hashable {
    /// One key (or keys) and what it does.
    package struct Entry: Sendable, Hashable {
        package var keys: String
        package var action: String

        package init(_ keys: String, _ action: String) {
            self.keys = keys
            self.action = action
        }
    }

    package var title: String
    package var entries: [Entry]
    /// Lines under the keys, after a blank line (e.g. how pictures are drawn).
    package var notes: [String]
    /// The dimmed last line, e.g. "any key closes".
    package var closeHint: String

    package init(title: String, entries: [Entry], notes: [String] = [], closeHint: String) {
        self.title = title
        self.entries = entries
        self.notes = notes
        self.closeHint = closeHint
    }

    /// True when `event` opens or closes the help: `?` always; while it shows, any key, paste or
    /// left click (ticks, resizes, the wheel and releases do not).
    package static func toggles(_ event: Event, showing: Bool) -> Bool {
        switch event {
        case .key(.character("?")): true
        case .key, .paste: showing
        case .mouse(let mouse): showing && mouse.kind == .press(.left)
        default: false
        }
    }

    /// The text lines inside the box: keys in one column, their actions aligned after them.
    package var lines: [String] {
        let keyWidth = entries.map { displayWidth(of: $0.keys) }.max() ?? 0
        let keyLines = entries.map { entry in
            entry.keys + String(repeating: " ", count: keyWidth - displayWidth(of: entry.keys) + 2) + entry.action
        }
        return notes.isEmpty ? keyLines : keyLines + [""] + notes
    }

    /// The box, centred in a frame of `size` and no bigger than it.
    package func boxRect(in size: TerminalSize) -> Rect {
        let lines = self.lines
        let widest = max(lines.map { displayWidth(of: $0) }.max() ?? 0, displayWidth(of: title) + 4,
                         displayWidth(of: closeHint))
        let width = min(size.columns, widest + 4)
        let height = min(size.rows, lines.count + 4)
        return Rect(column: (size.columns - width) / 2, row: (size.rows - height) / 2, width: width, height: height)
    }

    /// Draws the box over whatever `frame` holds; lines too long for a small screen end with "…".
    package func draw(into frame: inout Frame) {
        let box = boxRect(in: frame.size)
        guard box.width >= 4, box.height >= 3 else { return }
        frame.fill(box)
        frame.drawBox(box, style: Style(bold: true))
        frame.putCentered(" \(title) ", in: box, row: box.row, style: Style(bold: true))
        let room = max(0, box.height - 4)
        for (offset, line) in lines.prefix(room).enumerated() {
            frame.put(line, column: box.column + 2, row: box.row + 1 + offset, maxWidth: box.width - 4,
                      truncation: .ellipsis)
        }
        if box.height >= 4 {
            frame.putCentered(closeHint, in: box, row: box.maxRow - 2, style: Style(dim: true))
        }
    }
}
