import Testing
import ImageGallery

@Suite("Layout: which cells are on screen")
struct LayoutTests {
    // Cells 10 high, gap 1 (pitch 11), viewport 15.
    let layout = Fixture.layout(rows: 15)

    @Test("cells that intersect the viewport are visible", arguments: [
        (0, 0..<2), (9, 0..<3), (10, 1..<3), (11, 1..<3), (16, 1..<3), (17, 1..<3), (45, 4..<6),
    ])
    func visibleRange(offset: Int, expected: Range<Int>) {
        #expect(layout.visibleRange(offset: offset, count: 6) == expected)
    }

    @Test("content height and the largest scroll offset account for the gaps")
    func contentHeight() {
        // Six cells are 6 × 10 + 5 gaps = 65 high: the 15-high viewport stops at 65 − 15 = 50.
        #expect(layout.offset(revealing: 5, from: 1_000, count: 6) == 50)
        #expect(layout.visibleRange(offset: 50, count: 6) == 4..<6)
        // One cell fits the viewport, and no cells have no height: nothing to scroll.
        #expect(layout.offset(revealing: 0, from: 40, count: 1) == 0)
        #expect(layout.offset(revealing: 0, from: 40, count: 0) == 0)
    }

    @Test("revealing a cell scrolls as little as possible")
    func revealing() {
        #expect(layout.offset(revealing: 0, from: 0, count: 6) == 0)
        #expect(layout.offset(revealing: 1, from: 0, count: 6) == 6)     // bottom of cell 1 (21) at the viewport bottom
        #expect(layout.offset(revealing: 0, from: 30, count: 6) == 0)
        #expect(layout.offset(revealing: 5, from: 0, count: 6) == 50)
    }

    @Test("a cell taller than the viewport is shown from its top unless the view is already inside it")
    func tallCells() {
        let landscape = Fixture.layout(rows: 8, cellHeight: 20)
        #expect(landscape.offset(revealing: 1, from: 0, count: 6) == 21)
        #expect(landscape.offset(revealing: 1, from: 25, count: 6) == 25)
        #expect(landscape.offset(revealing: 1, from: 40, count: 6) == 21)
    }

    @Test("an unmeasured layout shows nothing")
    func unmeasured() {
        #expect(GalleryLayout.unmeasured.visibleRange(offset: 0, count: 6).isEmpty)
    }
}
