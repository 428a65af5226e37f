import Imaging

/// What the terminal can show, read from the environment and, where that is not enough, from
/// one short query of the terminal (`TerminalProbe`).
public struct TerminalCapabilities: Sendable, Hashable {
    /// How many colours cells may use.
    public var colorMode: ColorMode
    /// How pictures are drawn.
    public var graphics: GraphicsProtocol
    /// What was asked for: `auto` lets `TerminalApp.run` ask the terminal when the environment
    /// did not settle `graphics`.
    public var graphicsChoice: GraphicsChoice
    /// True when the environment alone named the graphics protocol (no query needed for it).
    public var graphicsFromEnvironment: Bool
    /// The size of one cell in pixels, when the terminal told it.
    public var cellPixelSize: PixelSize?
    /// True inside tmux (`$TMUX`): pixel protocols would be mangled there.
    public var isInsideTmux: Bool
    /// The symbols pictures are drawn with when they are drawn in text.
    public var symbols: SymbolSet = .half
    /// Colours a sixel picture may use (the terminal's colour registers, at most 256).
    public var sixelColors = 256
    /// Frames are wrapped in synchronized output (DEC mode 2026); terminals that do not know the
    /// mode ignore it, so it is on unless the terminal said it does not recognise it.
    public var synchronizedOutput: Bool

    public init(
        colorMode: ColorMode, graphics: GraphicsProtocol = .blocks, graphicsChoice: GraphicsChoice = .auto,
        cellPixelSize: PixelSize? = nil, isInsideTmux: Bool = false, synchronizedOutput: Bool = true
    ) {
        self.colorMode = colorMode
        self.graphics = graphics
        self.graphicsChoice = graphicsChoice
        self.graphicsFromEnvironment = false
        self.cellPixelSize = cellPixelSize
        self.isInsideTmux = isInsideTmux
        self.synchronizedOutput = synchronizedOutput
        if case let .fixed(fixed) = graphicsChoice { self.graphics = fixed }
    }

    /// Reads the capabilities from environment variables: `NO_COLOR` (any non-empty value) turns
    /// colour off, `COLORTERM=truecolor|24bit` turns on 24-bit colour, otherwise the 256-colour
    /// palette, or the 16 named colours for `TERM=linux` and `TERM=*-16color`. Graphics: `choice`, else `WORKBENCH_GRAPHICS`, else what `TERM`, `TERM_PROGRAM`,
    /// `KITTY_WINDOW_ID`, `WEZTERM_PANE`, `LC_TERMINAL`, `KONSOLE_VERSION` tell; inside tmux only
    /// kitty, through Unicode placeholders, when the terminal outside is kitty or Ghostty (their
    /// `KITTY_WINDOW_ID` or `GHOSTTY_RESOURCES_DIR` survive into tmux), or when asked for;
    /// half-blocks until a query says more. Symbols in text: `symbols`, else `WORKBENCH_SYMBOLS`,
    /// else what `SymbolChoice.auto` trusts this terminal with.
    public static func detect(
        environment: [String: String], choice: GraphicsChoice? = nil, symbols: SymbolChoice? = nil
    ) -> TerminalCapabilities {
        let insideTmux = !(environment["TMUX"] ?? "").isEmpty
        let colorMode: ColorMode
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if !(environment["NO_COLOR"] ?? "").isEmpty {
            colorMode = .none
        } else if colorTerm.contains("truecolor") || colorTerm.contains("24bit") {
            colorMode = .trueColor
        } else if (environment["TERM"] ?? "").hasPrefix("linux") || (environment["TERM"] ?? "").hasSuffix("-16color") {
            colorMode = .palette16
        } else {
            colorMode = .palette256
        }
        let requested = choice ?? environment[GraphicsChoice.environmentVariable].flatMap(GraphicsChoice.init(argument:))
            ?? .auto
        var capabilities = TerminalCapabilities(colorMode: colorMode, graphicsChoice: requested, isInsideTmux: insideTmux)
        capabilities.symbols = (symbols ?? environment[SymbolChoice.environmentVariable].flatMap(SymbolChoice.init(argument:))
            ?? .auto).resolved(environment: environment)
        if case .fixed = requested {
            capabilities.graphicsFromEnvironment = true
        } else if let named = graphicsNamed(by: environment), !insideTmux {
            capabilities.graphics = named
            capabilities.graphicsFromEnvironment = true
        } else if insideTmux, environment["KITTY_WINDOW_ID"] != nil || environment["GHOSTTY_RESOURCES_DIR"] != nil {
            // The terminal outside tmux speaks kitty and draws its Unicode placeholders.
            capabilities.graphics = .kitty
            capabilities.graphicsFromEnvironment = true
        } else if insideTmux || (environment["TERM"] ?? "").hasPrefix("linux") {
            // tmux mangles pixel protocols and the Linux console has none: nothing to ask.
            capabilities.graphicsFromEnvironment = true
        }
        if colorMode == .none, requested == .auto {
            capabilities.graphics = .none
            capabilities.graphicsFromEnvironment = true
        }
        return capabilities
    }

    /// The protocol a terminal is known by its environment to speak, or nil.
    static func graphicsNamed(by environment: [String: String]) -> GraphicsProtocol? {
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        if term == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil || program == "ghostty"
            || term == "xterm-ghostty" || environment["WEZTERM_PANE"] != nil || program == "WezTerm"
            || environment["KONSOLE_VERSION"] != nil {
            return .kitty
        }
        if program == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" {
            return .iTerm2
        }
        if term.hasPrefix("foot") || term.hasPrefix("mlterm") || term.hasPrefix("contour") || program == "mlterm" {
            return .sixel
        }
        return nil
    }

    /// True when kitty pictures are drawn as Unicode placeholders: kitty graphics inside tmux,
    /// where pictures placed at the cursor would not survive.
    package var usesKittyPlaceholders: Bool { graphics == .kitty && isInsideTmux }

    /// True when the terminal plays an animation itself once sent its frames (kitty's animation
    /// protocol, placed at the cursor): a screen then passes the animation with its first frame
    /// and sends no more frames. Inside tmux the program plays it, as with every other protocol.
    public var playsAnimations: Bool { graphics == .kitty && !isInsideTmux }

    /// True when `TerminalApp.run` should ask the terminal: graphics not settled by the
    /// environment, or pixels in use without a known cell size.
    package var needsProbe: Bool {
        !graphicsFromEnvironment || (graphics.showsPixels && cellPixelSize == nil)
    }

    /// These capabilities completed by what the terminal answered.
    package func resolved(with answer: TerminalProbe.Answer) -> TerminalCapabilities {
        var resolved = self
        if let cell = answer.cellPixelSize { resolved.cellPixelSize = cell }
        if answer.synchronizedOutput == false { resolved.synchronizedOutput = false }
        if let registers = answer.colorRegisters, registers >= 2 { resolved.sixelColors = min(256, registers) }
        guard !graphicsFromEnvironment else { return resolved }
        if answer.kittyGraphics {
            resolved.graphics = .kitty
        } else if answer.sixel {
            resolved.graphics = .sixel
        }
        return resolved
    }
}
