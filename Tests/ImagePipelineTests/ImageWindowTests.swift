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

    @Test("a refresh asks again for every failed picture, the network's return only for those that failed offline")
    func failedPicturesRule() {
        var failed = FailedPictures<String>()
        failed.record(.offline, for: "a")
        failed.record(.unavailable, for: "b")
        failed.record(.timeout, for: "c")
        failed.record(.cancelled, for: "d")
        #expect(failed.keys == ["a", "b", "c"])
        #expect(failed.forget(on: .connectivityRestored) == ["a"])
        #expect(failed.keys == ["b", "c"] && failed.kind(of: "b") == .unavailable)
        #expect(failed.forget(on: .refresh) == ["b", "c"])
        #expect(failed.isEmpty)
        // The failed ones are among the "loaded" the plan never starts again, until forgotten.
        failed.record(.offline, for: "a")
        #expect(ImageWindow.plan(wanted: ["a", "b"], loading: [], loaded: failed.keys).start == ["b"])
    }
}
