/// The characters a picture in text is drawn with: each splits its cell into a grid of pixels,
/// every one of them shown in either the cell's foreground or its background colour.
///
/// Half blocks are in every font; quadrants in every font with the block elements; sextants
/// (Unicode 13, Symbols for Legacy Computing) only where the terminal draws them itself or the
/// font has them.
public enum SymbolSet: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// ▀: one pixel across, two down.
    case half
    /// ▘▝▖▗ and their combinations: two across, two down.
    case quadrant
    /// 🬀-🬻 with ▌▐: two across, three down.
    case sextant
    /// Unicode 16's octants (U+1CD00-U+1CDE5) with the blocks older sets already had: two across,
    /// four down. `auto` never picks them: few terminals and fonts draw them yet.
    case octant

    /// The pixels of one cell: columns and rows.
    public var grid: (columns: Int, rows: Int) {
        switch self {
        case .half: (1, 2)
        case .quadrant: (2, 2)
        case .sextant: (2, 3)
        case .octant: (2, 4)
        }
    }

    /// The pixels of a cell the encoder reads: columns and rows. The finer sets read four across
    /// and eight down, enough to place a sextant's thirds and an eighth block's cut (chafa reads
    /// eight by eight); a pixel such a cut goes through counts on either side by its parts.
    public var canvasGrid: (columns: Int, rows: Int) {
        self == .half ? (1, 2) : Self.fineGrid
    }

    /// The splits of a cell this set draws, family by family.
    package var shapes: [Shapes] {
        switch self {
        case .half: [Self.halfShapes]
        case .quadrant: [Self.quadrantShapes] + Self.eighthShapes
        case .sextant: [Self.sextantShapes, Self.quadrantShapes] + Self.eighthShapes
        case .octant: [Self.octantShapes, Self.sextantShapes] + Self.eighthShapes
        }
    }

    /// ``shapes`` laid out flat for the encoder's inner loop.
    package var table: ShapeTable {
        switch self {
        case .half: Self.halfTable
        case .quadrant: Self.quadrantTable
        case .sextant: Self.sextantTable
        case .octant: Self.octantTable
        }
    }

    private static let halfTable = ShapeTable(SymbolSet.half.shapes)
    private static let quadrantTable = ShapeTable(SymbolSet.quadrant.shapes)
    private static let sextantTable = ShapeTable(SymbolSet.sextant.shapes)
    private static let octantTable = ShapeTable(SymbolSet.octant.shapes)

    /// Families of shapes in flat buffers: family `f`'s blocks are `familyBlocks[f]...` (its
    /// `familyBlockCount[f]`), block `b`'s taps `blockTaps[b]..<blockTaps[b + 1]`, the weight of
    /// its split `m` `maskWeight[familyMasks[f] + m]`, the glyph of foreground blocks `m`
    /// `glyphs[familyGlyphs[f] + m]`.
    package final class ShapeTable: @unchecked Sendable {
        // Sendable: written once in `init`, only read afterwards, and never freed (the tables are
        // static constants).
        let familyCount: Int
        let familyBlocks: UnsafeMutableBufferPointer<Int>, familyBlockCount: UnsafeMutableBufferPointer<Int>
        let familyMasks: UnsafeMutableBufferPointer<Int>, blockTaps: UnsafeMutableBufferPointer<Int>
        let tapPixel: UnsafeMutableBufferPointer<Int>, tapWeight: UnsafeMutableBufferPointer<Float>
        let maskWeight: UnsafeMutableBufferPointer<Float>
        /// 1 / the weight of each split's group and 1 / the rest's, so the search multiplies.
        let maskInverse: UnsafeMutableBufferPointer<Float>, restInverse: UnsafeMutableBufferPointer<Float>
        let familyGlyphs: [Int], glyphs: [String?]

        init(_ families: [Shapes]) {
            familyCount = families.count
            var blocks: [Int] = [], counts: [Int] = [], masks: [Int] = [], taps: [Int] = [], pixels: [Int] = []
            var weights: [Float] = [], maskWeights: [Float] = [], glyphStarts: [Int] = [], glyphs: [String?] = []
            for family in families {
                blocks.append(taps.count)
                counts.append(family.blockCount)
                masks.append(maskWeights.count)
                glyphStarts.append(glyphs.count)
                for block in 0..<family.blockCount {
                    taps.append(pixels.count)
                    pixels += family.taps(block).map { family.pixels[$0] }
                    weights += family.taps(block).map { family.weights[$0] }
                }
                maskWeights += family.maskWeights
                glyphs += family.glyphs
            }
            taps.append(pixels.count)
            func copy<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
                let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(1, array.count))
                _ = buffer.initialize(from: array)
                return buffer
            }
            familyBlocks = copy(blocks)
            familyBlockCount = copy(counts)
            familyMasks = copy(masks)
            blockTaps = copy(taps)
            tapPixel = copy(pixels)
            tapWeight = copy(weights)
            maskWeight = copy(maskWeights)
            // Every family of a set covers the same pixels, a whole cell.
            let whole = Float(families.first?.pixelCount ?? 1)
            maskInverse = copy(maskWeights.map { $0 > 0 ? 1 / $0 : 0 })
            restInverse = copy(maskWeights.map { whole - $0 > 0 ? 1 / (whole - $0) : 0 })
            familyGlyphs = glyphStarts
            self.glyphs = glyphs
        }
    }

    /// One family of symbols: the cell cut in blocks (a sextant's sixths, a quadrant's quarters, the
    /// two parts of a lower eighth block), each made of parts of the cell's canvas pixels, and the
    /// glyph of each set of blocks in the foreground, where there is one.
    package struct Shapes: Sendable {
        package let blockCount: Int
        /// The canvas pixels of a cell.
        package let pixelCount: Int
        /// Block `b`'s pixels are `pixels[first[b]..<first[b + 1]]`, each with the share of it in
        /// the block (1 for a whole pixel), so that every family's errors compare.
        package let first: [Int], pixels: [Int], weights: [Float]
        /// The number of pixels (in shares) of each set of blocks that leaves out the last block.
        package let maskWeights: [Float]
        /// The glyph showing each set of blocks in its foreground, nil where no character does.
        package let glyphs: [String?]

        /// The blocks `rectangles` (left, top, right, bottom as parts of the cell) over a `canvas`
        /// grid of picture pixels.
        init(_ rectangles: [(Double, Double, Double, Double)], canvas: (columns: Int, rows: Int), glyphs: [String?]) {
            blockCount = rectangles.count
            pixelCount = canvas.columns * canvas.rows
            var first: [Int] = [], pixels: [Int] = [], weights: [Float] = [], blockWeights: [Float] = []
            let pixelWidth = 1 / Double(canvas.columns), pixelHeight = 1 / Double(canvas.rows)
            for (left, top, right, bottom) in rectangles {
                first.append(pixels.count)
                var total: Float = 0
                for pixel in 0..<(canvas.columns * canvas.rows) {
                    let x = Double(pixel % canvas.columns) * pixelWidth, y = Double(pixel / canvas.columns) * pixelHeight
                    let across = min(right, x + pixelWidth) - max(left, x), down = min(bottom, y + pixelHeight) - max(top, y)
                    guard across > 1e-9, down > 1e-9 else { continue }
                    let share = Float((across * down) / (pixelWidth * pixelHeight))
                    pixels.append(pixel)
                    weights.append(share)
                    total += share
                }
                blockWeights.append(total)
            }
            first.append(pixels.count)
            maskWeights = (0..<(1 << (rectangles.count - 1))).map { mask in
                (0..<rectangles.count).reduce(0) { mask & (1 << $1) != 0 ? $0 + blockWeights[$1] : $0 }
            }
            (self.first, self.pixels, self.weights, self.glyphs) = (first, pixels, weights, glyphs)
        }

        /// A `grid` of equal blocks over `canvas`.
        init(grid: (columns: Int, rows: Int), canvas: (columns: Int, rows: Int), glyphs: [String]) {
            let rectangles = (0..<(grid.columns * grid.rows)).map { block -> (Double, Double, Double, Double) in
                let x = Double(block % grid.columns), y = Double(block / grid.columns)
                let width = Double(grid.columns), height = Double(grid.rows)
                return (x / width, y / height, (x + 1) / width, (y + 1) / height)
            }
            self.init(rectangles, canvas: canvas, glyphs: glyphs)
        }

        package func taps(_ block: Int) -> Range<Int> { first[block]..<first[block + 1] }
    }

    private static let halfShapes = Shapes(grid: (1, 2), canvas: (1, 2), glyphs: halves)
    private static let quadrantShapes = Shapes(grid: (2, 2), canvas: fineGrid, glyphs: quadrants)
    private static let sextantShapes = Shapes(grid: (2, 3), canvas: fineGrid, glyphs: sextants)
    private static let octantShapes = Shapes(grid: (2, 4), canvas: fineGrid, glyphs: octants)
    /// ▁▂▃▅▆▇ and ▎▍▋▊: a cell cut across or down at an eighth, the part below or left in the
    /// foreground; the smaller part is the first block (the search never sums the last one).
    private static let eighthShapes: [Shapes] = [1, 2, 3, 5, 6, 7].map { eighths in
        let cut = 1 - Double(eighths) / 8
        let glyph = String(Character(Unicode.Scalar(0x2580 + eighths)!))
        return eighths < 4
            ? Shapes([(0, cut, 1, 1), (0, 0, 1, cut)], canvas: fineGrid, glyphs: [nil, glyph, nil, nil])
            : Shapes([(0, 0, 1, cut), (0, cut, 1, 1)], canvas: fineGrid, glyphs: [nil, nil, glyph, nil])
    } + [2, 3, 5, 6].map { eighths in
        let cut = Double(eighths) / 8
        let glyph = String(Character(Unicode.Scalar(0x2590 - eighths)!))
        return eighths < 4
            ? Shapes([(0, 0, cut, 1), (cut, 0, 1, 1)], canvas: fineGrid, glyphs: [nil, glyph, nil, nil])
            : Shapes([(cut, 0, 1, 1), (0, 0, cut, 1)], canvas: fineGrid, glyphs: [nil, nil, glyph, nil])
    }
    static let fineGrid = (columns: 4, rows: 8)

    /// The set's name in Russian, for help boxes read in Russian.
    public var russianName: String {
        switch self {
        case .half: "полублоки"
        case .quadrant: "квадранты"
        case .sextant: "секстанты"
        case .octant: "октанты"
        }
    }

    /// The name `--symbols` and `WORKBENCH_SYMBOLS` use.
    public var description: String { rawValue }

    /// The character whose foreground covers the pixels set in `mask` (bit `row * columns + column`
    /// for the pixel at `column`, `row` of the cell's grid) and whose background covers the others.
    package func glyph(_ mask: Int) -> String {
        switch self {
        case .half: Self.halves[mask]
        case .quadrant: Self.quadrants[mask]
        case .sextant: Self.sextants[mask]
        case .octant: Self.octants[mask]
        }
    }

    /// The pixels of the grid `glyph` shows in its foreground, or nil for a character not in this set.
    package func mask(of glyph: String) -> Int? {
        switch self {
        case .half: Self.halves.firstIndex(of: glyph)
        case .quadrant: Self.quadrants.firstIndex(of: glyph)
        case .sextant: Self.sextants.firstIndex(of: glyph)
        case .octant: Self.octants.firstIndex(of: glyph)
        }
    }

    private static let halves = [" ", "▀", "▄", "█"]
    private static let quadrants = [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"]
    /// Unicode numbers the sextants by their pixels, skipping the four patterns that older blocks
    /// already draw: empty, full, and the left and right halves.
    /// Unicode numbers the octants by their pixels, skipping the 26 patterns that older blocks
    /// (and a few of the same supplement) already draw.
    private static let octants: [String] = {
        let elsewhere: [Int: UInt32] = [
            0: 0x20, 255: 0x2588, 15: 0x2580, 240: 0x2584, 85: 0x258C, 170: 0x2590,
            5: 0x2598, 10: 0x259D, 80: 0x2596, 160: 0x2597, 165: 0x259A, 90: 0x259E,
            95: 0x259B, 175: 0x259C, 245: 0x2599, 250: 0x259F,
            3: 0x1FB82, 63: 0x1FB85, 192: 0x2582, 252: 0x2586, 20: 0x1FBE6, 40: 0x1FBE7,
            1: 0x1CEA8, 2: 0x1CEAB, 64: 0x1CEA3, 128: 0x1CEA0,
        ]
        var next: UInt32 = 0x1CD00
        return (0..<256).map { mask in
            if let scalar = elsewhere[mask] { return String(Character(Unicode.Scalar(scalar)!)) }
            defer { next += 1 }
            return String(Character(Unicode.Scalar(next)!))
        }
    }()
    private static let sextants: [String] = (0..<64).map { mask in
        switch mask {
        case 0: " "
        case 63: "█"
        case 0b010101: "▌"
        case 0b101010: "▐"
        default:
            String(Character(Unicode.Scalar(0x1FB00 + mask - 1 - (mask > 0b010101 ? 1 : 0) - (mask > 0b101010 ? 1 : 0))!))
        }
    }
}

/// What a person asked for with `--symbols` or `WORKBENCH_SYMBOLS`: a set, or `auto` (the finest
/// set this terminal is known to draw).
public typealias SymbolChoice = AutoOr<SymbolSet>

extension AutoOr where Value == SymbolSet {
    /// The environment variable that sets the choice when no option does.
    public static var environmentVariable: String { "WORKBENCH_SYMBOLS" }

    /// The set for a terminal known by `environment`. `auto` trusts sextants only to kitty, foot,
    /// WezTerm, Ghostty and Konsole, which draw block elements and legacy-computing symbols
    /// themselves rather than from a font (their variables survive into tmux, which passes the
    /// characters through); everywhere else a font must have them, and quadrants are in every font
    /// that has the block elements half blocks need. The Linux console's fonts (256 or 512
    /// glyphs) have half blocks and no quadrants: there it is half blocks.
    public func resolved(environment: [String: String]) -> SymbolSet {
        if case let .fixed(symbols) = self { return symbols }
        if (environment["TERM"] ?? "").hasPrefix("linux") { return .half }
        return Self.drawsSextants(environment) ? .sextant : .quadrant
    }

    static func drawsSextants(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        return term == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil
            || term.hasPrefix("foot")
            || environment["WEZTERM_PANE"] != nil || program == "WezTerm"
            || program == "ghostty" || term == "xterm-ghostty" || environment["GHOSTTY_RESOURCES_DIR"] != nil
            || environment["KONSOLE_VERSION"] != nil
    }
}
