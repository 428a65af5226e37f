import Foundation
import Imaging
import StateStore
import TestSupport
import Testing
@testable import ImageGallery

@Suite("The store runs loads through the injected loader")
@MainActor
struct StoreTests {
    func makeStore(
        count: Int = 6, configuration: GalleryConfiguration = .init(), clock: ManualClock = ManualClock(),
        exhaustive: Bool = false
    ) -> (TestStore<GalleryModel, GalleryEffects>, MockImageLoader) {
        let loader = MockImageLoader()
        let state = GalleryState(urls: Fixture.urls(count), configuration: configuration)
        return (TestStore(GalleryStore(state: state, loader: loader, clock: clock), exhaustive: exhaustive), loader)
    }

    /// The load in flight for item `index`.
    func token(_ store: TestStore<GalleryModel, GalleryEffects>, _ index: Int) throws -> LoadToken {
        try #require(store.store.state.inFlight[store.store.state.items[index].id])
    }

    @Test("cells on screen ask the loader; answers come back into the state")
    func loadsAndApplies() async throws {
        let (store, loader) = makeStore(exhaustive: true)
        store.send(.layoutChanged(Fixture.layout(pixels: 30))) {
            $0.layout = Fixture.layout(pixels: 30)
            for index in 0..<3 {
                $0.items[index].status = .loading
                // Two cells show; the third is loaded ahead, behind them.
                $0.expectLoadToken(for: index, onScreenEnd: 2)
            }
        }
        await loader.waitForRequests(3)
        #expect(Set(loader.requestedURLs) == Set(Fixture.urls(3)))
        #expect(loader.requests.allSatisfy { $0.targetSize == PixelSize(width: 30, height: 30) })

        let picture = Fixture.picture(42)
        let second = try token(store, 1)
        store.skipStateChecks()
        store.exhaustive = true
        loader.succeed(Fixture.url(2), with: picture)
        await store.receive(.loadFinished(second, .success(picture))) {
            $0.items[1].status = .loaded(picture)
            $0.inFlight[$0.items[1].id] = nil
            $0.inFlightPriority[$0.items[1].id] = nil
            $0.everLoaded.insert($0.items[1].id)
        }
    }

    @Test("a cell scrolled off screen while loading has its load cancelled at the loader")
    func cancellationReachesLoader() async {
        let (store, loader) = makeStore()
        store.send(.layoutChanged(Fixture.layout()))
        await loader.waitForRequests(3)
        // Set up; the scroll is asserted whole: the first row's loads end, the second row's start.
        store.exhaustive = true
        store.send(.scroll(by: 33)) {
            $0.scrollOffset = 33
            $0.selectedIndex = 3
            for index in 0..<3 {
                $0.items[index].status = .idle
                $0.inFlight[$0.items[index].id] = nil
                $0.inFlightPriority[$0.items[index].id] = nil
            }
            for index in 3..<6 {
                $0.items[index].status = .loading
                $0.expectLoadToken(for: index, onScreenEnd: 5)
            }
        }
        store.exhaustive = false
        #expect(Set(loader.cancelledURLs) == Set(Fixture.urls(3)))

        // Back on screen: a new request for the same picture.
        await loader.waitForRequests(6)
        store.send(.selectFirst)
        await loader.waitForRequests(9)
        #expect(loader.requestedURLs.filter { $0 == Fixture.url(1) }.count == 2)
        // The cancelled loads' late answers never reach the model.
        #expect(store.store.runningCount == 3)
    }

    @Test("failures are classified per cell")
    func failuresClassified() async throws {
        let (store, loader) = makeStore()
        store.send(.layoutChanged(Fixture.layout()))
        await loader.waitForRequests(3)
        let first = try token(store, 0)
        // Set up; from here every change is asserted.
        store.skipStateChecks()
        store.exhaustive = true
        let failure = LoadFailure(Fixture.thrown(.timeout))
        loader.fail(Fixture.url(1), with: Fixture.thrown(.timeout))
        await store.receive(.loadFinished(first, .failure(failure))) {
            $0.items[0].status = .failed(failure)
            $0.inFlight[$0.items[0].id] = nil
            $0.inFlightPriority[$0.items[0].id] = nil
            $0.status = .pullToRefresh(after: .timeout)
        }
    }

    @Test("removal runs to its end on ticks and asks for them while it runs")
    func ticks() async throws {
        let clock = ManualClock()
        let (store, loader) = makeStore(clock: clock)
        store.send(.layoutChanged(Fixture.layout()))
        await loader.waitForRequests(3)
        let picture = Fixture.picture()
        let first = try token(store, 0)
        loader.succeed(Fixture.url(1), with: picture)
        await store.receive(.loadFinished(first, .success(picture)))
        // Set up; the removal's start is asserted whole: the animation, and nothing else.
        store.exhaustive = true
        store.send(.activateSelected) { $0.removal = RemovalAnimation(itemID: $0.items[0].id, index: 0) }
        // The frames' own changes are RemovalAnimationTests' to assert.
        store.exhaustive = false
        // Each frame is a tick the injected clock sends one frame interval after the last.
        var frames = 0
        while store.store.state.removal != nil {
            await clock.waitForSleepers()
            clock.advance(by: GalleryEffects.frameInterval)
            frames += 1
            await store.receive(.tick(now: GalleryEffects.frameInterval * frames))
        }
        #expect(store.store.state.items.map(\.id.rawValue) == [1, 2, 3, 4, 5])
        #expect(frames >= 38)
        // The animation over, no frame is pending.
        #expect(clock.sleeperCount == 0)
    }

    @Test("refresh reloads through the loader with the refresh policy, and settle() sees them settle")
    func refreshThroughStore() async {
        let (store, loader) = makeStore()
        for url in Fixture.urls(6) { loader.answerImmediately(url, with: .success(Fixture.picture())) }
        store.send(.layoutChanged(Fixture.layout()))
        await store.receiveAll(count: 3)
        #expect(store.state.everLoaded.count == 3)
        // Set up; from here the refresh is asserted whole: the three loaded pictures stay on
        // screen while each is asked for again, as the newest load of its cell.
        store.exhaustive = true
        store.send(.refresh) {
            for index in 0..<3 {
                $0.items[index].isReloading = true
                $0.refreshPending.insert($0.items[index].id)
                $0.expectLoadToken(for: index, onScreenEnd: 2)
            }
            $0.isRefreshing = true
        }
        await store.store.settle()
        #expect(!store.store.state.isRefreshing)
        #expect(loader.requests.filter { $0.policy == .refresh }.count == 3)
    }

    @Test("the attached screen is told after every action")
    func onChange() {
        let (test, _) = makeStore()
        var changes = 0
        test.store.attach { _ in changes += 1 }
        test.send(.toggleHelp) { $0.isShowingHelp = true }
        test.send(.moveSelection(by: 1))
        #expect(changes == 2)
    }

    @Test("every state change must be asserted: toggling the help changes that flag and nothing else")
    func exhaustive() {
        let (store, _) = makeStore(exhaustive: true)
        store.send(.toggleHelp) { $0.isShowingHelp = true }
        store.send(.toggleHelp) { $0.isShowingHelp = false }
    }
}
