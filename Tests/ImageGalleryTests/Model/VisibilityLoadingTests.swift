import Foundation
import Imaging
import Testing
import ImageGallery

@MainActor
@Suite("Loading follows what is on screen")
struct VisibilityLoadingTests {
    /// How many cells beyond the visible ones keep their picture, set where the bound is checked.
    let retainMargin = 2
    @Test("nothing loads before the screen has measured itself")
    func nothingBeforeLayout() async {
        let model = await GalleryTestStore(layout: nil)
        await model.send(.moveSelection(by: 1))
        #expect(model.started.isEmpty)
        #expect(model.state.items.allSatisfy { $0.status == .idle })
    }

    @Test("the cells on screen and one ahead start loading at the cell's pixel size")
    func visiblePlusOneAhead() async {
        let model = await GalleryTestStore(layout: nil)
        let effects = await model.send(.layoutChanged(Fixture.layout(rows: 15, pixels: 40)))
        // Cells 0 and 1 are on screen; cell 2 is the one ahead; 3...5 wait.
        #expect(model.started == [0, 1, 2])
        #expect(effects.count == 3)
        #expect(model.requests.allSatisfy { $0.targetSize == PixelSize(width: 40, height: 40) && $0.policy == .cached })
        #expect(model.requests.map(\.url) == Array(Fixture.urls(3)))
        #expect(model.status(0) == .loading && model.status(2) == .loading && model.status(3) == .idle)
        #expect(model.state.visibleRange == 0..<2)
    }

    @Test("scrolling down loads the cells coming on screen and cancels loads of cells that left")
    func scrollingCancels() async {
        let model = await GalleryTestStore()
        await model.send(.scroll(by: 33))            // rows 33...47: cells 3 and 4 visible, 5 ahead
        #expect(model.started == [3, 4, 5])
        #expect(Set(model.cancelled) == [0, 1, 2])
        #expect(model.status(0) == .idle && model.status(1) == .idle && model.status(2) == .idle)
        #expect(model.status(4) == .loading)
    }

    @Test("a cell cancelled by scrolling starts again when it comes back")
    func cancelledCellRestarts() async {
        let model = await GalleryTestStore()
        let firstToken = model.token(0)
        await model.send(.scroll(by: 33))
        await model.send(.selectFirst)
        #expect(model.started.contains(0))
        #expect(model.token(0) != firstToken)
        #expect(model.status(0) == .loading)
    }

    @Test("a late result of a cancelled load is ignored")
    func lateResultIgnored() async throws {
        let model = await GalleryTestStore()
        let stale = try #require(model.token(0))
        await model.send(.scroll(by: 33))
        await model.send(.loadFinished(stale, .success(Fixture.picture())))
        #expect(model.status(0) == .idle)
        #expect(model.state.everLoaded.isEmpty)
    }

    @Test("a loaded cell that stays on screen is not loaded again")
    func loadedStays() async {
        let model = await GalleryTestStore()
        await model.finishAll()
        await model.send(.scroll(by: 1))
        #expect(model.started == [])
        #expect(model.status(0)?.isLoaded == true)
    }

    @Test("pictures far off screen are let go and come back through the loader on return")
    func farPicturesReleased() async {
        let model = await GalleryTestStore(count: 12, configuration: GalleryConfiguration(retainMargin: retainMargin))
        await model.finishAll()
        #expect(model.status(0)?.isLoaded == true)
        await model.send(.scroll(by: 77))            // cells 7 and 8 visible: retain window is 5...10
        #expect(model.status(0) == .idle)        // let go: the state no longer holds its bitmap
        #expect(model.state.everLoaded.contains(ItemID(0)))
        await model.finishAll()
        await model.send(.selectFirst)
        #expect(model.started.contains(0))
        let held = model.state.items.filter { $0.status.isLoaded }.count
        #expect(held <= 2 + 1 + 2 * retainMargin)
    }

    @Test("moving the selection scrolls it into view and loads what comes on screen")
    func selectionScrolls() async {
        let model = await GalleryTestStore()
        await model.send(.moveSelection(by: 1))
        #expect(model.state.selectedIndex == 1)
        #expect(model.state.scrollOffset == 6)  // cell 1's bottom at the viewport's bottom
        await model.send(.moveSelection(by: 1))
        #expect(model.state.scrollOffset == 17)
        #expect(model.started == [3])
        await model.send(.moveSelection(by: -10))
        #expect(model.state.selectedIndex == 0 && model.state.scrollOffset == 0)
    }

    @Test("Home, End and the page keys keep the selection on screen")
    func homeEndPage() async {
        let model = await GalleryTestStore()
        await model.send(.selectLast)
        #expect(model.state.selectedIndex == 5)
        #expect(model.state.visibleRange.contains(5))
        // Cells that fit the viewport: a page lands on a cell's top (the pitch is 11 rows here).
        let pitch = model.state.layout.pitch
        await model.send(.page(by: -1))
        #expect(model.state.scrollOffset == 44 && model.state.scrollOffset % pitch == 0)
        #expect(model.state.visibleRange.contains(model.state.selectedIndex!))
        await model.send(.selectFirst)
        #expect(model.state.selectedIndex == 0 && model.state.scrollOffset == 0)
        await model.send(.page(by: 1))
        #expect(model.state.scrollOffset == 11)
        #expect(model.state.selectedIndex == 1)
    }

    @Test("a resize re-lays out and keeps the selected item in view")
    func resizeKeepsSelection() async {
        let model = await GalleryTestStore()
        await model.send(.selectLast)
        // Landscape: cells taller than the screen.
        await model.send(.layoutChanged(Fixture.layout(rows: 8, cellHeight: 20)))
        #expect(model.state.visibleRange.contains(5))
        // Portrait again: room for more.
        await model.send(.layoutChanged(Fixture.layout(rows: 40, cellHeight: 10)))
        #expect(model.state.visibleRange.contains(5))
        // Scrolled no further than the last cell's bottom allows.
        #expect(model.state.scrollOffset == model.state.layout.offset(revealing: 5, from: 1_000, count: 6))
    }

    @Test("cells that grow after a resize load their pictures again at the new size, keeping the old meanwhile")
    func growReloads() async {
        let model = await GalleryTestStore()
        await model.finishAll()
        await model.send(.layoutChanged(Fixture.layout(rows: 15, pixels: 80)))
        #expect(model.started == [0, 1, 2])
        #expect(model.requests.allSatisfy { $0.targetSize == PixelSize(width: 80, height: 80) })
        #expect(model.status(0)?.isLoaded == true)
        #expect(model.state.item(ItemID(0))?.isReloading == true)
        await model.finish(0, .success(Fixture.picture(size: PixelSize(width: 80, height: 80))))
        #expect(model.status(0)?.picture?.bitmap.width == 80)
    }

    @Test("scrolling through a thousand items never holds more pictures than the cells near the screen")
    func thousandItemsBounded() async {
        let model = await GalleryTestStore(count: 1000, configuration: GalleryConfiguration(retainMargin: retainMargin))
        let bound = model.state.visibleRange.count + 1 + 2 * retainMargin + 1
        var mostHeld = 0
        while model.state.visibleRange.upperBound < 1000 {
            await model.finishAll()
            mostHeld = max(mostHeld, model.state.items.filter { $0.status.isLoaded }.count)
            await model.send(.page(by: 1))
        }
        #expect(model.state.everLoaded.count >= 990)
        #expect(mostHeld <= bound)
    }
}

@MainActor
@Suite("Load priority follows the screen")
struct LoadPriorityTests {
    @Test("the cells on screen load at high priority, the one ahead at normal, raised when it comes on screen")
    func aheadIsRaisedWhenSeen() async throws {
        let model = await GalleryTestStore(layout: nil)
        await model.send(.layoutChanged(Fixture.layout(rows: 15, pixels: 40)))
        #expect(model.requests.map(\.priority) == [.high, .high, .normal])
        let ahead = try #require(model.token(2))
        let effects = await model.send(.scroll(by: 16))
        #expect(effects.contains(.prioritize(ahead, .high)))
    }
}
