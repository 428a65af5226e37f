import Imaging
import TerminalUI

/// Where everything goes on a feed screen of a given size: a title bar, a banner line, then a
/// ``GridView`` of photo cells (a 4:3 picture frame with one title line under it, two columns and
/// one blank row between cells), and a key-hint line at the bottom.
struct FeedLayout: Equatable {
    let size: TerminalSize
    let columns: Int
    /// The terminal's cell size in pixels when pictures are drawn with real pixels, else nil.
    let cellPixels: PixelSize?

    static let columnSpacing = 2
    static let rowSpacing = 1

    init(size: TerminalSize, columns: Int = 3, cellPixels: PixelSize? = nil) {
        self.size = size
        self.columns = max(1, columns)
        self.cellPixels = cellPixels
    }

    /// The rows between the banner line and the key-hint line.
    var gridRect: Rect { Rect(column: 0, row: 2, width: size.columns, height: max(1, size.rows - 3)) }

    /// Width of one cell (picture and title).
    var cellWidth: Int { max(4, (size.columns - Self.columnSpacing * (columns - 1)) / columns) }

    /// Lines of the picture frame: 4:3 in pixels. With real pixels the frame's rows are the
    /// nearest whole rows to three quarters of its width; with half blocks two pixels per line.
    var imageLines: Int {
        guard let cell = cellPixels, cell.width > 0, cell.height > 0 else {
            return max(2, (cellWidth * 3 + 4) / 8)
        }
        let height = Double(cellWidth * cell.width) * 3 / 4
        return max(2, Int((height / Double(cell.height)).rounded()))
    }

    /// The size a thumbnail is loaded at: exactly 4:3 in pixels, as wide as the cell.
    var thumbnailSize: PixelSize {
        guard let cell = cellPixels else { return PixelSize(width: cellWidth, height: imageLines * 2) }
        let width = cellWidth * cell.width
        return PixelSize(width: width, height: width * 3 / 4)
    }

    /// The grid with `selection` selected and `topRow` first.
    func grid(selection: Int, topRow: Int) -> GridView {
        GridView(
            columns: columns, cellHeight: max(2, cellHeightEstimate), columnSpacing: Self.columnSpacing,
            rowSpacing: Self.rowSpacing, selection: selection, offsetRow: topRow)
    }

    /// Picture lines plus the title line.
    private var cellHeightEstimate: Int { imageLines + 1 }

    /// Photo rows that fit whole.
    var visibleRows: Int { grid(selection: 0, topRow: 0).visibleRows(height: gridRect.height) }

    /// Photo rows with at least one line on screen.
    var partlyVisibleRows: Int { grid(selection: 0, topRow: 0).partlyVisibleRows(height: gridRect.height) }

    /// The largest first row: the last photo row sits whole at the bottom.
    func maximumTopRow(for count: Int) -> Int {
        grid(selection: 0, topRow: 0).maximumOffsetRow(itemCount: count, height: gridRect.height)
    }

    /// The picture frame inside a cell.
    func imageRect(inCell cell: Rect) -> Rect {
        Rect(column: cell.column, row: cell.row, width: cell.width, height: imageLines)
    }
}
