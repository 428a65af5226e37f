/// How pictures reach the screen: real pixels through one of three terminal protocols, or
/// character cells.
public enum GraphicsProtocol: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The kitty graphics protocol (kitty, Ghostty, WezTerm, Konsole): pixels sent once by id,
    /// then placed, moved and deleted by id.
    case kitty
    /// DEC sixel (xterm -ti vt340, foot, mlterm, WezTerm, Windows Terminal, contour).
    case sixel
    /// iTerm2's inline images (iTerm2, WezTerm).
    case iTerm2 = "iterm2"
    /// Half-block characters in colour (the fallback every terminal shows).
    case blocks
    /// No pictures: shading characters and the picture's label only.
    case none

    /// True for the protocols that put real pixels on the screen.
    public var showsPixels: Bool { self == .kitty || self == .sixel || self == .iTerm2 }

    /// The name used by `--graphics` and the environment variable.
    public var description: String { rawValue }
}

/// What a person asked for with `--graphics` or `WORKBENCH_GRAPHICS`: a protocol, or `auto`
/// (ask the environment, then the terminal).
public typealias GraphicsChoice = AutoOr<GraphicsProtocol>

extension AutoOr where Value == GraphicsProtocol {
    /// The environment variable that sets the choice when no option does.
    public static var environmentVariable: String { "WORKBENCH_GRAPHICS" }
}
