/// A grid of equal cells, row by row, with a selection that stays visible: arrows (and h/j/k/l)
/// move it, clicks select, the wheel scrolls by a row. A row the area cuts is drawn clipped, as
/// any scrolling list does, so every row with a cell on screen shows.
///
/// ```swift
/// var grid = GridView(columns: 3, cellHeight: 8, columnSpacing: 2, rowSpacing: 1)
/// grid.draw(itemCount: photos.count, into: &frame, in: area) { index, cell, isSelected, frame in
///     ImageCells.draw(bitmaps[index], into: &frame, in: cell, mode: mode)
/// }
/// ```
public struct GridView: Sendable, Hashable {
    /// Cells per row.
    public var columns: Int
    /// Rows of the terminal each grid cell takes.
    public var cellHeight: Int
    /// Blank columns between cells of a row.
    public var columnSpacing: Int
    /// Blank rows between grid rows.
    public var rowSpacing: Int
    /// The selected item.
    public var selection: Int
    /// The first grid row shown.
    public var offsetRow: Int

    /// A grid of `columns` cells per row, each `cellHeight` rows tall.
    /// - Parameters:
    ///   - columns: cells per row (at least 1).
    ///   - cellHeight: rows of one cell (at least 1).
    ///   - columnSpacing: blank columns between the cells of a row.
    ///   - rowSpacing: blank rows between grid rows.
    ///   - selection: the selected item.
    ///   - offsetRow: the first grid row shown.
    public init(
        columns: Int, cellHeight: Int, columnSpacing: Int = 1, rowSpacing: Int = 1, selection: Int = 0,
        offsetRow: Int = 0
    ) {
        self.columns = max(1, columns)
        self.cellHeight = max(1, cellHeight)
        self.columnSpacing = max(0, columnSpacing)
        self.rowSpacing = max(0, rowSpacing)
        self.selection = selection
        self.offsetRow = max(0, offsetRow)
    }

    /// Terminal rows from the top of one grid row to the top of the next.
    public var rowPitch: Int { cellHeight + rowSpacing }

    /// Grid rows needed for `itemCount` items.
    public func rowCount(itemCount: Int) -> Int { (itemCount + columns - 1) / columns }

    /// Grid rows that fit whole in `height` terminal rows (at least one).
    public func visibleRows(height: Int) -> Int { max(1, (height + rowSpacing) / rowPitch) }

    /// Grid rows with at least one terminal row in `height` rows, the cut one included.
    public func partlyVisibleRows(height: Int) -> Int { max(1, (max(0, height) + rowPitch - 1) / rowPitch) }

    /// The largest first row: the last grid row sits whole at the bottom.
    public func maximumOffsetRow(itemCount: Int, height: Int) -> Int {
        max(0, rowCount(itemCount: itemCount) - visibleRows(height: height))
    }

    /// Moves the selection for the arrows, h/j/k/l, page up/down, home/end.
    /// - Returns: true when the key was a grid key.
    public mutating func handle(_ key: Key, itemCount: Int, height: Int) -> Bool {
        let page = visibleRows(height: height) * columns
        switch key {
        case .left, .character("h"): select(selection - 1, itemCount: itemCount, height: height)
        case .right, .character("l"): select(selection + 1, itemCount: itemCount, height: height)
        case .up, .character("k"): select(selection - columns, itemCount: itemCount, height: height)
        case .down, .character("j"): select(selection + columns, itemCount: itemCount, height: height)
        case .pageUp: select(selection - page, itemCount: itemCount, height: height)
        case .pageDown: select(selection + page, itemCount: itemCount, height: height)
        case .home: select(0, itemCount: itemCount, height: height)
        case .end: select(itemCount - 1, itemCount: itemCount, height: height)
        default: return false
        }
        return true
    }

    /// Handles a click (selects the cell under it) or the wheel (moves by a row) in a grid in `rect`.
    /// - Returns: the clicked item for a left press on a cell, nil otherwise.
    @discardableResult
    public mutating func handle(_ mouse: MouseEvent, itemCount: Int, in rect: Rect) -> Int? {
        switch mouse.kind {
        case .wheelUp: select(selection - columns, itemCount: itemCount, height: rect.height)
        case .wheelDown: select(selection + columns, itemCount: itemCount, height: rect.height)
        case .press(.left):
            guard let index = index(atColumn: mouse.column, row: mouse.row, in: rect, itemCount: itemCount) else {
                return nil
            }
            select(index, itemCount: itemCount, height: rect.height)
            return index
        default: break
        }
        return nil
    }

    /// Selects `index` (clamped) and scrolls so its row is visible.
    public mutating func select(_ index: Int, itemCount: Int, height: Int) {
        selection = max(0, min(index, itemCount - 1))
        offsetRow = visibleOffsetRow(itemCount: itemCount, height: height)
    }

    /// The first grid row shown so that the selection is visible whole.
    public func visibleOffsetRow(itemCount: Int, height: Int) -> Int {
        let visible = visibleRows(height: height)
        let selectedRow = max(0, min(selection, itemCount - 1)) / columns
        var first = offsetRow
        if selectedRow < first { first = selectedRow }
        if selectedRow >= first + visible { first = selectedRow - visible + 1 }
        return max(0, min(first, maximumOffsetRow(itemCount: itemCount, height: height)))
    }

    /// The items whose cells are at least partly shown in `height` rows.
    public func visibleRange(itemCount: Int, height: Int) -> Range<Int> {
        let first = visibleOffsetRow(itemCount: itemCount, height: height) * columns
        let rows = partlyVisibleRows(height: height)
        return min(first, itemCount)..<min(itemCount, first + rows * columns)
    }

    /// The width of one cell in a grid `width` columns wide.
    public func cellWidth(inWidth width: Int) -> Int {
        max(1, (width - columnSpacing * (columns - 1)) / columns)
    }

    /// The whole cell of item `index` in a grid in `rect`, parts outside `rect` included; nil when
    /// no part of it is in view.
    public func fullCellRect(for index: Int, in rect: Rect, itemCount: Int) -> Rect? {
        guard visibleRange(itemCount: itemCount, height: rect.height).contains(index) else { return nil }
        let row = index / columns - visibleOffsetRow(itemCount: itemCount, height: rect.height)
        let width = cellWidth(inWidth: rect.width)
        let cell = Rect(column: rect.column + (index % columns) * (width + columnSpacing),
                        row: rect.row + row * rowPitch, width: width, height: cellHeight)
        return cell.intersection(rect).isEmpty ? nil : cell
    }

    /// The part of item `index`'s cell shown in `rect`, nil when it is scrolled out of view.
    public func cellRect(for index: Int, in rect: Rect, itemCount: Int) -> Rect? {
        fullCellRect(for: index, in: rect, itemCount: itemCount)?.intersection(rect)
    }

    /// The item drawn at (`column`, `row`) of a grid in `rect`, if any.
    public func index(atColumn column: Int, row: Int, in rect: Rect, itemCount: Int) -> Int? {
        visibleRange(itemCount: itemCount, height: rect.height).first { index in
            cellRect(for: index, in: rect, itemCount: itemCount)?.contains(column: column, row: row) ?? false
        }
    }

    /// Draws every visible cell with `drawCell` (index, rectangle, selected?, frame). A cell the
    /// area cuts is drawn whole into a frame of its own and copied in clipped, so `drawCell` always
    /// lays out a whole cell.
    public func draw(
        itemCount: Int, into frame: inout Frame, in rect: Rect,
        drawCell: (_ index: Int, _ rect: Rect, _ isSelected: Bool, _ frame: inout Frame) -> Void
    ) {
        let selected = max(0, min(selection, itemCount - 1))
        for index in visibleRange(itemCount: itemCount, height: rect.height) {
            guard let cell = fullCellRect(for: index, in: rect, itemCount: itemCount) else { continue }
            let shown = cell.intersection(rect)
            if shown == cell {
                drawCell(index, cell, index == selected, &frame)
                continue
            }
            var whole = Frame(size: cell.size)
            drawCell(index, Rect(size: cell.size), index == selected, &whole)
            frame.draw(whole, column: cell.column, row: cell.row, clippedTo: shown)
        }
    }
}
