/// A vertical list with a selection that stays visible while it moves: keys, clicks and the
/// wheel move it, `draw` shows the items that fit.
///
/// ```swift
/// var list = ListView()
/// _ = list.handle(.down, itemCount: names.count, height: area.height)
/// list.draw(names, into: &frame, in: area)
/// ```
public struct ListView: Sendable, Hashable {
    /// The selected item (0-based); clamped to the items when used.
    public var selection: Int
    /// The first item shown.
    public var offset: Int
    /// Rows each item takes.
    public var rowHeight: Int

    public init(selection: Int = 0, rowHeight: Int = 1) {
        self.selection = selection
        self.offset = 0
        self.rowHeight = max(1, rowHeight)
    }

    /// How many items fit in `height` rows.
    public func visibleItems(height: Int) -> Int { max(1, height / rowHeight) }

    /// Moves the selection for up/down (and k/j), page up/down, home/end (and g/G).
    /// - Returns: true when the key was a list key.
    public mutating func handle(_ key: Key, itemCount: Int, height: Int) -> Bool {
        let page = visibleItems(height: height)
        switch key {
        case .up, .character("k"): select(selection - 1, itemCount: itemCount, height: height)
        case .down, .character("j"): select(selection + 1, itemCount: itemCount, height: height)
        case .pageUp: select(selection - page, itemCount: itemCount, height: height)
        case .pageDown: select(selection + page, itemCount: itemCount, height: height)
        case .home, .character("g"): select(0, itemCount: itemCount, height: height)
        case .end, .character("G"): select(itemCount - 1, itemCount: itemCount, height: height)
        default: return false
        }
        return true
    }

    /// Handles a click (selects the item under it) or the wheel (moves the selection by 3) in a
    /// list drawn in `rect`.
    /// - Returns: the clicked item's index for a left press on an item, nil otherwise.
    @discardableResult
    public mutating func handle(_ mouse: MouseEvent, itemCount: Int, in rect: Rect) -> Int? {
        switch mouse.kind {
        case .wheelUp:
            select(selection - 3, itemCount: itemCount, height: rect.height)
        case .wheelDown:
            select(selection + 3, itemCount: itemCount, height: rect.height)
        case .press(.left):
            guard let index = index(atColumn: mouse.column, row: mouse.row, in: rect, itemCount: itemCount) else {
                return nil
            }
            select(index, itemCount: itemCount, height: rect.height)
            return index
        default:
            break
        }
        return nil
    }

    /// Selects `index` (clamped) and scrolls so it is visible.
    public mutating func select(_ index: Int, itemCount: Int, height: Int) {
        selection = max(0, min(index, itemCount - 1))
        offset = visibleOffset(itemCount: itemCount, height: height)
    }

    /// The first visible item such that the selection is on screen and no space is wasted.
    public func visibleOffset(itemCount: Int, height: Int) -> Int {
        let visible = visibleItems(height: height)
        let selected = max(0, min(selection, itemCount - 1))
        var first = offset
        if selected < first { first = selected }
        if selected >= first + visible { first = selected - visible + 1 }
        return max(0, min(first, itemCount - visible))
    }

    /// The items shown in `height` rows.
    public func visibleRange(itemCount: Int, height: Int) -> Range<Int> {
        let first = visibleOffset(itemCount: itemCount, height: height)
        return first..<min(itemCount, first + visibleItems(height: height))
    }

    /// The item drawn at (`column`, `row`) of a list in `rect`, if any.
    public func index(atColumn column: Int, row: Int, in rect: Rect, itemCount: Int) -> Int? {
        guard rect.contains(column: column, row: row) else { return nil }
        let index = visibleOffset(itemCount: itemCount, height: rect.height) + (row - rect.row) / rowHeight
        return index < itemCount ? index : nil
    }

    /// Draws one line per item; the selected line in `selectedStyle` across the whole width.
    public func draw(
        _ items: [String], into frame: inout Frame, in rect: Rect,
        style: Style = .plain, selectedStyle: Style = Style(reverse: true)
    ) {
        draw(itemCount: items.count, into: &frame, in: rect) { index, cell, isSelected, frame in
            let lineStyle = isSelected ? selectedStyle : style
            frame.fill(cell, style: lineStyle)
            frame.put(items[index], column: cell.column + 1, row: cell.row, style: lineStyle,
                      maxWidth: cell.width - 2, truncation: .ellipsis)
        }
    }

    /// Draws the visible items with `drawItem`, which gets each item's index, its rectangle
    /// (`rowHeight` rows), whether it is selected, and the frame.
    public func draw(
        itemCount: Int, into frame: inout Frame, in rect: Rect,
        drawItem: (_ index: Int, _ rect: Rect, _ isSelected: Bool, _ frame: inout Frame) -> Void
    ) {
        let selected = max(0, min(selection, itemCount - 1))
        for (position, index) in visibleRange(itemCount: itemCount, height: rect.height).enumerated() {
            let itemRect = Rect(column: rect.column, row: rect.row + position * rowHeight,
                                width: rect.width, height: rowHeight)
            drawItem(index, itemRect, index == selected, &frame)
        }
    }
}
