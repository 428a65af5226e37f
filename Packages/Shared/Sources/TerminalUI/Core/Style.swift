/// A cell colour: the terminal's own default, one of the 256 palette entries, or 24-bit RGB.
public enum Color: Sendable, Hashable {
    /// The terminal's default foreground or background.
    case `default`
    /// An entry of the 256-colour palette (0-15 are the terminal's named colours).
    case palette(UInt8)
    /// A 24-bit colour; shown as the nearest palette entry on terminals without truecolor.
    case rgb(UInt8, UInt8, UInt8)

    public static let black = Color.palette(0)
    public static let red = Color.palette(1)
    public static let green = Color.palette(2)
    public static let yellow = Color.palette(3)
    public static let blue = Color.palette(4)
    public static let magenta = Color.palette(5)
    public static let cyan = Color.palette(6)
    public static let white = Color.palette(7)
    public static let gray = Color.palette(8)
    public static let brightRed = Color.palette(9)
    public static let brightGreen = Color.palette(10)
    public static let brightYellow = Color.palette(11)
    public static let brightBlue = Color.palette(12)
    public static let brightWhite = Color.palette(15)
}

/// How a cell is drawn: colours and attributes.
public struct Style: Sendable, Hashable {
    public var foreground: Color
    public var background: Color
    public var bold: Bool
    public var dim: Bool
    public var underline: Bool
    public var reverse: Bool

    /// A style; every part defaults to the terminal's plain look.
    public init(
        foreground: Color = .default, background: Color = .default,
        bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
    }

    /// Default colours, no attributes.
    public static let plain = Style()

    /// This style with another foreground.
    public func foreground(_ color: Color) -> Style { var copy = self; copy.foreground = color; return copy }
    /// This style with another background.
    public func background(_ color: Color) -> Style { var copy = self; copy.background = color; return copy }
    /// This style in bold.
    public var bolded: Style { var copy = self; copy.bold = true; return copy }
    /// This style dimmed.
    public var dimmed: Style { var copy = self; copy.dim = true; return copy }
    /// This style with foreground and background swapped by the terminal.
    public var reversed: Style { var copy = self; copy.reverse.toggle(); return copy }
    /// This style underlined.
    public var underlined: Style { var copy = self; copy.underline = true; return copy }
}
