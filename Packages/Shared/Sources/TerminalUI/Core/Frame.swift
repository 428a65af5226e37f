/// One character cell: a grapheme and its style. The right half of a two-column grapheme is a
/// continuation cell with an empty `grapheme`.
public struct Cell: Sendable, Hashable {
    /// What the cell shows: one grapheme, or "" for the right half of a wide one.
    public var grapheme: String
    /// Colours and attributes.
    public var style: Style
    /// 1 + the index in `Frame.images` of the picture drawn over this cell with real pixels; 0 for
    /// an ordinary cell. Any write to the cell clears it, which hides that picture.
    var imageSlot: Int32 = 0

    /// A cell showing `grapheme` in `style`.
    public init(_ grapheme: String = " ", style: Style = .plain) {
        self.grapheme = grapheme
        self.style = style
    }

    init(_ grapheme: String, style: Style, imageSlot: Int32) {
        self.grapheme = grapheme
        self.style = style
        self.imageSlot = imageSlot
    }

    /// A space in the default style.
    public static let blank = Cell()

    /// True for the right half of a two-column grapheme.
    public var isContinuation: Bool { grapheme.isEmpty }
}

/// How `Frame.put` shortens text that does not fit.
public enum Truncation: Sendable, Hashable {
    /// Cut at the edge.
    case clip
    /// Cut one column earlier and end with "…".
    case ellipsis
}

/// A screenful of styled cells: what a screen renders and the renderer diffs.
///
/// ```swift
/// var frame = Frame(size: size)
/// frame.put("Hello", column: 0, row: 0, style: Style().bolded)
/// frame.fill(Rect(column: 0, row: 1, width: size.columns, height: 1), with: "─")
/// ```
public struct Frame: Sendable, Hashable {
    /// The size in cells.
    public let size: TerminalSize
    /// Row-major cells, `size.columns * size.rows` of them.
    public private(set) var cells: [Cell]
    /// Pictures shown with real pixels over some of the cells (see `ImageCells.draw`).
    public internal(set) var images: [ImagePlacement] = []

    /// A frame of blank cells, or of `fill` cells.
    public init(size: TerminalSize, fill: Cell = .blank) {
        self.size = size
        self.cells = Array(repeating: fill, count: size.columns * size.rows)
    }

    /// The whole frame as a rectangle.
    public var bounds: Rect { Rect(size: size) }

    /// The cell at (`column`, `row`); reading outside gives a blank, writing outside does nothing.
    public subscript(column: Int, row: Int) -> Cell {
        get {
            guard contains(column: column, row: row) else { return .blank }
            return cells[row * size.columns + column]
        }
        set {
            guard contains(column: column, row: row) else { return }
            set(newValue, column: column, row: row)
        }
    }

    /// True when (`column`, `row`) is a cell of this frame.
    public func contains(column: Int, row: Int) -> Bool {
        column >= 0 && row >= 0 && column < size.columns && row < size.rows
    }

    /// Writes `text` from (`column`, `row`) on one line, measuring by display width.
    ///
    /// Stops at the frame's right edge or after `maxWidth` columns; a two-column grapheme that
    /// does not fit becomes a space. Newlines and other control characters are not drawn.
    /// - Returns: the number of columns written.
    @discardableResult
    public mutating func put(
        _ text: String, column: Int, row: Int, style: Style = .plain,
        maxWidth: Int? = nil, truncation: Truncation = .clip
    ) -> Int {
        guard row >= 0, row < size.rows, column < size.columns else { return 0 }
        var limit = size.columns - column
        if let maxWidth { limit = min(limit, maxWidth) }
        guard limit > 0 else { return 0 }
        let shown = truncation == .ellipsis ? TextLayout.truncate(text, toWidth: limit) : text
        var x = column
        let end = column + limit
        for character in shown {
            let width = displayWidth(of: character)
            guard width > 0 else { continue }
            if x + width > end {
                if x < end, x >= 0 { set(Cell(" ", style: style), column: x, row: row) }
                x = end
                break
            }
            if x >= 0 {
                set(Cell(String(character), style: style), column: x, row: row)
                if width == 2 { set(Cell("", style: style), column: x + 1, row: row) }
            }
            x += width
        }
        return max(0, x - max(column, 0))
    }

    /// Writes `text` so that it is centred on `row` inside `rect` (cut with an ellipsis if too long).
    @discardableResult
    public mutating func putCentered(_ text: String, in rect: Rect, row: Int, style: Style = .plain) -> Int {
        let width = min(displayWidth(of: text), rect.width)
        return put(text, column: rect.column + (rect.width - width) / 2, row: row, style: style,
                   maxWidth: rect.width, truncation: .ellipsis)
    }

    /// Fills `rect` (clipped to the frame) with `grapheme` in `style`.
    public mutating func fill(_ rect: Rect, with grapheme: String = " ", style: Style = .plain) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let cell = Cell(grapheme, style: style)
        for y in area.row..<area.maxRow {
            for x in area.column..<area.maxColumn { set(cell, column: x, row: y) }
        }
    }

    /// Changes the style of every cell in `rect` with `change`, keeping the graphemes.
    public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.row..<area.maxRow {
            for x in area.column..<area.maxColumn { change(&cells[y * size.columns + x].style) }
        }
    }

    /// Draws a single-line box along the edge of `rect`.
    public mutating func drawBox(_ rect: Rect, style: Style = .plain) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let right = rect.maxColumn - 1, bottom = rect.maxRow - 1
        for x in rect.column + 1..<right {
            self[x, rect.row] = Cell("─", style: style)
            self[x, bottom] = Cell("─", style: style)
        }
        for y in rect.row + 1..<bottom {
            self[rect.column, y] = Cell("│", style: style)
            self[right, y] = Cell("│", style: style)
        }
        self[rect.column, rect.row] = Cell("┌", style: style)
        self[right, rect.row] = Cell("┐", style: style)
        self[rect.column, bottom] = Cell("└", style: style)
        self[right, bottom] = Cell("┘", style: style)
    }

    /// Copies `other` into this frame with its top-left cell at (`column`, `row`), clipped to this
    /// frame and to `clip` when given. Pictures drawn into `other` with real pixels come along,
    /// moved and clipped the same way.
    public mutating func draw(_ other: Frame, column: Int, row: Int, clippedTo clip: Rect? = nil) {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        let slotOffset = Int32(images.count)
        for var placement in other.images {
            placement.rect.column += column
            placement.rect.row += row
            placement.visible.column += column
            placement.visible.row += row
            placement.visible = placement.visible.intersection(area)
            images.append(placement)
        }
        for y in 0..<other.size.rows {
            for x in 0..<other.size.columns where area.contains(column: column + x, row: row + y) {
                var cell = other.cells[y * other.size.columns + x]
                if cell.imageSlot != 0 { cell.imageSlot += slotOffset }
                set(cell, column: column + x, row: row + y)
            }
        }
    }

    /// Makes every cell of `area` differ from any real cell, so a renderer diffing against this
    /// frame writes them all again (to wipe pixels drawn there).
    mutating func invalidate(_ area: Rect) {
        let area = area.intersection(bounds)
        guard !area.isEmpty else { return }
        let stale = Cell("", style: .plain, imageSlot: -1)
        for y in area.row..<area.maxRow {
            for x in area.column..<area.maxColumn { cells[y * size.columns + x] = stale }
        }
    }

    /// True when every cell of `area` is the same in `other` (a frame of the same size).
    func sameCells(as other: Frame, in area: Rect) -> Bool {
        let area = area.intersection(bounds)
        guard !area.isEmpty, other.size == size else { return area.isEmpty }
        for y in area.row..<area.maxRow {
            for x in area.column..<area.maxColumn where cells[y * size.columns + x] != other.cells[y * size.columns + x] {
                return false
            }
        }
        return true
    }

    /// Adds `placement` and marks the cells it shows in as its own (blanks in `style`, whose
    /// background shows where the picture leaves part of a cell transparent).
    mutating func place(_ placement: ImagePlacement, style: Style = .plain) {
        var placement = placement
        placement.visible = placement.visible.intersection(bounds)
        guard !placement.visible.isEmpty else { return }
        images.append(placement)
        let cell = Cell(" ", style: style, imageSlot: Int32(images.count))
        for y in placement.visible.row..<placement.visible.maxRow {
            for x in placement.visible.column..<placement.visible.maxColumn { set(cell, column: x, row: y) }
        }
    }

    /// Shows `grapheme` in `style` in a cell a picture owns, keeping it the picture's (kitty's
    /// placeholders are the picture drawn as text).
    mutating func setImageCell(_ grapheme: String, style: Style, column: Int, row: Int) {
        guard contains(column: column, row: row) else { return }
        let index = row * size.columns + column
        cells[index].grapheme = grapheme
        cells[index].style = style
    }

    /// The pictures whose every visible cell is still theirs: a picture something was drawn over
    /// (an alert, a menu) is not shown at all rather than shown on top of it.
    public var visibleImages: [ImagePlacement] {
        images.indices.compactMap { index in
            let placement = images[index]
            let slot = Int32(index + 1)
            let area = placement.visible
            guard !area.isEmpty else { return nil }
            for y in area.row..<area.maxRow {
                for x in area.column..<area.maxColumn where cells[y * size.columns + x].imageSlot != slot {
                    return nil
                }
            }
            return placement
        }
    }

    /// The frame as text: rows joined by "\n", trailing spaces of each row trimmed.
    public func plainText() -> String {
        var lines: [String] = []
        lines.reserveCapacity(size.rows)
        for y in 0..<size.rows {
            var line = ""
            for x in 0..<size.columns { line += cells[y * size.columns + x].grapheme }
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// Stores `cell`, turning the other half of any wide grapheme it cuts into a space.
    private mutating func set(_ cell: Cell, column: Int, row: Int) {
        let index = row * size.columns + column
        if cells[index].isContinuation, !cell.isContinuation, column > 0 {
            cells[index - 1].grapheme = " "
        }
        if column + 1 < size.columns, cells[index + 1].isContinuation, displayWidth(of: cell.grapheme) < 2 {
            cells[index + 1].grapheme = " "
        }
        cells[index] = cell
    }
}
