/// What the terminal can show, read from the environment.
public struct TerminalCapabilities: Sendable, Hashable {
    /// A protocol that shows real pixels inside the terminal.
    public enum InlineImages: Sendable, Hashable {
        /// The kitty graphics protocol (kitty, WezTerm, Ghostty).
        case kitty
        /// iTerm2's inline image escape (iTerm2, WezTerm).
        case iTerm2
    }

    /// How many colours cells may use.
    public var colorMode: ColorMode
    /// An inline image protocol the terminal says it speaks; nil inside tmux or when unknown.
    public var inlineImages: InlineImages?
    /// True inside tmux (`$TMUX`): inline images would be mangled there.
    public var isInsideTmux: Bool

    public init(colorMode: ColorMode, inlineImages: InlineImages? = nil, isInsideTmux: Bool = false) {
        self.colorMode = colorMode
        self.inlineImages = inlineImages
        self.isInsideTmux = isInsideTmux
    }

    /// Reads the capabilities from environment variables: `NO_COLOR` (any non-empty value) turns
    /// colour off, `COLORTERM=truecolor|24bit` turns on 24-bit colour, otherwise the 256-colour
    /// palette; `TERM`, `TERM_PROGRAM`, `KITTY_WINDOW_ID`, `LC_TERMINAL` tell the inline image
    /// protocol, which is never used inside tmux.
    public static func detect(environment: [String: String]) -> TerminalCapabilities {
        let insideTmux = !(environment["TMUX"] ?? "").isEmpty
        let colorMode: ColorMode
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if !(environment["NO_COLOR"] ?? "").isEmpty {
            colorMode = .none
        } else if colorTerm.contains("truecolor") || colorTerm.contains("24bit") {
            colorMode = .trueColor
        } else {
            colorMode = .palette256
        }
        var inline: InlineImages?
        if !insideTmux {
            let term = environment["TERM"] ?? ""
            let program = environment["TERM_PROGRAM"] ?? ""
            if term == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil || program == "ghostty" {
                inline = .kitty
            } else if program == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" || program == "WezTerm" {
                inline = .iTerm2
            }
        }
        return TerminalCapabilities(colorMode: colorMode, inlineImages: inline, isInsideTmux: insideTmux)
    }
}
