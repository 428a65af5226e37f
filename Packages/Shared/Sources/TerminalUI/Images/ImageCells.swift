import Imaging

/// Pictures drawn with character cells: each cell shows two pixels stacked, as an upper half
/// block "▀" whose foreground is the top pixel and background the bottom pixel, or finer, with
/// the quadrant, sextant and eighth-block symbol that best matches each cell (`TextArtEncoder`).
///
/// ```swift
/// let pixels = ImageCells.pixelSize(forCells: TerminalSize(columns: 40, rows: 12))  // 40x24
/// ImageCells.draw(bitmap, into: &frame, in: Rect(column: 2, row: 1, width: 40, height: 12),
///                 mode: context.imageMode)
/// ```
public enum ImageCells {
    /// How pixels become cells.
    public enum Mode: Sendable, Hashable {
        /// Half blocks with 24-bit colours.
        case trueColor
        /// Half blocks with the nearest 256-colour palette entries.
        case palette256
        /// No colour (`NO_COLOR`): shading characters by brightness, and the label if given.
        case text
        /// Real pixels through `graphics` (kitty, sixel or iTerm2), laid out for cells of `cell` pixels.
        case pixels(GraphicsProtocol, cell: PixelSize)
        /// Character art finer than half blocks: `symbols` in `colors` (half blocks in 24-bit
        /// colour and in 256 colours are ``trueColor`` and ``palette256``).
        case symbols(SymbolSet, CellColors)

        /// The mode for a terminal with `capabilities`.
        public init(_ capabilities: TerminalCapabilities) {
            if capabilities.graphics.showsPixels {
                self = .pixels(capabilities.graphics, cell: capabilities.cellPixelSize ?? ImageCells.assumedCellPixels)
                return
            }
            switch capabilities.colorMode {
            case .trueColor where capabilities.graphics != .none: self = .blocks(capabilities.symbols, .trueColor)
            case .palette256 where capabilities.graphics != .none: self = .blocks(capabilities.symbols, .palette256)
            case .palette16 where capabilities.graphics != .none: self = .blocks(capabilities.symbols, .palette16)
            default: self = .text
            }
        }

        /// Character art with `symbols` in `colors`: ``trueColor`` or ``palette256`` for half blocks
        /// in those colours, else ``symbols(_:_:)``.
        public static func blocks(_ symbols: SymbolSet, _ colors: CellColors) -> Mode {
            switch (symbols, colors) {
            case (.half, .trueColor): .trueColor
            case (.half, .palette256): .palette256
            default: .symbols(symbols, colors)
            }
        }

        /// The pixels of one cell a picture drawn in text is read at: four across and eight down
        /// for symbols finer than half blocks, else one across and two down.
        public var textGrid: PixelSize {
            guard case let .symbols(symbols, _) = self else { return PixelSize(width: 1, height: 2) }
            let grid = symbols.canvasGrid
            return PixelSize(width: grid.columns, height: grid.rows)
        }

        /// The symbols pictures are drawn with in text, nil when they are shading or pixels.
        public var symbolSet: SymbolSet? {
            switch self {
            case .trueColor, .palette256: .half
            case let .symbols(symbols, _): symbols
            case .text, .pixels: nil
            }
        }

        /// One line for a help or status screen: "graphics: sixel, 6x13 px cells".
        public var summary: String {
            switch self {
            case .trueColor: "graphics: blocks, 24-bit colour, symbols: half"
            case .palette256: "graphics: blocks, 256 colours, symbols: half"
            case let .symbols(symbols, colors): "graphics: blocks, \(colors.summary), symbols: \(symbols)"
            case .text: "graphics: none (shading)"
            case let .pixels(graphics, cell): "graphics: \(graphics), \(cell.width)x\(cell.height) px cells"
            }
        }

        /// ``summary`` in Russian, for help boxes read in Russian (protocol names stay as they are).
        public var russianSummary: String {
            switch self {
            case .trueColor: "графика: блоки, 24-битный цвет, символы: полублоки"
            case .palette256: "графика: блоки, 256 цветов, символы: полублоки"
            case let .symbols(symbols, colors): "графика: блоки, \(colors.russianSummary), символы: \(symbols.russianName)"
            case .text: "графика: нет (штриховка)"
            case let .pixels(graphics, cell): "графика: \(graphics), ячейки \(cell.width)x\(cell.height) пикс."
            }
        }

        /// The cell size in pixels when pictures are drawn with real pixels, else nil.
        public var cellPixels: PixelSize? {
            guard case let .pixels(_, cell) = self else { return nil }
            return cell
        }
    }

    /// The cell size assumed when a pixel protocol is in use but the terminal did not tell its
    /// cell size (a common 10x20 font).
    public static let assumedCellPixels = PixelSize(width: 10, height: 20)

    /// The upper half block every image cell shows.
    public static let halfBlock = "▀"
    /// Shading characters from dark to bright, for `.text` mode.
    static let shades: [String] = [" ", "░", "▒", "▓", "█"]

    /// The pixel size an image should have to fill `cells`: one pixel across and two down per cell.
    public static func pixelSize(forCells cells: TerminalSize) -> (width: Int, height: Int) {
        (cells.columns, cells.rows * 2)
    }

    /// The pixel size an image should have to fill `cells` in `mode`: the cells' real pixels when
    /// the picture is drawn with pixels, the grid the encoder reads for symbols finer than half
    /// blocks (four across and eight down per cell), else one pixel across and two down per cell.
    public static func pixelSize(forCells cells: TerminalSize, mode: Mode) -> PixelSize {
        if let cell = mode.cellPixels {
            return PixelSize(width: cells.columns * cell.width, height: cells.rows * cell.height)
        }
        if case let .symbols(symbols, _) = mode {
            let grid = symbols.canvasGrid
            return PixelSize(width: cells.columns * grid.columns, height: cells.rows * grid.rows)
        }
        return PixelSize(width: cells.columns, height: cells.rows * 2)
    }

    /// Draws `bitmap` into `rect` of `frame`, aspect-fitted (shrunk by nearest neighbour if it is
    /// bigger than the rect, never enlarged) and centred; cells the picture does not cover are
    /// left as they were. Transparent pixels are blended over `background`.
    /// - Parameters:
    ///   - bitmap: the picture, in RGBA.
    ///   - frame: the frame drawn into.
    ///   - rect: the cells the picture may cover; the parts outside the frame are clipped.
    ///   - mode: half-blocks in colour, shading, or real pixels through a graphics protocol.
    ///   - background: what transparent pixels are blended over.
    ///   - label: in `.text` mode, shown centred over the shading (e.g. the picture's title).
    ///   - animation: with real pixels, the animation `bitmap` is the first frame of, for a
    ///     terminal that plays it itself (kitty); ignored otherwise.
    ///   - original: with real pixels, the PNG or JPEG file `bitmap` is exactly the pixels of:
    ///     sent as it is where it shows at 1:1 and the protocol reads its format.
    public static func draw(
        _ bitmap: Bitmap, into frame: inout Frame, in rect: Rect, mode: Mode,
        background: RGBA = RGBA(r: 0, g: 0, b: 0), label: String? = nil, animation: AnimatedImage? = nil,
        original: OriginalFile? = nil
    ) {
        let area = rect.intersection(frame.bounds)
        guard !rect.isEmpty, bitmap.width > 0, bitmap.height > 0, !area.isEmpty else { return }
        if let cellPixels = mode.cellPixels {
            place(bitmap, into: &frame, in: rect, cellPixels: cellPixels, animation: animation, original: original)
            return
        }
        if case let .symbols(symbols, colors) = mode {
            drawSymbols(bitmap, into: &frame, in: rect, area: area, encoder: TextArtEncoder(symbols: symbols, colors: colors),
                        background: background)
            return
        }
        let (targetWidth, targetHeight) = pixelSize(forCells: rect.size)
        var width = bitmap.width, height = bitmap.height
        if width > targetWidth || height > targetHeight {
            let scale = min(Double(targetWidth) / Double(width), Double(targetHeight) / Double(height))
            width = max(1, min(targetWidth, Int((Double(width) * scale).rounded())))
            height = max(1, min(targetHeight, Int((Double(height) * scale).rounded())))
        }
        let left = rect.column + (targetWidth - width) / 2
        let top = (targetHeight - height) / 2
        let sourceX = (0..<width).map { $0 * bitmap.width / width }
        let sourceY = (0..<height).map { $0 * bitmap.height / height }

        // Read the RGBA bytes directly: no per-pixel struct round trip in the hot loop.
        let pixels = bitmap.pixels
        func pixel(_ x: Int, _ y: Int) -> RGBA? {
            guard y >= 0, y < height else { return nil }
            let offset = (sourceY[y] * bitmap.width + sourceX[x]) * 4
            let color = RGBA(r: pixels[offset], g: pixels[offset + 1], b: pixels[offset + 2], a: pixels[offset + 3])
            return blend(color, over: background)
        }

        let firstRow = max(area.row, rect.row + top / 2)
        let lastRow = min(area.maxRow, rect.row + (top + height + 1) / 2)
        let firstColumn = max(area.column, left)
        let lastColumn = min(area.maxColumn, left + width)
        guard firstRow < lastRow, firstColumn < lastColumn else { return }
        for row in firstRow..<lastRow {
            let pixelRow = (row - rect.row) * 2 - top
            for column in firstColumn..<lastColumn {
                let x = column - left
                let upper = pixel(x, pixelRow) ?? background
                let lower = pixel(x, pixelRow + 1) ?? background
                frame[column, row] = cell(upper: upper, lower: lower, mode: mode)
            }
        }
        if mode == .text, let label, !label.isEmpty {
            let middle = rect.row + rect.height / 2
            frame.putCentered(" \(label) ", in: rect, row: middle)
        }
    }

    /// Draws `bitmap` into the `size` cells whose top-left cell is (`column`, `row`); see
    /// `draw(_:into:in:mode:background:label:animation:original:)`.
    public static func draw(
        _ bitmap: Bitmap, into frame: inout Frame, column: Int, row: Int, size: TerminalSize, mode: Mode,
        background: RGBA = RGBA(r: 0, g: 0, b: 0), label: String? = nil
    ) {
        draw(bitmap, into: &frame, in: Rect(column: column, row: row, width: size.columns, height: size.rows),
             mode: mode, background: background, label: label)
    }

    /// Draws `bitmap` aspect-fitted and centred in pixels into `area`, a rectangle of pixels
    /// measured from the top-left corner of `rect`, clipped to `rect`.
    ///
    /// With real pixels the picture starts at its exact pixel, inside its first cell if need be;
    /// the cells it covers become blanks in `style`, whose background shows around the picture in
    /// cells it covers only in part. With a `matte` colour the whole of `area` is drawn, the picture
    /// centred on it, so the area is exactly its pixels. Otherwise the picture goes into the whole
    /// cells `area` covers (one pixel across and two down per cell), as
    /// `draw(_:into:in:mode:background:label:animation:original:)`. An `animation` and an
    /// `original` are used as there.
    ///
    /// ```swift
    /// // A square with a 10-pixel margin on every side of a 40x20 cell area of 8x16 px cells.
    /// ImageCells.draw(bitmap, into: &frame, pixels: PixelRect(x: 10, y: 10, width: 300, height: 300),
    ///                 of: Rect(column: 0, row: 2, width: 40, height: 20), mode: context.imageMode)
    /// ```
    public static func draw(
        _ bitmap: Bitmap, into frame: inout Frame, pixels area: PixelRect, of rect: Rect, mode: Mode,
        style: Style = .plain, matte: RGBA? = nil, animation: AnimatedImage? = nil, original: OriginalFile? = nil
    ) {
        guard !rect.isEmpty, bitmap.width > 0, bitmap.height > 0, area.width > 0, area.height > 0 else { return }
        guard let cell = mode.cellPixels, cell.width > 0, cell.height > 0 else {
            let cells = Rect(column: rect.column + area.x, row: rect.row + area.y / 2,
                             width: area.width, height: (area.y % 2 + area.height + 1) / 2)
            draw(bitmap, into: &frame, in: cells.intersection(rect), mode: mode)
            return
        }
        let fitted = bitmap.size.aspectFit(in: PixelSize(width: area.width, height: area.height))
        let shown = matte == nil ? fitted : PixelSize(width: area.width, height: area.height)
        let x = max(0, area.x + (area.width - shown.width) / 2)
        let y = max(0, area.y + (area.height - shown.height) / 2)
        let inset = PixelOffset(x: x % cell.width, y: y % cell.height)
        let cells = Rect(column: rect.column + x / cell.width, row: rect.row + y / cell.height,
                         width: (inset.x + shown.width + cell.width - 1) / cell.width,
                         height: (inset.y + shown.height + cell.height - 1) / cell.height)
        frame.place(ImagePlacement(bitmap: bitmap, rect: cells, visible: cells.intersection(rect),
                                   pixelSize: fitted, cellPixels: cell, inset: inset,
                                   matte: matte.map { ImagePlacement.Matte(size: shown, color: $0) },
                                   animation: animation, original: original), style: style)
    }

    /// Draws `bitmap` as character art with `encoder`: fitted and centred as half blocks would
    /// show it (never larger), at the encoder's grid, so a pixel may fall anywhere inside a cell.
    private static func drawSymbols(
        _ bitmap: Bitmap, into frame: inout Frame, in rect: Rect, area: Rect, encoder: TextArtEncoder, background: RGBA
    ) {
        let grid = encoder.symbols.canvasGrid
        // The size half blocks would give it, in half-block pixels, then in the encoder's pixels.
        let (boxWidth, boxHeight) = pixelSize(forCells: rect.size)
        let shown = PixelSize(width: min(bitmap.width, boxWidth), height: min(bitmap.height, boxHeight))
        let fitted = bitmap.size.aspectFit(in: shown)
        let width = max(1, fitted.width * grid.columns), height = max(1, fitted.height * grid.rows / 2)
        let left = (rect.width * grid.columns - width) / 2, top = (rect.height * grid.rows - height) / 2
        let firstColumn = max(area.column, rect.column + left / grid.columns)
        let lastColumn = min(area.maxColumn, rect.column + (left + width + grid.columns - 1) / grid.columns)
        let firstRow = max(area.row, rect.row + top / grid.rows)
        let lastRow = min(area.maxRow, rect.row + (top + height + grid.rows - 1) / grid.rows)
        guard firstColumn < lastColumn, firstRow < lastRow else { return }
        let back = SubpixelCanvas.RGBAFloat(Float(background.r), Float(background.g), Float(background.b))
        var canvas = SubpixelCanvas(width: (lastColumn - firstColumn) * grid.columns,
                                    height: (lastRow - firstRow) * grid.rows, color: back)
        canvas.draw(bitmap, width: width, height: height,
                    x: left - (firstColumn - rect.column) * grid.columns, y: top - (firstRow - rect.row) * grid.rows,
                    background: background)
        encoder.encode(canvas) { column, row, cell in
            frame[firstColumn + column, firstRow + row] = cell
        }
    }

    /// Lays `bitmap` out in pixels: aspect-fitted (enlarged or shrunk) into the rect's pixels,
    /// centred on whole cells, and recorded on the frame for the renderer to draw.
    private static func place(
        _ bitmap: Bitmap, into frame: inout Frame, in rect: Rect, cellPixels: PixelSize, animation: AnimatedImage?,
        original: OriginalFile?
    ) {
        let bounds = PixelSize(width: rect.width * cellPixels.width, height: rect.height * cellPixels.height)
        let fitted = bitmap.size.aspectFit(in: bounds)
        let columns = min(rect.width, (fitted.width + cellPixels.width - 1) / cellPixels.width)
        let rows = min(rect.height, (fitted.height + cellPixels.height - 1) / cellPixels.height)
        let cells = Rect(column: rect.column + (rect.width - columns) / 2, row: rect.row + (rect.height - rows) / 2,
                         width: columns, height: rows)
        frame.place(ImagePlacement(bitmap: bitmap, rect: cells, visible: cells.intersection(rect),
                                   pixelSize: fitted, cellPixels: cellPixels, animation: animation,
                                   original: original))
    }

    /// The cell showing two stacked pixels in `mode`.
    public static func cell(upper: RGBA, lower: RGBA, mode: Mode) -> Cell {
        switch mode {
        case let .symbols(_, colors):
            let shown = colors == .trueColor ? Mode.trueColor : .palette256
            return cell(upper: upper, lower: lower, mode: shown)
        case .trueColor:
            return Cell(halfBlock, style: Style(foreground: .rgb(upper.r, upper.g, upper.b),
                                                background: .rgb(lower.r, lower.g, lower.b)))
        case .palette256:
            return Cell(halfBlock, style: Style(
                foreground: .palette(Color.nearestPaletteIndex(red: upper.r, green: upper.g, blue: upper.b)),
                background: .palette(Color.nearestPaletteIndex(red: lower.r, green: lower.g, blue: lower.b))))
        case .text, .pixels:
            let brightness = (luminance(upper) + luminance(lower)) / 2
            let index = min(shades.count - 1, brightness * shades.count / 256)
            return Cell(shades[index])
        }
    }

    /// `color` composited over the opaque `background` by its alpha.
    public static func blend(_ color: RGBA, over background: RGBA) -> RGBA {
        let alpha = Int(color.a)
        if alpha == 255 { return color }
        func mix(_ front: UInt8, _ back: UInt8) -> UInt8 {
            UInt8((Int(front) * alpha + Int(back) * (255 - alpha) + 127) / 255)
        }
        return RGBA(r: mix(color.r, background.r), g: mix(color.g, background.g), b: mix(color.b, background.b))
    }

    /// Perceived brightness 0...255 (Rec. 601 weights).
    private static func luminance(_ color: RGBA) -> Int {
        (Int(color.r) * 299 + Int(color.g) * 587 + Int(color.b) * 114) / 1000
    }
}
