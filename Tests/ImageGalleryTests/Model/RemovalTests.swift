import Foundation
import Testing
import ImageGallery

@MainActor
@Suite("Removing a cell: only when loaded, slide out, then close the gap")
struct RemovalTests {
    @Test("selecting a cell that has not loaded removes nothing and says why")
    func notLoaded() async {
        let model = await GalleryTestStore()
        let effects = await model.send(.activateSelected)
        #expect(model.state.removal == nil)
        #expect(model.state.status == .cannotRemoveNotLoaded)
        #expect(effects.isEmpty)
        await model.finish(0, .failure(Fixture.failure(.unavailable)))
        await model.send(.activateSelected)
        #expect(model.state.removal == nil)
        #expect(model.order == [0, 1, 2, 3, 4, 5])
    }

    @Test("the 'not loaded' remark goes away with the next move")
    func transientStatusClears() async {
        let model = await GalleryTestStore()
        await model.send(.activateSelected)
        await model.send(.moveSelection(by: 1))
        #expect(model.state.status == nil)
    }

    @Test("a loaded cell slides right for 300 ms, then the cells below move up for 300 ms")
    func twoPhases() async throws {
        let model = await GalleryTestStore()
        await model.finishAll()
        await model.send(.moveSelection(by: 1))
        #expect(await model.send(.activateSelected) == [.scheduleTick])
        var removal = try #require(model.state.removal)
        #expect(model.state.items[removal.index].id == ItemID(1) && removal.phase == .slidingOut && removal.progress == 0)

        let start = Duration.seconds(100)
        await model.send(.tick(now: start))                          // the first frame starts the clock
        await model.send(.tick(now: start + .milliseconds(150)))
        removal = try #require(model.state.removal)
        #expect(removal.phase == .slidingOut && removal.progress == 0.5)
        #expect(model.effects == [.scheduleTick])

        await model.send(.tick(now: start + .milliseconds(375)))     // 75 ms into the second phase
        removal = try #require(model.state.removal)
        #expect(removal.phase == .closingGap && removal.progress == 0.25)
        #expect(model.order == [0, 1, 2, 3, 4, 5])             // still there while the gap closes

        await model.send(.tick(now: start + .milliseconds(600)))
        #expect(model.state.removal == nil)
        #expect(model.order == [0, 2, 3, 4, 5])
        #expect(!model.effects.contains(.scheduleTick))
    }

    @Test("eased progress starts slow, ends gently and stays within 0...1")
    func easing() async throws {
        let model = await GalleryTestStore()
        await model.finishAll()
        await model.send(.activateSelected)
        await model.send(.tick(now: .zero))
        await model.send(.tick(now: .milliseconds(30)))
        let early = try #require(model.state.removal)
        #expect(early.easedProgress < early.progress)
        await model.send(.tick(now: .milliseconds(150)))
        #expect(model.state.removal?.easedProgress == 0.5)
    }

    @Test("after removals the rest keep their order and the selection stays in place",
          arguments: [[0], [2], [5], [0, 0, 0], [3, 1, 0]])
    func orderAfterRemovals(selections: [Int]) async {
        let model = await GalleryTestStore()
        var expected = [0, 1, 2, 3, 4, 5]
        for index in selections {
            await model.send(.selectFirst)
            await model.send(.moveSelection(by: index))
            await model.finishAll()
            await model.send(.activateSelected)
            await model.runRemoval()
            expected.remove(at: index)
            #expect(model.order == expected)
            #expect(model.state.selectedIndex == min(index, expected.count - 1))
        }
    }

    @Test("removing the last remaining cell leaves an empty gallery with nothing selected")
    func removeAll() async {
        let model = await GalleryTestStore(count: 2)
        for _ in 0..<2 {
            await model.finishAll()
            await model.send(.activateSelected)
            await model.runRemoval()
        }
        #expect(model.state.items.isEmpty)
        #expect(model.state.selectedIndex == nil)
        await model.send(.activateSelected)
        #expect(model.state.removal == nil)
    }

    @Test("a click selects the cell and removes it when loaded")
    func tapRemoves() async {
        let model = await GalleryTestStore()
        await model.finishAll()
        await model.send(.tap(index: 1))
        #expect(model.state.selectedIndex == 1)
        #expect(model.state.removal.map { model.state.items[$0.index].id } == ItemID(1))
        await model.runRemoval()
        #expect(model.order == [0, 2, 3, 4, 5])
    }

    @Test("no second removal starts while one runs")
    func oneAtATime() async {
        let model = await GalleryTestStore()
        await model.finishAll()
        await model.send(.activateSelected)
        await model.send(.tick(now: .zero))
        await model.send(.tap(index: 1))
        await model.send(.activateSelected)
        #expect(model.state.removal.map { model.state.items[$0.index].id } == ItemID(0))
        await model.runRemoval()
        #expect(model.order == [1, 2, 3, 4, 5])
    }

    @Test("the cell that moves up into view starts loading")
    func nextCellLoads() async {
        let model = await GalleryTestStore()
        await model.finishAll()                         // 0, 1, 2 loaded; 3 idle
        await model.send(.activateSelected)
        await model.runRemoval()
        #expect(model.started == [3])             // 1 and 2 on screen, 3 is the one ahead
    }
}
