import Foundation
import Testing
import ImageGallery

@Suite("Removing a cell: only when loaded, slide out, then close the gap")
struct RemovalTests {
    @Test("selecting a cell that has not loaded removes nothing and says why")
    func notLoaded() {
        var model = ModelHarness()
        let effects = model.send(.activateSelected)
        #expect(model.state.removal == nil)
        #expect(model.state.status == .cannotRemoveNotLoaded)
        #expect(effects.isEmpty)
        model.finish(0, .failure(Fixture.failure(.unavailable)))
        model.send(.activateSelected)
        #expect(model.state.removal == nil)
        #expect(model.order == [0, 1, 2, 3, 4, 5])
    }

    @Test("the 'not loaded' remark goes away with the next move")
    func transientStatusClears() {
        var model = ModelHarness()
        model.send(.activateSelected)
        model.send(.moveSelection(by: 1))
        #expect(model.state.status == nil)
    }

    @Test("a loaded cell slides right for 300 ms, then the cells below move up for 300 ms")
    func twoPhases() throws {
        var model = ModelHarness()
        model.finishAll()
        model.send(.moveSelection(by: 1))
        #expect(model.send(.activateSelected) == [.scheduleTick])
        var removal = try #require(model.state.removal)
        #expect(model.state.items[removal.index].id == ItemID(1) && removal.phase == .slidingOut && removal.progress == 0)

        let start = Duration.seconds(100)
        model.send(.tick(now: start))                          // the first frame starts the clock
        model.send(.tick(now: start + .milliseconds(150)))
        removal = try #require(model.state.removal)
        #expect(removal.phase == .slidingOut && removal.progress == 0.5)
        #expect(model.effects == [.scheduleTick])

        model.send(.tick(now: start + .milliseconds(375)))     // 75 ms into the second phase
        removal = try #require(model.state.removal)
        #expect(removal.phase == .closingGap && removal.progress == 0.25)
        #expect(model.order == [0, 1, 2, 3, 4, 5])             // still there while the gap closes

        model.send(.tick(now: start + .milliseconds(600)))
        #expect(model.state.removal == nil)
        #expect(model.order == [0, 2, 3, 4, 5])
        #expect(!model.effects.contains(.scheduleTick))
    }

    @Test("eased progress starts slow, ends gently and stays within 0...1")
    func easing() throws {
        var model = ModelHarness()
        model.finishAll()
        model.send(.activateSelected)
        model.send(.tick(now: .zero))
        model.send(.tick(now: .milliseconds(30)))
        let early = try #require(model.state.removal)
        #expect(early.easedProgress < early.progress)
        model.send(.tick(now: .milliseconds(150)))
        #expect(model.state.removal?.easedProgress == 0.5)
    }

    @Test("after removals the rest keep their order and the selection stays in place",
          arguments: [[0], [2], [5], [0, 0, 0], [3, 1, 0]])
    func orderAfterRemovals(selections: [Int]) {
        var model = ModelHarness()
        var expected = [0, 1, 2, 3, 4, 5]
        for index in selections {
            model.send(.selectFirst)
            model.send(.moveSelection(by: index))
            model.finishAll()
            model.send(.activateSelected)
            model.runRemoval()
            expected.remove(at: index)
            #expect(model.order == expected)
            #expect(model.state.selectedIndex == min(index, expected.count - 1))
        }
    }

    @Test("removing the last remaining cell leaves an empty gallery with nothing selected")
    func removeAll() {
        var model = ModelHarness(count: 2)
        for _ in 0..<2 {
            model.finishAll()
            model.send(.activateSelected)
            model.runRemoval()
        }
        #expect(model.state.items.isEmpty)
        #expect(model.state.selectedIndex == nil)
        model.send(.activateSelected)
        #expect(model.state.removal == nil)
    }

    @Test("a click selects the cell and removes it when loaded")
    func tapRemoves() {
        var model = ModelHarness()
        model.finishAll()
        model.send(.tap(index: 1))
        #expect(model.state.selectedIndex == 1)
        #expect(model.state.removal.map { model.state.items[$0.index].id } == ItemID(1))
        model.runRemoval()
        #expect(model.order == [0, 2, 3, 4, 5])
    }

    @Test("no second removal starts while one runs")
    func oneAtATime() {
        var model = ModelHarness()
        model.finishAll()
        model.send(.activateSelected)
        model.send(.tick(now: .zero))
        model.send(.tap(index: 1))
        model.send(.activateSelected)
        #expect(model.state.removal.map { model.state.items[$0.index].id } == ItemID(0))
        model.runRemoval(from: .milliseconds(16))
        #expect(model.order == [1, 2, 3, 4, 5])
    }

    @Test("the cell that moves up into view starts loading")
    func nextCellLoads() {
        var model = ModelHarness()
        model.finishAll()                         // 0, 1, 2 loaded; 3 idle
        model.send(.activateSelected)
        model.runRemoval()
        #expect(model.started == [3])             // 1 and 2 on screen, 3 is the one ahead
    }
}
