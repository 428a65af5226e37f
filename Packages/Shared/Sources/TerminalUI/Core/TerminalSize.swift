/// The size of a terminal or of an area of one, in character cells.
public struct TerminalSize: Sendable, Hashable, CustomStringConvertible {
    /// Cells across.
    public var columns: Int
    /// Cells down.
    public var rows: Int

    /// A size of `columns` x `rows` cells; negative values become zero.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }

    public var description: String { "\(columns)x\(rows)" }
}

/// A rectangle of cells: where a widget draws inside a `Frame`.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    /// Leftmost column (0-based).
    public var column: Int
    /// Top row (0-based).
    public var row: Int
    /// Cells across.
    public var width: Int
    /// Cells down.
    public var height: Int

    /// A rectangle whose top-left cell is (`column`, `row`); negative sizes become zero.
    public init(column: Int, row: Int, width: Int, height: Int) {
        self.column = column
        self.row = row
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The whole area of a terminal of `size`.
    public init(size: TerminalSize) {
        self.init(column: 0, row: 0, width: size.columns, height: size.rows)
    }

    /// One past the rightmost column.
    public var maxColumn: Int { column + width }
    /// One past the bottom row.
    public var maxRow: Int { row + height }
    /// True when the rectangle holds no cell.
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// The size of the rectangle.
    public var size: TerminalSize { TerminalSize(columns: width, rows: height) }

    /// True when the cell (`column`, `row`) lies inside.
    public func contains(column: Int, row: Int) -> Bool {
        column >= self.column && column < maxColumn && row >= self.row && row < maxRow
    }

    /// The rectangle shrunk by `amount` cells on every side.
    public func inset(by amount: Int) -> Rect {
        Rect(column: column + amount, row: row + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    /// The overlap of two rectangles (empty when they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(column, other.column), top = max(row, other.row)
        let right = min(maxColumn, other.maxColumn), bottom = min(maxRow, other.maxRow)
        return Rect(column: left, row: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// A `width` x `height` rectangle centred inside this one (clamped to fit).
    public func centered(width: Int, height: Int) -> Rect {
        let w = min(width, self.width), h = min(height, self.height)
        return Rect(column: column + (self.width - w) / 2, row: row + (self.height - h) / 2, width: w, height: h)
    }

    public var description: String { "(\(column),\(row) \(width)x\(height))" }
}
