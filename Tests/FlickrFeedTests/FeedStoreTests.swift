import Caching
import Foundation
import StateStore
import TestSupport
import Testing
@testable import FlickrFeed

/// The feed run against a mock API and store through the shared runtime: effects performed,
/// answers fed back as actions the tests receive, backoffs driven by a manual clock.
@Suite("Feed store")
@MainActor
struct FeedStoreTests {
    private func makeFeed(
        _ api: MockAPI, _ store: MemoryStore, clock: ManualClock = ManualClock(), backoff: Duration = .seconds(1)
    ) -> TestStore<FeedModel, FeedEffects> {
        TestStore(
            FeedStore(
                api: api, store: store,
                configuration: FeedConfiguration(initialBackoff: backoff, maximumBackoff: backoff * 4),
                now: { Fixtures.date },
                sleep: { try await clock.sleep(for: $0) }
            ),
            exhaustive: false)
    }

    @Test("the saved page shows at once, the fresh page 1 replaces it and is stored straight away")
    func savedThenFreshStored() async {
        let api = MockAPI()
        let fresh = Fixtures.page(1, newest: 1200)
        api.answer(page: 1, with: .success(fresh))
        let saved = SavedPage(page: Fixtures.page(1), savedAt: Fixtures.date.addingTimeInterval(-60))
        let feed = makeFeed(api, MemoryStore(saved: saved))
        feed.send(.launched(saved: saved)) {
            #expect($0.savedAt != nil && $0.photos.count == 40)
        }
        let request = PageRequest(page: 1, generation: 0, reason: .launch)
        await feed.receive(.pageArrived(request, fresh, at: Fixtures.date)) {
            #expect($0.savedAt == nil)
            #expect($0.photos.first?.id == Fixtures.photo(1200).id)
        }
        await feed.finish()
    }

    @Test("page 1 is stored as soon as it arrives, not when the program ends")
    func storedOnArrival() async {
        let api = MockAPI(fallback: { .success(Fixtures.page($0, newest: 1200)) })
        let memory = MemoryStore()
        let feed = makeFeed(api, memory)
        feed.send(.launched(saved: nil))
        await feed.receiveAll(count: 1)
        #expect(memory.saves == 1 && memory.saved?.page.photos.first?.id == Fixtures.photo(1200).id)
        await feed.finish()
    }

    @Test("one request per page at a time, however often the end is reached")
    func onePageAtATime() async {
        let api = MockAPI(fallback: { .success(Fixtures.page($0)) })
        let feed = makeFeed(api, MemoryStore())
        feed.send(.launched(saved: nil))
        await feed.receiveAll(count: 1)
        api.hold(page: 2)
        // Set up; each step toward the end is asserted whole: the selection and the last photo
        // seen move, and only the first step near the end asks for page 2.
        feed.exhaustive = true
        for index in 34..<40 {
            feed.send(.select(index: index)) {
                $0.selection = index
                if index == 34 { $0.inFlight = PageRequest(page: 2, generation: 0, reason: .more) }
            }
            feed.send(.viewed(lastVisibleIndex: index)) { $0.lastVisibleIndex = index }
        }
        feed.exhaustive = false
        api.release(page: 2)
        await feed.receive(.pageArrived(PageRequest(page: 2, generation: 0, reason: .more), Fixtures.page(2), at: Fixtures.date)) {
            #expect($0.photos.count == 80)
        }
        await feed.finish()
        #expect(api.calls == [1, 2])
        #expect(api.mostAtOnceForOnePage == 1)
    }

    @Test("a failed page is retried when the backoff's clock runs out, then paging goes on")
    func retriesAfterBackoff() async {
        let api = MockAPI(fallback: { .success(Fixtures.page($0)) })
        api.answer(page: 2, with: .failure(Fixtures.timeout))
        let clock = ManualClock()
        let feed = makeFeed(api, MemoryStore(), clock: clock)
        feed.send(.launched(saved: nil))
        await feed.receiveAll(count: 1)
        // Set up; reaching the last photo is asserted whole: the selection and page 2 on its way.
        feed.exhaustive = true
        feed.send(.select(index: 39)) {
            $0.selection = 39
            $0.inFlight = PageRequest(page: 2, generation: 0, reason: .more)
        }
        feed.exhaustive = false
        await feed.receive(.pageFailed(PageRequest(page: 2, generation: 0, reason: .more), Fixtures.timeout)) {
            #expect($0.footer == .failed(Fixtures.timeout.userFacingError))
        }
        // Nothing is asked again until the clock passes the backoff.
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(999))
        #expect(api.calls == [1, 2])
        clock.advance(by: .milliseconds(1))
        await feed.receive(.retryDue(token: 1))
        await feed.receive(.pageArrived(PageRequest(page: 2, generation: 0, reason: .retry), Fixtures.page(2), at: Fixtures.date)) {
            #expect($0.loadedPages == 2)
        }
        await feed.finish()
        #expect(api.calls == [1, 2, 2])
    }

    @Test("a store that cannot write comes back as an action, the state says so and the feed goes on")
    func storeFailure() async {
        let api = MockAPI(fallback: { .success(Fixtures.page($0)) })
        let memory = MemoryStore()
        memory.failWrites()
        let feed = makeFeed(api, memory)
        feed.send(.launched(saved: nil))
        await feed.receive(.pageArrived(PageRequest(page: 1, generation: 0, reason: .launch), Fixtures.page(1), at: Fixtures.date))
        // Set up; from here every change is asserted: the failure, and nothing else.
        feed.exhaustive = true
        await feed.receive(.notSaved(.firstPage(.diskFull(path: "memory")))) {
            $0.notSaved = .firstPage(.diskFull(path: "memory"))
        }
        #expect(feed.state.photos.count == 40)
        await feed.finish()
    }

    @Test("refresh replaces the feed with a fresh page 1")
    func refresh() async {
        let api = MockAPI(fallback: { .success(Fixtures.page($0)) })
        let newer = Fixtures.page(1, total: 1040, newest: 1040)
        api.answer(page: 1, with: .success(Fixtures.page(1)), .success(newer))
        let feed = makeFeed(api, MemoryStore())
        feed.send(.launched(saved: nil))
        await feed.receiveAll(count: 1)
        feed.send(.select(index: 39))
        await feed.receiveAll(count: 1)
        // Set up; the refresh is asserted whole: a new generation asks for page 1, the feed stays.
        feed.exhaustive = true
        feed.send(.refresh) {
            $0.generation = 1
            $0.inFlight = PageRequest(page: 1, generation: 1, reason: .refresh)
        }
        feed.exhaustive = false
        await feed.receive(.pageArrived(PageRequest(page: 1, generation: 1, reason: .refresh), newer, at: Fixtures.date)) {
            #expect($0.photos.count == 40 && $0.photos.first?.id == Fixtures.photo(1040).id)
            #expect($0.selection == 0 && $0.topRow == 0)
        }
        await feed.finish()
    }

    @Test("stopping the feed cancels its retry timer and releases it")
    func releasedWhenStopped() async {
        let api = MockAPI(fallback: { _ in .failure(Fixtures.timeout) })
        let clock = ManualClock()
        weak var released: FeedStore?
        do {
            let feed = makeFeed(api, MemoryStore(), clock: clock, backoff: .seconds(60))
            released = feed.store
            feed.send(.launched(saved: nil))
            await feed.receiveAll(count: 1)
            #expect(feed.state.footer == .failed(Fixtures.timeout.userFacingError))  // a 60 s retry timer is pending
            #expect(feed.store.runningCount > 0)
            feed.store.cancelAll()
            #expect(feed.store.runningCount == 0)
        }
        #expect(released == nil)
        // The cancelled timer sends nothing even when its time comes.
        clock.advance(by: .seconds(60))
        #expect(api.calls == [1])
    }
}
