import Foundation
import Testing
import ImageGallery
import ImagePipeline
import Networking

@MainActor
@Suite("Pull-to-refresh restores the original list and downloads again")
struct RefreshTests {
    /// Loads everything on screen, removes items 0 and 2, scrolls down.
    func galleryAfterRemovals() async -> GalleryTestStore {
        let model = await GalleryTestStore()
        await model.finishAll()
        await model.send(.activateSelected)
        await model.runRemoval()                 // removes 0
        await model.send(.moveSelection(by: 1))
        await model.finishAll()
        await model.send(.activateSelected)
        await model.runRemoval()                 // removes 2
        await model.finishAll()
        await model.send(.selectLast)
        return model
    }

    @Test("refresh restores the original items in their original order, without animation")
    func restoresOrder() async {
        let model = await galleryAfterRemovals()
        #expect(model.order == [1, 3, 4, 5])
        await model.send(.refresh)
        #expect(model.order == [0, 1, 2, 3, 4, 5])
        #expect(model.state.items.map(\.url) == Fixture.urls(6))
        #expect(model.state.removal == nil)
        #expect(model.state.scrollOffset == 0 && model.state.selectedIndex == 0)
    }

    @Test("refresh downloads again every picture that had been downloaded, removed ones included")
    func reloadsEverLoaded() async {
        let model = await galleryAfterRemovals()
        let everLoaded = model.state.everLoaded.map(\.rawValue).sorted()
        await model.send(.refresh)
        let reloaded = model.requests.filter { $0.policy == .refresh }.compactMap { model.item(of: $0.token) }.sorted()
        #expect(reloaded == everLoaded)
        #expect(reloaded.contains(0) && reloaded.contains(2))
        #expect(model.state.isRefreshing)
    }

    @Test("pictures on screen stay while they download again; removed ones show a spinner")
    func picturesStay() async {
        let model = await GalleryTestStore()
        await model.finishAll()
        await model.send(.activateSelected)
        await model.runRemoval()
        await model.send(.refresh)
        #expect(model.status(0) == .loading)
        #expect(model.status(1)?.isLoaded == true)
        #expect(model.state.item(ItemID(1))?.isReloading == true)
    }

    @Test("refreshing ends once every reload has settled")
    func refreshingEnds() async {
        let model = await GalleryTestStore()
        await model.finishAll()
        await model.send(.refresh)
        #expect(model.state.isRefreshing)
        await model.finish(0, .success(Fixture.picture(10)))
        await model.finish(1, .failure(Fixture.failure(.timeout)))
        #expect(model.state.isRefreshing)
        await model.finish(2, .success(Fixture.picture(10)))
        #expect(!model.state.isRefreshing)
        #expect(model.status(0)?.picture?.bitmap.pixels[0] == 10)
    }

    @Test("a reload that fails keeps the picture on screen; offline sets the banner")
    func failedReloadKeepsPicture() async {
        let model = await GalleryTestStore()
        await model.finishAll()
        await model.send(.refresh)
        await model.finish(0, .failure(Fixture.failure(.offline)))
        #expect(model.status(0)?.isLoaded == true)
        #expect(model.state.isOffline)
    }

    @Test("a reload served from the cache because the network is down keeps the picture and sets the banner")
    func refreshFallsBackToCache() async {
        let model = await GalleryTestStore()
        await model.finishAll()
        await model.send(.refresh)
        let cached = Fixture.picture(source: .disk, refreshFailure: Fixture.failure(.offline))
        await model.finish(0, .success(cached))
        #expect(model.status(0)?.picture?.source == .disk)
        #expect(model.state.isOffline)
    }

    @Test("a reload that finds the server gone keeps the picture and says it could not connect, not offline")
    func refreshRefused() async {
        let model = await GalleryTestStore()
        await model.finishAll()
        await model.send(.refresh)
        let refused = LoadFailure(ImagePipelineError.network(.refused(host: "127.0.0.1")))
        await model.finish(0, .success(Fixture.picture(source: .disk, refreshFailure: refused)))
        #expect(model.status(0)?.picture?.source == .disk)
        #expect(!model.state.isOffline)
        #expect(model.state.status?.text.english == "Could not connect to 127.0.0.1. Pull down to refresh (r)")
        #expect(model.state.status?.shortText.russian == "Не удалось подключиться к 127.0.0.1. r обновит")
    }

    @Test("refresh cancels the loads in flight and scrolls to the top")
    func cancelsInFlight() async {
        let model = await GalleryTestStore()
        await model.send(.refresh)
        #expect(Set(model.cancelled) == [0, 1, 2])
        #expect(model.started == [0, 1, 2])       // nothing had loaded: plain loads of what is on screen
        #expect(model.requests.allSatisfy { $0.policy == .cached })
        #expect(!model.state.isRefreshing)
    }

    @Test("the wheel up at the top pulls to refresh; elsewhere it scrolls")
    func wheelAtTop() async {
        let model = await GalleryTestStore()
        await model.finishAll()
        await model.send(.scroll(by: 3))
        await model.send(.scroll(by: -3))
        #expect(model.state.scrollOffset == 0)
        #expect(!model.state.isRefreshing)
        await model.send(.scroll(by: -3))
        #expect(model.state.isRefreshing)
    }

    @Test("refresh during a removal stops it and restores the cell")
    func refreshDuringRemoval() async {
        let model = await GalleryTestStore()
        await model.finishAll()
        await model.send(.activateSelected)
        await model.send(.tick(now: .zero))
        await model.send(.refresh)
        #expect(model.state.removal == nil)
        await model.send(.tick(now: .seconds(1)))
        #expect(model.order == [0, 1, 2, 3, 4, 5])
    }
}
