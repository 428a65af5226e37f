import TerminalUI

/// Where everything goes on a feed screen of a given size: three columns of 4:3 picture frames,
/// each with one title line under it, between a title bar, a banner line and a key-hint line.
struct GridLayout: Equatable {
    let size: TerminalSize
    let columns: Int
    /// Columns between cells.
    let gap = 2

    init(size: TerminalSize, columns: Int = 3) {
        self.size = size
        self.columns = max(1, columns)
    }

    /// The title bar, the banner line, then the grid; the last line hints at the keys.
    var gridTop: Int { 2 }
    var gridHeight: Int { max(1, size.rows - gridTop - 1) }
    var gridBottom: Int { gridTop + gridHeight }

    /// Width of one cell (picture and title).
    var cellWidth: Int { max(4, (size.columns - gap * (columns - 1)) / columns) }

    /// Lines of the picture frame: 4:3 in pixels, two pixels per line (`H = 3W / 8`).
    var imageLines: Int { max(2, (cellWidth * 3 + 4) / 8) }

    /// Picture, title line, blank line.
    var cellHeight: Int { imageLines + 2 }

    /// Photo rows that fit whole.
    var visibleRows: Int { max(1, gridHeight / cellHeight) }

    /// The picture frame of the cell in `column` of the row shown at `slot` (0 = top of the grid).
    func imageRect(column: Int, slot: Int) -> Rect {
        Rect(
            column: column * (cellWidth + gap), row: gridTop + slot * cellHeight, width: cellWidth,
            height: imageLines)
    }

    /// Rows of photos for `count` photos.
    func rowCount(for count: Int) -> Int { (count + columns - 1) / columns }

    /// The largest first row that still fills the screen.
    func maximumTopRow(for count: Int) -> Int { max(0, rowCount(for: count) - visibleRows) }

    /// The photo index under the cell at (`column`, `row`) of the screen, if any.
    func index(atColumn column: Int, row: Int, topRow: Int, count: Int) -> Int? {
        guard row >= gridTop, row < gridBottom else { return nil }
        let slot = (row - gridTop) / cellHeight
        guard slot < visibleRows else { return nil }
        let cellColumn = min(columns - 1, column / (cellWidth + gap))
        let index = (topRow + slot) * columns + cellColumn
        return index < count ? index : nil
    }
}
