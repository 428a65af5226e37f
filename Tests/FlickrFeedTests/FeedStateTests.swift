import Foundation
import Testing
import FlickrFeed

/// The feed model as a value: actions in, effects out, no network and no terminal.
@Suite("Feed model")
struct FeedStateTests {
    private func launchedFresh(perPage: Int = 40) -> FeedState {
        var state = FeedState(configuration: FeedConfiguration(perPage: perPage))
        let effects = FeedModel().reduce(into: &state, action: .launched(saved: nil))
        #expect(effects == [.fetch(PageRequest(page: 1, generation: 0, reason: .launch))])
        _ = FeedModel().reduce(into: &state, action: 
            .pageArrived(
                PageRequest(page: 1, generation: 0, reason: .launch), Fixtures.page(1), at: Fixtures.date))
        return state
    }

    @Test("page 1 arrives, is shown and stored")
    func firstPage() {
        var state = FeedState()
        let request = PageRequest(page: 1, generation: 0, reason: .launch)
        #expect(FeedModel().reduce(into: &state, action: .launched(saved: nil)) == [.fetch(request)])
        #expect(state.footer == .loading)
        let effects = FeedModel().reduce(into: &state, action: .pageArrived(request, Fixtures.page(1), at: Fixtures.date))
        #expect(effects == [.save(SavedPage(page: Fixtures.page(1), savedAt: Fixtures.date))])
        #expect(state.photos.count == 40 && state.source == .network && state.loadedPages == 1)
        #expect(state.footer == .more)
    }

    @Test("the next page is requested once when the selection comes within two rows of the end")
    func pagingNearEnd() {
        var state = launchedFresh()
        #expect(FeedModel().reduce(into: &state, action: .select(index: 20)) == [])
        #expect(FeedModel().reduce(into: &state, action: .select(index: 33)) == [])
        let next = PageRequest(page: 2, generation: 0, reason: .more)
        #expect(FeedModel().reduce(into: &state, action: .select(index: 34)) == [.fetch(next)])
        #expect(state.footer == .loading)
        // Moving further while page 2 is on its way asks for nothing more.
        #expect(FeedModel().reduce(into: &state, action: .select(index: 39)) == [])
        #expect(FeedModel().reduce(into: &state, action: .viewed(lastVisibleIndex: 39)) == [])
        #expect(state.inFlight == next)
    }

    @Test("the viewport near the end asks for the next page too")
    func pagingByViewport() {
        var state = launchedFresh()
        #expect(
            FeedModel().reduce(into: &state, action: .viewed(lastVisibleIndex: 36)) == [
                .fetch(PageRequest(page: 2, generation: 0, reason: .more))
            ])
    }

    @Test("pages that shift by uploads are deduplicated and the dropped photos counted")
    func dedupAcrossShiftedPages() {
        var state = launchedFresh()
        _ = FeedModel().reduce(into: &state, action: .select(index: 39))
        // Five photos were uploaded meanwhile: page 2 now starts with the last five of page 1.
        let shifted = Fixtures.page(2, total: 1005, newest: 1005)
        _ = FeedModel().reduce(into: &state, action: 
            .pageArrived(PageRequest(page: 2, generation: 0, reason: .more), shifted, at: Fixtures.date))
        #expect(state.photos.count == 75)
        #expect(state.droppedDuplicates == 5)
        #expect(Set(state.photos.map(\.id)).count == state.photos.count)
        // Nothing lost: the photos are exactly 1000 down to 926, in order.
        #expect(state.photos.map(\.id) == (926...1000).reversed().map { Fixtures.photo($0).id })
    }

    @Test("a page of nothing but duplicates asks for the next one straight away")
    func allDuplicates() {
        var state = launchedFresh()
        _ = FeedModel().reduce(into: &state, action: .select(index: 39))
        let same = FlickrPage(page: 2, pages: 25, perPage: 40, total: 1000, photos: Fixtures.page(1).photos)
        let effects = FeedModel().reduce(into: &state, action: 
            .pageArrived(PageRequest(page: 2, generation: 0, reason: .more), same, at: Fixtures.date))
        #expect(effects == [.fetch(PageRequest(page: 3, generation: 0, reason: .more))])
        #expect(state.droppedDuplicates == 40)
    }

    @Test("the last page by pages stops paging")
    func lastPageByCount() {
        var state = FeedState()
        _ = FeedModel().reduce(into: &state, action: .launched(saved: nil))
        let only = Fixtures.page(1, total: 30)
        _ = FeedModel().reduce(into: &state, action: 
            .pageArrived(PageRequest(page: 1, generation: 0, reason: .launch), only, at: Fixtures.date))
        #expect(state.footer == .end)
        #expect(FeedModel().reduce(into: &state, action: .select(index: 29)) == [])
    }

    @Test("an empty page stops paging even when pages says more")
    func lastPageByEmpty() {
        var state = launchedFresh()
        _ = FeedModel().reduce(into: &state, action: .select(index: 39))
        let empty = FlickrPage(page: 2, pages: 25, perPage: 40, total: 1000, photos: [])
        #expect(
            FeedModel().reduce(into: &state, action: 
                .pageArrived(PageRequest(page: 2, generation: 0, reason: .more), empty, at: Fixtures.date))
                == [])
        #expect(state.footer == .end)
        #expect(FeedModel().reduce(into: &state, action: .viewed(lastVisibleIndex: 39)) == [])
    }

    @Test("errors back off, doubling, and nothing is requested while waiting")
    func backoff() {
        var state = launchedFresh()
        // FeedConfiguration's defaults: 1 s after the first failure, doubling, at most 60 s.
        _ = FeedModel().reduce(into: &state, action: .select(index: 39))
        let page2 = PageRequest(page: 2, generation: 0, reason: .more)
        #expect(
            FeedModel().reduce(into: &state, action: .pageFailed(page2, Fixtures.timeout)) == [
                .scheduleRetry(after: .seconds(1), token: 1)
            ])
        #expect(FeedModel().reduce(into: &state, action: .viewed(lastVisibleIndex: 39)) == [])
        #expect(state.footer == .failed(Fixtures.timeout.userFacingError))
        let retry = PageRequest(page: 2, generation: 0, reason: .retry)
        #expect(FeedModel().reduce(into: &state, action: .retryDue(token: 1)) == [.fetch(retry)])
        #expect(
            FeedModel().reduce(into: &state, action: .pageFailed(retry, Fixtures.timeout)) == [
                .scheduleRetry(after: .seconds(2), token: 2)
            ])
        // A stale timer does nothing.
        #expect(FeedModel().reduce(into: &state, action: .retryDue(token: 1)) == [])
        // Twenty failures in a row: the wait stops doubling at the maximum.
        var wait = Duration.zero
        for token in 2..<20 {
            #expect(FeedModel().reduce(into: &state, action: .retryDue(token: token)) == [.fetch(retry)])
            for case .scheduleRetry(let after, _) in FeedModel().reduce(into: &state, action: .pageFailed(retry, Fixtures.timeout)) { wait = after }
        }
        #expect(wait == .seconds(60))
    }

    @Test("a refused key stops automatic retries; a refresh tries again")
    func keyRefused() {
        var state = FeedState()
        _ = FeedModel().reduce(into: &state, action: .launched(saved: nil))
        #expect(
            FeedModel().reduce(into: &state, action: 
                .pageFailed(PageRequest(page: 1, generation: 0, reason: .launch), Fixtures.keyRefused)) == [])
        #expect(state.footer == .failed(Fixtures.keyRefused.userFacingError))
        #expect(FeedModel().reduce(into: &state, action: .viewed(lastVisibleIndex: 0)) == [])
        #expect(FeedModel().reduce(into: &state, action: .refresh) == [.fetch(PageRequest(page: 1, generation: 1, reason: .refresh))])
    }

    @Test("refresh fetches page 1 again, replaces the feed and scrolls to the top")
    func refreshReplaces() {
        var state = launchedFresh()
        _ = FeedModel().reduce(into: &state, action: .select(index: 39))
        _ = FeedModel().reduce(into: &state, action: 
            .pageArrived(
                PageRequest(page: 2, generation: 0, reason: .more), Fixtures.page(2), at: Fixtures.date))
        _ = FeedModel().reduce(into: &state, action: .select(index: 50))
        let refresh = PageRequest(page: 1, generation: 1, reason: .refresh)
        #expect(FeedModel().reduce(into: &state, action: .refresh) == [.fetch(refresh)])
        let fresh = Fixtures.page(1, total: 1010, newest: 1010)
        let later = Fixtures.date.addingTimeInterval(60)
        #expect(
            FeedModel().reduce(into: &state, action: .pageArrived(refresh, fresh, at: later)) == [
                .save(SavedPage(page: fresh, savedAt: later))
            ])
        #expect(state.photos == fresh.photos)
        #expect(
            state.selection == 0 && state.topRow == 0 && state.loadedPages == 1
                && state.droppedDuplicates == 0)
    }

    @Test("refresh asks for page 1 and its storing, nothing else: pictures already cached stay")
    func refreshKeepsCache() {
        var state = launchedFresh()
        let refresh = PageRequest(page: 1, generation: 1, reason: .refresh)
        // The only effects a refresh can cause: fetch page 1, store it. There is no effect that
        // clears a cache (the seed wiped its cache on every refresh).
        #expect(FeedModel().reduce(into: &state, action: .refresh) == [.fetch(refresh)])
        #expect(
            FeedModel().reduce(into: &state, action: .pageArrived(refresh, Fixtures.page(1), at: Fixtures.date))
                == [.save(SavedPage(page: Fixtures.page(1), savedAt: Fixtures.date))])
    }

    @Test("refresh while a later page loads cancels it, and its late answer is ignored")
    func refreshCancelsPaging() {
        var state = launchedFresh()
        _ = FeedModel().reduce(into: &state, action: .select(index: 39))
        let page2 = PageRequest(page: 2, generation: 0, reason: .more)
        #expect(
            FeedModel().reduce(into: &state, action: .refresh) == [
                .cancel(page2), .fetch(PageRequest(page: 1, generation: 1, reason: .refresh)),
            ])
        #expect(FeedModel().reduce(into: &state, action: .pageArrived(page2, Fixtures.page(2), at: Fixtures.date)) == [])
        #expect(state.photos.count == 40)
    }

    @Test("refresh while page 1 is on its way does not ask for it twice")
    func refreshDuringPageOne() {
        var state = FeedState()
        _ = FeedModel().reduce(into: &state, action: .launched(saved: nil))
        #expect(FeedModel().reduce(into: &state, action: .refresh) == [])
        #expect(state.inFlight?.page == 1)
    }

    @Test("the saved page is shown first, marked saved, then replaced by the fresh page 1")
    func savedThenFresh() {
        let savedAt = Fixtures.date.addingTimeInterval(-3600)
        let saved = SavedPage(page: Fixtures.page(1, total: 900), savedAt: savedAt)
        var state = FeedState()
        #expect(
            FeedModel().reduce(into: &state, action: .launched(saved: saved)) == [
                .fetch(PageRequest(page: 1, generation: 0, reason: .launch))
            ])
        #expect(state.photos == saved.page.photos && state.savedAt == savedAt)
        // Scrolling the saved page does not page on: page 2 of an old stream would not fit.
        #expect(FeedModel().reduce(into: &state, action: .select(index: 39)) == [])
        _ = FeedModel().reduce(into: &state, action: 
            .pageArrived(
                PageRequest(page: 1, generation: 0, reason: .launch), Fixtures.page(1), at: Fixtures.date))
        #expect(state.savedAt == nil && state.photos == Fixtures.page(1).photos)
        #expect(SavedPage.wordedAge(from: savedAt, to: Fixtures.date) == "1 h")
    }

    @Test("offline keeps the saved page and says more needs the network")
    func offlineKeepsSaved() {
        let saved = SavedPage(page: Fixtures.page(1), savedAt: Fixtures.date)
        var state = FeedState()
        _ = FeedModel().reduce(into: &state, action: .launched(saved: saved))
        let effects = FeedModel().reduce(into: &state, action: 
            .pageFailed(PageRequest(page: 1, generation: 0, reason: .launch), Fixtures.offline))
        #expect(effects == [.scheduleRetry(after: .seconds(1), token: 1)])
        #expect(state.photos == saved.page.photos && state.savedAt != nil && state.isOffline)
        #expect(state.footer == .needsNetwork)
        #expect(FeedModel().reduce(into: &state, action: .select(index: 39)) == [])
        // The network comes back: page 1 at once, without waiting out the backoff.
        #expect(
            FeedModel().reduce(into: &state, action: .connectivityChanged(isOnline: true)) == [
                .fetch(PageRequest(page: 1, generation: 0, reason: .retry))
            ])
        _ = FeedModel().reduce(into: &state, action: 
            .pageArrived(
                PageRequest(page: 1, generation: 0, reason: .retry), Fixtures.page(1, newest: 1003),
                at: Fixtures.date))
        #expect(!state.isOffline && state.savedAt == nil)
    }

    @Test("offline with nothing saved retries page 1 after the backoff")
    func offlineNothingSaved() {
        var state = FeedState()
        _ = FeedModel().reduce(into: &state, action: .launched(saved: nil))
        _ = FeedModel().reduce(into: &state, action: .pageFailed(PageRequest(page: 1, generation: 0, reason: .launch), Fixtures.offline))
        #expect(state.photos.isEmpty && state.footer == .needsNetwork && state.lastError?.code == "offline")
        #expect(
            FeedModel().reduce(into: &state, action: .retryDue(token: 1)) == [.fetch(PageRequest(page: 1, generation: 0, reason: .retry))])
    }
}
