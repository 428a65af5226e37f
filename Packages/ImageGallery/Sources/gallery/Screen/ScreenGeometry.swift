import ImageGallery
import Imaging
import TerminalUI

/// Where things go on a terminal of a given size: the title bar on the first row, the banner /
/// pull-to-refresh row under it, the list, and the status bar on the last row.
///
/// With half-blocks a cell is the terminal's width minus a one-column margin on each side, and as
/// many rows as half its width: with two pixels per row that is a square, like the task's cells.
/// When pictures are drawn with real pixels and the cell size is known, the layout is the task's,
/// in pixels: each picture is an exact square as wide as the screen less 10 pixels on each side,
/// 10 pixels below the top of its cell; the cell is the whole rows that hold the square and a
/// margin of at least 10 pixels under it, so text and the next cell start on a row. Pictures load
/// at the square's pixels.
struct ScreenGeometry: Sendable, Hashable {
    let size: TerminalSize
    /// One terminal cell in pixels, when pictures are drawn with real pixels.
    var cellPixels: PixelSize?
    /// `f`: cells as tall as the list, so a whole picture is on screen at once (centred, square);
    /// off, the task's rule (as wide as the screen) holds.
    var fitsHeight: Bool
    /// The pixels of one cell a picture drawn in text reads: 1x2 for half blocks, more for finer symbols.
    var textGrid: PixelSize
    /// True when the terminal plays animations itself (see ``GalleryLayout/screenPlaysAnimations``).
    var playsAnimations: Bool

    init(size: TerminalSize, cellPixels: PixelSize? = nil, fitsHeight: Bool = false,
         textGrid: PixelSize = PixelSize(width: 1, height: 2), playsAnimations: Bool = false) {
        self.size = size
        self.cellPixels = cellPixels
        self.fitsHeight = fitsHeight
        self.textGrid = textGrid
        self.playsAnimations = playsAnimations
    }

    static let titleRow = 0
    static let bannerRow = 1
    static let listTop = 2
    /// The margin around each picture in pixels, on every side ("поля по 10 пикселей со всех сторон").
    static let marginPixels = 10

    /// The side of each cell's square picture in pixels when the layout is in pixels, else nil
    /// (cell size unknown, or a screen too narrow for a square of two rows).
    var squareSide: Int? {
        guard let cellPixels, cellPixels.width > 0, cellPixels.height > 0 else { return nil }
        var side = size.columns * cellPixels.width - 2 * Self.marginPixels
        if fitsHeight { side = min(side, listHeight * cellPixels.height - 2 * Self.marginPixels) }
        return side >= 2 * cellPixels.height ? side : nil
    }

    /// The square, in pixels from the top-left corner of its cell: 10 pixels in, or centred
    /// across when it fits the height.
    var squarePixels: PixelRect? {
        guard let side = squareSide else { return nil }
        let left = fitsHeight ? max(Self.marginPixels, (size.columns * (cellPixels?.width ?? 0) - side) / 2) : Self.marginPixels
        return PixelRect(x: left, y: Self.marginPixels, width: side, height: side)
    }

    /// Rows between two cells: one with half-blocks; none in pixels, where the margins are inside the cell.
    var gap: Int { squareSide == nil ? 1 : 0 }
    /// The first column of a cell: centred when it fits the height.
    var cellLeft: Int {
        guard squareSide == nil else { return 0 }
        return fitsHeight ? max(1, (size.columns - cellWidth) / 2) : 1
    }

    /// With half-blocks, the columns of a cell as tall as the list: its inner square is two
    /// columns per row (two pixels per row), capped at the task's width.
    private var fittedBlockWidth: Int {
        let rows = max(3, listHeight)
        return min(max(4, size.columns - 2), 2 * (rows - 2) + 2)
    }

    /// Rows the list has.
    var listHeight: Int { max(0, size.rows - 3) }
    /// The status bar's row.
    var statusRow: Int { max(0, size.rows - 1) }
    /// Columns of one cell, border included (with half-blocks), or the whole width (in pixels).
    var cellWidth: Int {
        guard squareSide == nil else { return size.columns }
        return fitsHeight ? fittedBlockWidth : max(4, size.columns - 2)
    }
    /// Rows of one cell: with half-blocks, border included, half the width (a square of half-block
    /// pixels); in pixels, the rows that hold the top margin, the square and the bottom margin.
    var cellHeight: Int {
        guard let side = squareSide, let cellPixels else {
            // Fitted: an inner square of two columns per row, plus the border.
            return fitsHeight ? (cellWidth - 2) / 2 + 2 : max(3, cellWidth / 2)
        }
        return (side + 2 * Self.marginPixels + cellPixels.height - 1) / cellPixels.height
    }
    /// The picture area inside a cell's border.
    var pictureCells: TerminalSize { TerminalSize(columns: cellWidth - 2, rows: cellHeight - 2) }
    /// The pixel size pictures are downsampled to: the text grid's pixels per cell (one across and
    /// two down for half blocks), or the picture area's real pixels.
    var pictureSize: PixelSize {
        if let side = squareSide { return PixelSize(width: side, height: side) }
        guard let cellPixels else {
            return PixelSize(width: pictureCells.columns * textGrid.width, height: pictureCells.rows * textGrid.height)
        }
        return PixelSize(width: pictureCells.columns * cellPixels.width, height: pictureCells.rows * cellPixels.height)
    }

    /// The model's view of this geometry.
    var galleryLayout: GalleryLayout {
        GalleryLayout(viewportHeight: listHeight, cellHeight: cellHeight, gap: gap, cellPixelSize: pictureSize,
                      screenPlaysAnimations: playsAnimations)
    }

    /// The item under the screen cell (`column`, `row`), if any.
    func itemIndex(atColumn column: Int, row: Int, state: GalleryState) -> Int? {
        guard row >= Self.listTop, row < Self.listTop + listHeight,
              column >= cellLeft, column < cellLeft + cellWidth else { return nil }
        let contentRow = row - Self.listTop + state.scrollOffset
        let pitch = cellHeight + gap
        guard contentRow % pitch < cellHeight else { return nil }
        let index = contentRow / pitch
        return state.items.indices.contains(index) ? index : nil
    }
}
