/// A modal message in a box in the middle of the screen, with one button that dismisses it.
///
/// ```swift
/// if let alert { alert.draw(into: &frame) }
/// // in handle: if alert?.dismisses(event) == true { alert = nil }
/// ```
public struct Alert: Sendable, Hashable {
    public var title: String
    public var message: String
    public var button: String

    public init(title: String, message: String, button: String = "OK") {
        self.title = title
        self.message = message
        self.button = button
    }

    /// The box on a screen of `size`: up to 50 columns wide, tall enough for the wrapped message.
    public func boxRect(in size: TerminalSize) -> Rect {
        let width = min(size.columns - 2, max(24, min(50, max(displayWidth(of: title), displayWidth(of: message)) + 4)))
        let lines = TextLayout.wrap(message, width: max(1, width - 4)).count
        let height = min(size.rows, lines + 5)
        return Rect(size: size).centered(width: width, height: height)
    }

    /// Where the button is drawn on a screen of `size` (for clicks).
    public func buttonRect(in size: TerminalSize) -> Rect {
        let box = boxRect(in: size)
        let label = "[ \(button) ]"
        let width = displayWidth(of: label)
        return Rect(column: box.column + (box.width - width) / 2, row: box.maxRow - 2, width: width, height: 1)
    }

    /// True when `event` dismisses the alert: Enter, Esc, Space, or a click on the button.
    public func dismisses(_ event: Event, size: TerminalSize) -> Bool {
        switch event {
        case .key(.enter), .key(.escape), .key(.character(" ")):
            return true
        case let .mouse(mouse):
            guard case .press(.left) = mouse.kind else { return false }
            return buttonRect(in: size).contains(column: mouse.column, row: mouse.row)
        default:
            return false
        }
    }

    /// Draws the alert over whatever `frame` shows.
    public func draw(into frame: inout Frame, style: Style = .plain) {
        let box = boxRect(in: frame.size)
        guard box.width >= 4, box.height >= 3 else { return }
        frame.fill(box, style: style)
        frame.drawBox(box, style: style)
        frame.putCentered(" \(title) ", in: box.inset(by: 1), row: box.row, style: style.bolded)
        let inner = Rect(column: box.column + 2, row: box.row + 2, width: box.width - 4, height: box.height - 5)
        for (offset, line) in TextLayout.wrap(message, width: max(1, inner.width)).prefix(inner.height).enumerated() {
            frame.putCentered(line, in: inner, row: inner.row + offset, style: style)
        }
        let button = buttonRect(in: frame.size)
        frame.put("[ \(self.button) ]", column: button.column, row: button.row, style: style.reversed.bolded)
    }
}
