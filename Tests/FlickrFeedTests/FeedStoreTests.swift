import Foundation
import Testing
import FlickrFeed

/// The feed run against a mock API and store: effects performed, answers fed back.
@Suite("Feed store")
@MainActor
struct FeedStoreTests {
    private func makeFeed(_ api: MockAPI, _ store: MemoryStore, backoff: Duration = .milliseconds(5))
        -> FeedStore
    {
        FeedStore(
            api: api, store: store,
            configuration: FeedConfiguration(initialBackoff: backoff, maximumBackoff: backoff * 4),
            now: { Fixtures.date }
        )
    }

    @Test("the saved page shows at once, the fresh page 1 replaces it and is stored straight away")
    func savedThenFreshStored() async {
        let api = MockAPI()
        api.answer(page: 1, with: .success(Fixtures.page(1, newest: 1200)))
        let store = MemoryStore(
            saved: SavedPage(page: Fixtures.page(1), savedAt: Fixtures.date.addingTimeInterval(-60)))
        let feed = makeFeed(api, store)
        var seenSaved = false
        feed.attach { state in seenSaved = seenSaved || (state.savedAt != nil) }
        feed.launch()
        #expect(feed.state.savedAt != nil && feed.state.photos.count == 40)
        await feed.waitForPendingFetches()
        #expect(seenSaved && feed.state.savedAt == nil)
        #expect(feed.state.photos.first?.id == Fixtures.photo(1200).id)
        // Stored as soon as it arrived, not when the program ends.
        #expect(store.saves == 1 && store.saved?.page.photos.first?.id == Fixtures.photo(1200).id)
    }

    @Test("one request per page at a time, however often the end is reached")
    func onePageAtATime() async {
        let api = MockAPI(fallback: { .success(Fixtures.page($0)) })
        let feed = makeFeed(api, MemoryStore())
        feed.launch()
        await feed.waitForPendingFetches()
        api.hold(page: 2)
        for index in 34..<40 {
            feed.send(.select(index: index))
            feed.send(.viewed(lastVisibleIndex: index))
        }
        api.release(page: 2)
        await feed.waitForPendingFetches()
        #expect(api.calls == [1, 2])
        #expect(api.mostAtOnceForOnePage == 1)
        #expect(feed.state.photos.count == 80)
    }

    @Test("a failed page is retried after the backoff, then paging goes on")
    func retriesAfterBackoff() async throws {
        let api = MockAPI(fallback: { .success(Fixtures.page($0)) })
        api.answer(page: 2, with: .failure(Fixtures.timeout))
        let feed = makeFeed(api, MemoryStore())
        feed.launch()
        await feed.waitForPendingFetches()
        feed.send(.select(index: 39))
        await feed.waitForPendingFetches()
        #expect(feed.state.footer == .failed(Fixtures.timeout.userFacingError))
        try await waitUntil { feed.state.loadedPages == 2 }
        #expect(api.calls == [1, 2, 2])
    }

    @Test("a store that cannot write is reported and the feed goes on")
    func storeFailure() async {
        let api = MockAPI(fallback: { .success(Fixtures.page($0)) })
        let store = MemoryStore()
        store.failWrites()
        let feed = makeFeed(api, store)
        var storeErrors = 0
        feed.onStoreError = { _ in storeErrors += 1 }
        feed.launch()
        await feed.waitForPendingFetches()
        #expect(storeErrors == 1 && feed.state.photos.count == 40)
    }

    @Test("refresh replaces the feed with a fresh page 1")
    func refresh() async {
        let api = MockAPI(fallback: { .success(Fixtures.page($0)) })
        api.answer(
            page: 1, with: .success(Fixtures.page(1)), .success(Fixtures.page(1, total: 1040, newest: 1040)))
        let feed = makeFeed(api, MemoryStore())
        feed.launch()
        await feed.waitForPendingFetches()
        feed.send(.select(index: 39))
        await feed.waitForPendingFetches()
        feed.send(.refresh)
        await feed.waitForPendingFetches()
        #expect(feed.state.photos.count == 40 && feed.state.photos.first?.id == Fixtures.photo(1040).id)
        #expect(feed.state.selection == 0 && feed.state.topRow == 0)
    }

    @Test("stopping the feed releases it: no fetch or retry timer keeps it alive")
    func releasedWhenStopped() async throws {
        let api = MockAPI(fallback: { _ in .failure(Fixtures.timeout) })
        weak var released: FeedStore?
        do {
            let feed = makeFeed(api, MemoryStore(), backoff: .seconds(60))
            released = feed
            feed.launch()
            await feed.waitForPendingFetches()
            #expect(feed.state.footer == .failed(Fixtures.timeout.userFacingError))  // a 60 s retry timer is pending
            feed.stop()
        }
        try await waitUntil { released == nil }
        #expect(released == nil)
    }

    private func waitUntil(_ condition: @MainActor () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(2)
        while !condition() {
            guard ContinuousClock.now < deadline else { Issue.record("timed out"); return }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}
