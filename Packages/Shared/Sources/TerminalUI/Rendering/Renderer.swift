/// How many colours the terminal shows.
public enum ColorMode: Sendable, Hashable {
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    case trueColor
    /// The 256-colour palette: RGB colours are mapped to their nearest entry.
    case palette256
    /// The 16 named colours only (the Linux console, `TERM=*-16color`): every other colour is
    /// mapped to the nearest of xterm's defaults for them.
    case palette16
    /// No colour at all (`NO_COLOR`): attributes such as bold and reverse only.
    case none
}

/// Turns frames into the bytes that put them on a terminal, writing only the cells that changed
/// since the previous frame, with the fewest cursor moves and style changes it can.
///
/// ```swift
/// var renderer = Renderer(colorMode: .trueColor)
/// let bytes = renderer.render(frame)   // write these in one write(2)
/// ```
public struct Renderer: Sendable {
    /// The colour depth output is limited to.
    public var colorMode: ColorMode
    private var previous: Frame?
    /// Where the terminal's cursor is, nil when unknown (after writing into the last column).
    private var cursorColumn = 0, cursorRow = 0, cursorKnown = false
    /// The SGR state of the terminal, nil when unknown.
    private var pen: Style?
    /// Pictures drawn with real pixels.
    private var images: ImageLayer
    /// Each frame's bytes are wrapped in synchronized output (DEC mode 2026), so the terminal
    /// shows the frame whole or not at all.
    public var synchronizedOutput: Bool

    /// A renderer whose first frame is a full redraw.
    /// - Parameters:
    ///   - colorMode: how colours are written: 24-bit, the 256-colour palette, or none.
    ///   - graphics: how the frames' pictures placed with real pixels are drawn.
    ///   - cellSizeKnown: true when the terminal told its cell size, so pictures are sent at exact
    ///     pixel sizes; otherwise kitty and iTerm2 scale them into their cells.
    ///   - synchronizedOutput: wrap each frame in DEC mode 2026.
    ///   - sixelColors: the palette size of sixel pictures (the terminal's colour registers).
    public init(
        colorMode: ColorMode = .trueColor, graphics: GraphicsProtocol = .blocks,
        cellSizeKnown: Bool = false, synchronizedOutput: Bool = false, sixelColors: Int = 256
    ) {
        self.colorMode = colorMode
        self.images = ImageLayer(graphics: graphics, cellSizeKnown: cellSizeKnown, sixelColors: sixelColors)
        self.synchronizedOutput = synchronizedOutput
    }

    /// A renderer for a terminal with `capabilities`.
    /// Inside tmux, kitty pictures are drawn as Unicode placeholders.
    public init(capabilities: TerminalCapabilities) {
        self.init(colorMode: capabilities.colorMode, graphics: capabilities.graphics,
                  cellSizeKnown: capabilities.cellPixelSize != nil,
                  synchronizedOutput: capabilities.synchronizedOutput, sixelColors: capabilities.sixelColors)
        images = ImageLayer(graphics: capabilities.graphics, cellSizeKnown: capabilities.cellPixelSize != nil,
                            sixelColors: capabilities.sixelColors, placeholders: capabilities.usesKittyPlaceholders)
    }

    /// Bytes that take our pictures off the terminal for good (kitty keeps them otherwise);
    /// sent when the program leaves the screen.
    public var cleanupBytes: [UInt8] { images.cleanup }

    /// The kitty image ids the terminal holds for this renderer.
    package var kittyImageIDs: Set<Int> { images.kittyImageIDs }

    /// Begin and end of a synchronized update.
    static let beginSynchronized: [UInt8] = Array("\u{1b}[?2026h".utf8)
    static let endSynchronized: [UInt8] = Array("\u{1b}[?2026l".utf8)

    /// Forgets what is on the screen: the next frame clears and redraws everything
    /// (after a resize, or when something else wrote to the terminal).
    public mutating func invalidate() {
        previous = nil
        pen = nil
        cursorKnown = false
    }

    /// The bytes that turn the previous frame into `frame` on the terminal.
    public mutating func render(_ frame: Frame) -> [UInt8] {
        var output: [UInt8] = []
        render(frame, into: &output)
        return output
    }

    /// Appends to `output` the bytes that turn the previous frame into `frame`.
    public mutating func render(_ frame: Frame, into output: inout [UInt8]) {
        let start = output.count
        if synchronizedOutput { output.append(contentsOf: Self.beginSynchronized) }
        let bodyStart = output.count
        let placements = images.drawable(frame.visibleImages, screen: frame.size)
        var operations: [ImageLayer.Operation] = []
        // kitty placeholders: the images go first, then the cells carry the pictures as text.
        var frame = frame
        var imagesFirst: [ImageLayer.Operation] = []
        if images.placeholders {
            imagesFirst = images.update(placements) { _ in false }
            images.drawPlaceholders(placements, into: &frame)
        }
        var old: Frame
        if let previous, previous.size == frame.size {
            old = previous
            for area in images.staleAreas(for: placements) { old.invalidate(area) }
        } else {
            output.append(contentsOf: Self.clearScreen)
            operations += images.screenCleared()
            pen = .plain
            cursorColumn = 0
            cursorRow = 0
            cursorKnown = true
            old = Frame(size: frame.size)
        }
        for case let .anywhere(bytes) in imagesFirst { output.append(contentsOf: bytes) }
        renderCells(frame, over: old, into: &output)
        let before = old
        if !images.placeholders {
            operations += images.update(placements) { area in !frame.sameCells(as: before, in: area) }
        }
        for operation in operations {
            switch operation {
            case let .anywhere(bytes):
                output.append(contentsOf: bytes)
            case let .at(column, row, bytes):
                moveCursor(toColumn: column, row: row, output: &output)
                output.append(contentsOf: bytes)
                cursorKnown = false
            }
        }
        previous = frame
        if output.count == bodyStart {
            output.removeSubrange(start...)
        } else if synchronizedOutput {
            output.append(contentsOf: Self.endSynchronized)
        }
    }

    private mutating func renderCells(_ frame: Frame, over old: Frame, into output: inout [UInt8]) {
        let columns = frame.size.columns
        frame.cells.withUnsafeBufferPointer { new in
            old.cells.withUnsafeBufferPointer { before in
                for row in 0..<frame.size.rows {
                    let base = row * columns
                    var column = 0
                    while column < columns {
                        let cell = new[base + column]
                        if cell.isContinuation {
                            column += 1
                            continue
                        }
                        let wide = column + 1 < columns && new[base + column + 1].isContinuation
                        let changed = cell != before[base + column]
                            || (wide && new[base + column + 1] != before[base + column + 1])
                        guard changed else {
                            column += 1
                            continue
                        }
                        moveCursor(toColumn: column, row: row, output: &output)
                        setPen(cell.style, output: &output)
                        if cell.grapheme.isEmpty {
                            output.append(0x20)
                        } else {
                            output.append(contentsOf: cell.grapheme.utf8)
                        }
                        column += wide ? 2 : 1
                        cursorColumn = column
                        if column >= columns { cursorKnown = false }
                    }
                }
            }
        }
    }

    private static let clearScreen: [UInt8] = Array("\u{1b}[0m\u{1b}[H\u{1b}[2J".utf8)

    private mutating func moveCursor(toColumn column: Int, row: Int, output: inout [UInt8]) {
        if cursorKnown, cursorRow == row, cursorColumn == column { return }
        output.append(0x1B)
        output.append(UInt8(ascii: "["))
        if cursorKnown, cursorRow == row, column > cursorColumn {
            let distance = column - cursorColumn
            if distance > 1 { Self.appendNumber(distance, to: &output) }
            output.append(UInt8(ascii: "C"))
        } else if row == 0, column == 0 {
            output.append(UInt8(ascii: "H"))
        } else {
            Self.appendNumber(row + 1, to: &output)
            output.append(UInt8(ascii: ";"))
            Self.appendNumber(column + 1, to: &output)
            output.append(UInt8(ascii: "H"))
        }
        cursorColumn = column
        cursorRow = row
        cursorKnown = true
    }

    private mutating func setPen(_ requested: Style, output: inout [UInt8]) {
        var style = requested
        switch colorMode {
        case .trueColor: break
        case .palette256:
            style.foreground = style.foreground.paletteApproximation
            style.background = style.background.paletteApproximation
        case .palette16:
            style.foreground = style.foreground.namedApproximation
            style.background = style.background.namedApproximation
        case .none:
            style.foreground = .default
            style.background = .default
        }
        if pen == style { return }
        output.append(0x1B)
        output.append(UInt8(ascii: "["))
        var first = true
        func parameter(_ write: (inout [UInt8]) -> Void) {
            if !first { output.append(UInt8(ascii: ";")) }
            first = false
            write(&output)
        }
        var from = pen ?? .plain
        let mustReset = pen == nil || (from.bold && !style.bold) || (from.dim && !style.dim)
            || (from.underline && !style.underline) || (from.reverse && !style.reverse)
        if mustReset {
            parameter { $0.append(UInt8(ascii: "0")) }
            from = .plain
        }
        if style.bold, !from.bold { parameter { $0.append(UInt8(ascii: "1")) } }
        if style.dim, !from.dim { parameter { $0.append(UInt8(ascii: "2")) } }
        if style.underline, !from.underline { parameter { $0.append(UInt8(ascii: "4")) } }
        if style.reverse, !from.reverse { parameter { $0.append(UInt8(ascii: "7")) } }
        if style.foreground != from.foreground {
            parameter { Self.appendColor(style.foreground, base: 30, to: &$0) }
        }
        if style.background != from.background {
            parameter { Self.appendColor(style.background, base: 40, to: &$0) }
        }
        output.append(UInt8(ascii: "m"))
        pen = style
    }

    /// SGR parameters for a colour; `base` is 30 for the foreground, 40 for the background.
    private static func appendColor(_ color: Color, base: Int, to output: inout [UInt8]) {
        switch color {
        case .default:
            appendNumber(base + 9, to: &output)
        case let .palette(index) where index < 8:
            appendNumber(base + Int(index), to: &output)
        case let .palette(index) where index < 16:
            appendNumber(base + 60 + Int(index) - 8, to: &output)
        case let .palette(index):
            appendNumber(base + 8, to: &output)
            output.append(contentsOf: [UInt8(ascii: ";"), UInt8(ascii: "5"), UInt8(ascii: ";")])
            appendNumber(Int(index), to: &output)
        case let .rgb(r, g, b):
            appendNumber(base + 8, to: &output)
            output.append(contentsOf: [UInt8(ascii: ";"), UInt8(ascii: "2"), UInt8(ascii: ";")])
            appendNumber(Int(r), to: &output)
            output.append(UInt8(ascii: ";"))
            appendNumber(Int(g), to: &output)
            output.append(UInt8(ascii: ";"))
            appendNumber(Int(b), to: &output)
        }
    }

    private static func appendNumber(_ value: Int, to output: inout [UInt8]) {
        if value < 10 {
            output.append(UInt8(48 + value))
        } else if value < 100 {
            output.append(UInt8(48 + value / 10))
            output.append(UInt8(48 + value % 10))
        } else if value < 1000 {
            output.append(UInt8(48 + value / 100))
            output.append(UInt8(48 + (value / 10) % 10))
            output.append(UInt8(48 + value % 10))
        } else {
            output.append(contentsOf: String(value).utf8)
        }
    }
}
