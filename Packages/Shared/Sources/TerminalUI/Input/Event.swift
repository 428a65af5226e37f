/// Something that happened to a screen: input, a resize, or an animation tick.
public enum Event: Sendable, Hashable {
    /// A key press.
    case key(Key)
    /// A mouse button, drag or wheel.
    case mouse(MouseEvent)
    /// Text pasted with bracketed paste, delivered whole.
    case paste(String)
    /// The terminal changed size; the next `render(size:)` gets the new size.
    case resize(TerminalSize)
    /// A timer asked for with `ScreenContext.scheduleTick(after:)` fired.
    case tick
}

/// A key, as the terminal reports it.
public enum Key: Sendable, Hashable {
    /// A printable grapheme (letters, digits, punctuation, CJK, emoji...).
    case character(Character)
    case enter
    case escape
    /// Backspace (the terminal sends 0x7f or 0x08).
    case backspace
    /// The Delete key (forward delete).
    case delete
    case tab
    /// Shift-Tab.
    case backTab
    case up, down, left, right
    case pageUp, pageDown
    case home, end
    /// Control plus a key, as a lowercase letter: Ctrl-A is `.control("a")`, Ctrl-C `.control("c")`.
    case control(Character)
}

/// A mouse button.
public enum MouseButton: Sendable, Hashable {
    case left, middle, right
}

/// A mouse report, with 0-based cell coordinates.
public struct MouseEvent: Sendable, Hashable {
    /// What the mouse did.
    public enum Kind: Sendable, Hashable {
        case press(MouseButton)
        /// The mouse moved with `button` held down.
        case drag(MouseButton)
        case release
        case wheelUp
        case wheelDown
    }

    public var kind: Kind
    /// 0-based column.
    public var column: Int
    /// 0-based row.
    public var row: Int
    /// True when Ctrl was held (Ctrl and the wheel zoom a full view).
    public var control: Bool

    public init(kind: Kind, column: Int, row: Int, control: Bool = false) {
        self.kind = kind
        self.column = column
        self.row = row
        self.control = control
    }
}
