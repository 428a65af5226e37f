import Testing
import ImagePipeline

@Suite("Images for visible cells")
struct ImageWindowTests {
    @Test("the visible rows plus the next one")
    func wanted() {
        #expect(ImageWindow.wanted(firstVisibleRow: 0, visibleRows: 2, columns: 3, count: 40) == 0..<9)
        #expect(ImageWindow.wanted(firstVisibleRow: 12, visibleRows: 2, columns: 3, count: 40) == 36..<40)
        #expect(ImageWindow.wanted(firstVisibleRow: 20, visibleRows: 2, columns: 3, count: 40).isEmpty)
    }

    @Test("loads of cells scrolled away are cancelled, new ones started, finished ones left alone")
    func plan() {
        let plan = ImageWindow.plan(wanted: ["d", "e", "f", "c"], loading: ["a", "b", "c"], loaded: ["e"])
        #expect(plan.start == ["d", "f"])
        #expect(Set(plan.cancel) == ["a", "b"])
    }
}
