import ImageGallery
import Imaging
import TerminalUI

/// Where things go on a terminal of a given size: the title bar on the first row, the banner /
/// pull-to-refresh row under it, the list, and the status bar on the last row.
///
/// A cell is the terminal's width minus a one-column margin on each side, and as many rows as half
/// its width: with half-block pixels (two per row) that is a square, like the task's cells. When
/// pictures are drawn with real pixels and the cell size is known, the picture area is a square in
/// pixels instead, and pictures load at those pixels.
struct ScreenGeometry: Sendable, Hashable {
    let size: TerminalSize
    /// One terminal cell in pixels, when pictures are drawn with real pixels.
    var cellPixels: PixelSize?

    init(size: TerminalSize, cellPixels: PixelSize? = nil) {
        self.size = size
        self.cellPixels = cellPixels
    }

    static let titleRow = 0
    static let bannerRow = 1
    static let listTop = 2
    static let gap = 1

    /// Rows the list has.
    var listHeight: Int { max(0, size.rows - 3) }
    /// The status bar's row.
    var statusRow: Int { max(0, size.rows - 1) }
    /// Columns of one cell, border included.
    var cellWidth: Int { max(4, size.columns - 2) }
    /// Rows of one cell, border included: half the width, a square of half-block pixels; with
    /// real pixels, the rows whose pixels make the picture area square.
    var cellHeight: Int {
        guard let cellPixels, cellPixels.height > 0 else { return max(3, cellWidth / 2) }
        let side = (cellWidth - 2) * cellPixels.width
        return max(3, (side + cellPixels.height / 2) / cellPixels.height + 2)
    }
    /// The picture area inside a cell's border.
    var pictureCells: TerminalSize { TerminalSize(columns: cellWidth - 2, rows: cellHeight - 2) }
    /// The pixel size pictures are downsampled to: one pixel across and two down per cell, or
    /// the picture area's real pixels.
    var pictureSize: PictureSize {
        guard let cellPixels else { return PictureSize(width: pictureCells.columns, height: pictureCells.rows * 2) }
        return PictureSize(width: pictureCells.columns * cellPixels.width, height: pictureCells.rows * cellPixels.height)
    }

    /// The model's view of this geometry.
    var galleryLayout: GalleryLayout {
        GalleryLayout(viewportHeight: listHeight, cellHeight: cellHeight, gap: Self.gap, cellPixelSize: pictureSize)
    }

    /// The item under the screen cell (`column`, `row`), if any.
    func itemIndex(atColumn column: Int, row: Int, state: GalleryState) -> Int? {
        guard row >= Self.listTop, row < Self.listTop + listHeight, column >= 1, column <= cellWidth else { return nil }
        let contentRow = row - Self.listTop + state.scrollOffset
        let pitch = cellHeight + Self.gap
        guard contentRow % pitch < cellHeight else { return nil }
        let index = contentRow / pitch
        return state.items.indices.contains(index) ? index : nil
    }
}
