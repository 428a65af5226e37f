import Foundation
import Imaging
import Testing
import ImageGallery

@Suite("The store runs loads through the injected loader")
@MainActor
struct StoreTests {
    func makeStore(count: Int = 6, configuration: GalleryConfiguration = .init()) -> (GalleryStore, MockImageLoader) {
        let loader = MockImageLoader()
        let store = GalleryStore(state: GalleryState(urls: Fixture.urls(count), configuration: configuration), loader: loader)
        return (store, loader)
    }

    /// Waits, through the state the store publishes to its screen, until item `index` has settled.
    func settled(_ store: GalleryStore, _ index: Int) async {
        guard store.state.items[index].status == .loading else { return }
        let once = Once()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            store.attach { state in
                guard !once.done, state.items[index].status != .loading else { return }
                once.done = true
                continuation.resume()
            }
        }
    }

    @Test("cells on screen ask the loader; answers come back into the state")
    func loadsAndApplies() async {
        let (store, loader) = makeStore()
        store.send(.layoutChanged(Fixture.layout(pixels: 30)))
        await loader.waitForRequests(3)
        #expect(Set(loader.requestedURLs) == Set(Fixture.urls(3)))
        #expect(loader.requests.allSatisfy { $0.targetSize == PixelSize(width: 30, height: 30) })

        loader.succeed(Fixture.url(2), with: Fixture.picture(42))
        await settled(store, 1)
        #expect(store.state.items[1].status.picture?.bitmap.pixels[0] == 42)
        #expect(store.state.items[0].status == .loading)
    }

    @Test("a cell scrolled off screen while loading has its load cancelled at the loader")
    func cancellationReachesLoader() async {
        let (store, loader) = makeStore()
        store.send(.layoutChanged(Fixture.layout()))
        await loader.waitForRequests(3)
        store.send(.scroll(by: 33))
        #expect(Set(loader.cancelledURLs) == Set(Fixture.urls(3)))
        #expect(store.state.items[0].status == .idle)

        // Back on screen: a new request for the same picture.
        await loader.waitForRequests(6)
        store.send(.selectFirst)
        await loader.waitForRequests(9)
        #expect(loader.requestedURLs.filter { $0 == Fixture.url(1) }.count == 2)
    }

    @Test("failures are classified per cell")
    func failuresClassified() async {
        let (store, loader) = makeStore()
        store.send(.layoutChanged(Fixture.layout()))
        await loader.waitForRequests(3)
        loader.fail(Fixture.url(1), with: Fixture.thrown(.timeout))
        await settled(store, 0)
        #expect(store.state.items[0].status.failure?.kind == .timeout)
        #expect(store.state.status == .pullToRefresh(after: .timeout))
    }

    @Test("removal runs to its end on ticks and asks for them while it runs")
    func ticks() async {
        let (store, loader) = makeStore()
        var tickRequests = 0
        store.onTickRequested = { tickRequests += 1 }
        store.send(.layoutChanged(Fixture.layout()))
        await loader.waitForRequests(3)
        loader.succeed(Fixture.url(1), with: Fixture.picture())
        await settled(store, 0)
        store.send(.activateSelected)
        for frame in 0...40 { store.send(.tick(now: .milliseconds(frame * 16))) }
        #expect(store.state.items.map(\.id.rawValue) == [1, 2, 3, 4, 5])
        #expect(tickRequests >= 38)
    }

    @Test("refresh reloads through the loader with the refresh policy, and waitUntilIdle sees them settle")
    func refreshThroughStore() async {
        let (store, loader) = makeStore()
        for url in Fixture.urls(6) { loader.answerImmediately(url, with: .success(Fixture.picture())) }
        store.send(.layoutChanged(Fixture.layout()))
        await store.waitUntilIdle()
        #expect(store.state.everLoaded.count == 3)
        store.send(.refresh)
        #expect(store.state.isRefreshing)
        await store.waitUntilIdle()
        #expect(!store.state.isRefreshing)
        #expect(loader.requests.filter { $0.policy == .refresh }.count == 3)
    }

    @Test("the attached screen is told after every action")
    func onChange() {
        let (store, _) = makeStore()
        var changes = 0
        store.attach { _ in changes += 1 }
        store.send(.toggleHelp)
        store.send(.moveSelection(by: 1))
        #expect(changes == 2)
    }
}

/// Makes sure a continuation is resumed once.
@MainActor
private final class Once {
    var done = false
}
