/// A one-line bar across the top of a screen: the title centred, optional text at each end.
public struct TitleBar: Sendable, Hashable {
    public var title: String
    public var leading: String
    public var trailing: String
    public var style: Style

    public init(_ title: String, leading: String = "", trailing: String = "",
                style: Style = Style(bold: true, reverse: true)) {
        self.title = title
        self.leading = leading
        self.trailing = trailing
        self.style = style
    }

    /// Draws the bar across `row` of `frame`.
    public func draw(into frame: inout Frame, row: Int = 0) {
        let line = Rect(column: 0, row: row, width: frame.size.columns, height: 1)
        frame.fill(line, style: style)
        frame.putCentered(title, in: line, row: row, style: style)
        if !leading.isEmpty { frame.put(leading, column: 1, row: row, style: style) }
        if !trailing.isEmpty {
            let width = displayWidth(of: trailing)
            frame.put(trailing, column: max(0, frame.size.columns - width - 1), row: row, style: style)
        }
    }
}

/// A one-line bar at the bottom of a screen: hints on the left, state on the right.
public struct StatusBar: Sendable, Hashable {
    public var left: String
    public var right: String
    public var style: Style

    public init(left: String, right: String = "", style: Style = Style(reverse: true)) {
        self.left = left
        self.right = right
        self.style = style
    }

    /// Draws the bar across `row` (the last row when nil). The right text wins when both do not fit.
    public func draw(into frame: inout Frame, row: Int? = nil) {
        let y = row ?? frame.size.rows - 1
        frame.fill(Rect(column: 0, row: y, width: frame.size.columns, height: 1), style: style)
        let rightWidth = min(displayWidth(of: right), max(0, frame.size.columns - 2))
        if !right.isEmpty {
            frame.put(right, column: frame.size.columns - rightWidth - 1, row: y, style: style,
                      maxWidth: rightWidth, truncation: .ellipsis)
        }
        let room = frame.size.columns - 2 - (rightWidth > 0 ? rightWidth + 2 : 0)
        frame.put(left, column: 1, row: y, style: style, maxWidth: max(0, room), truncation: .ellipsis)
    }
}

/// A one-line message across the screen, e.g. "Offline: showing saved pictures".
public struct Banner: Sendable, Hashable {
    /// How loud the banner is.
    public enum Kind: Sendable, Hashable {
        case info, warning, error

        var style: Style {
            switch self {
            case .info: Style(foreground: .brightWhite, background: .blue, bold: true)
            case .warning: Style(foreground: .black, background: .yellow, bold: true)
            case .error: Style(foreground: .brightWhite, background: .red, bold: true)
            }
        }
    }

    public var text: String
    public var kind: Kind

    public init(_ text: String, kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }

    /// Draws the banner centred across `row`.
    public func draw(into frame: inout Frame, row: Int) {
        let line = Rect(column: 0, row: row, width: frame.size.columns, height: 1)
        frame.fill(line, style: kind.style)
        frame.putCentered(text, in: line.inset(by: 0), row: row, style: kind.style)
    }
}

/// A spinning indicator for work in progress. Advance it from a tick every `interval`.
public struct Spinner: Sendable, Hashable {
    /// Braille frames of the spinner.
    public static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// How long each frame shows.
    public static let interval = Duration.milliseconds(80)

    /// Which frame shows.
    public var phase: Int

    public init(phase: Int = 0) { self.phase = phase }

    /// The spinner as it is `elapsed` after it started (for screens that tick faster).
    public init(elapsed: Duration) {
        let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
        self.phase = Int(milliseconds / 80)
    }

    /// The current frame.
    public var symbol: String { Self.frames[((phase % Self.frames.count) + Self.frames.count) % Self.frames.count] }

    /// Shows the next frame.
    public mutating func advance() { phase += 1 }

    /// Draws the symbol and `label` after it.
    /// - Returns: the columns used.
    @discardableResult
    public func draw(into frame: inout Frame, column: Int, row: Int, label: String = "", style: Style = .plain) -> Int {
        let used = frame.put(symbol, column: column, row: row, style: style)
        guard !label.isEmpty else { return used }
        return used + frame.put(" " + label, column: column + used, row: row, style: style)
    }
}

/// A horizontal bar filled to a fraction, with eighth-of-a-cell resolution.
public struct ProgressBar: Sendable, Hashable {
    /// 0...1 (clamped).
    public var fraction: Double
    public var style: Style

    static let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    public init(fraction: Double, style: Style = .plain) {
        self.fraction = fraction
        self.style = style
    }

    /// Draws the bar across the first row of `rect`: "█" filled, "░" empty.
    public func draw(into frame: inout Frame, in rect: Rect) {
        guard rect.width > 0 else { return }
        let clamped = fraction.isNaN ? 0 : min(1, max(0, fraction))
        let eighths = Int((clamped * Double(rect.width * 8)).rounded())
        for offset in 0..<rect.width {
            let filled = min(8, max(0, eighths - offset * 8))
            let grapheme = filled == 8 ? "█" : filled == 0 ? "░" : Self.partials[filled]
            frame[rect.column + offset, rect.row] = Cell(grapheme, style: style)
        }
    }
}
