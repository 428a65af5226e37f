import Imaging
/// The geometry the model needs to know which cells are on screen, in the screen's own units
/// (terminal rows here, points on a phone).
///
/// Cells are stacked vertically: cell `i` spans `[i * pitch, i * pitch + cellHeight)` of the content,
/// and the viewport shows `[scrollOffset, scrollOffset + viewportHeight)` of it.
public struct GalleryLayout: Sendable, Hashable {
    /// How much of the content the screen shows at once.
    public var viewportHeight: Int
    /// The height of one cell.
    public var cellHeight: Int
    /// The space between two cells.
    public var gap: Int
    /// The pixel size a cell shows pictures at: what loads are downsampled to.
    public var cellPixelSize: PixelSize
    /// True when the screen plays animations itself once given the file (kitty's animation
    /// protocol): the model then sends no frames for them (see ``GalleryState/animationPlayedByScreen(at:)``).
    public var screenPlaysAnimations: Bool

    public init(
        viewportHeight: Int, cellHeight: Int, gap: Int, cellPixelSize: PixelSize, screenPlaysAnimations: Bool = false
    ) {
        self.viewportHeight = max(0, viewportHeight)
        self.cellHeight = max(1, cellHeight)
        self.gap = max(0, gap)
        self.cellPixelSize = cellPixelSize
        self.screenPlaysAnimations = screenPlaysAnimations
    }

    /// A layout that shows nothing: before the screen measured itself, no cell is visible and
    /// nothing loads.
    public static let unmeasured = GalleryLayout(
        viewportHeight: 0, cellHeight: 1, gap: 0, cellPixelSize: PixelSize(width: 0, height: 0)
    )

    /// Distance from the top of one cell to the top of the next.
    public var pitch: Int { cellHeight + gap }

    /// The top edge of cell `index` in content coordinates.
    public func top(ofCellAt index: Int) -> Int { index * pitch }

    /// The height of `count` stacked cells.
    func contentHeight(count: Int) -> Int { count == 0 ? 0 : count * pitch - gap }

    /// The largest scroll offset that still fills the viewport.
    func maxScrollOffset(count: Int) -> Int { max(0, contentHeight(count: count) - viewportHeight) }

    /// The cells that intersect the viewport scrolled to `offset`.
    public func visibleRange(offset: Int, count: Int) -> Range<Int> {
        guard viewportHeight > 0, count > 0 else { return 0..<0 }
        // A cell is visible when its top is above the viewport's bottom and its bottom below the top.
        let first = max(0, (offset + gap) / pitch)
        let end = min(count, (offset + viewportHeight - 1) / pitch + 1)
        return first < end ? first..<end : first..<first
    }

    /// The scroll offset that brings cell `index` into view while moving as little as possible.
    ///
    /// A cell taller than the viewport is shown from its top unless the viewport is already inside it.
    public func offset(revealing index: Int, from offset: Int, count: Int) -> Int {
        let top = top(ofCellAt: index)
        let bottom = top + cellHeight
        let revealed: Int
        if cellHeight >= viewportHeight {
            // Taller than the screen: keep a position inside the cell, else show its top.
            revealed = (top...(bottom - viewportHeight)).contains(offset) ? offset : top
        } else if top < offset {
            revealed = top
        } else if bottom > offset + viewportHeight {
            revealed = bottom - viewportHeight
        } else {
            revealed = offset
        }
        return min(max(0, revealed), maxScrollOffset(count: count))
    }
}
