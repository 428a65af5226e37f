import Caching
import Foundation
import Testing
import FlickrFeed

@Suite("Plain and JSON paging")
struct FeedPagerTests {
    @Test("three pages with an upload between them: no duplicates, dropped counted, exit 0")
    func threePages() async {
        let api = MockAPI()
        api.answer(page: 1, with: .success(Fixtures.page(1)))
        api.answer(page: 2, with: .success(Fixtures.page(2, total: 1003, newest: 1003)))
        api.answer(page: 3, with: .success(Fixtures.page(3, total: 1003, newest: 1003)))
        let store = MemoryStore()
        var reports: [PageReport] = []
        let outcome = await FeedPager.run(pages: 3, api: api, store: store, now: { Fixtures.date }) { event in
            if case .page(let report) = event { reports.append(report) }
        }
        #expect(outcome.exitStatus == 0)
        #expect(reports.map(\.page) == [1, 2, 3] && reports.map(\.dropped) == [0, 3, 0])
        let ids = reports.flatMap(\.photos).map(\.id)
        #expect(ids.count == 117 && Set(ids).count == 117)
        #expect(store.saved?.page.page == 1)
    }

    @Test("page 1 failing shows the saved page, then the error, exit 2")
    func savedWhenOffline() async {
        let api = MockAPI()
        api.answer(page: 1, with: .failure(Fixtures.offline))
        let store = MemoryStore(saved: SavedPage(page: Fixtures.page(1), savedAt: Fixtures.date))
        var events: [PagerEvent] = []
        let outcome = await FeedPager.run(pages: 3, api: api, store: store) { events.append($0) }
        #expect(outcome.exitStatus == 2)
        guard events.count == 2, case .page(let report) = events[0], case .error(let error) = events[1] else {
            Issue.record("unexpected events \(events)"); return
        }
        #expect(report.source == .saved && report.photos.count == 40 && error.code == "offline")
    }

    @Test("a first page that cannot be kept is shown, then said so, and the run still ends 0")
    func firstPageNotSaved() async {
        let api = MockAPI()
        api.answer(page: 1, with: .success(Fixtures.page(1)))
        let store = MemoryStore()
        store.failWrites()
        var events: [PagerEvent] = []
        let outcome = await FeedPager.run(pages: 1, api: api, store: store) { events.append($0) }
        #expect(outcome.exitStatus == 0)
        guard events.count == 2, case .page(let report) = events[0], case .notSaved(let warning) = events[1] else {
            Issue.record("unexpected events \(events)"); return
        }
        #expect(report.page == 1 && report.photos.count == 40)
        #expect(warning == .firstPage(.diskFull(path: "memory")))
        #expect(warning.userFacingError.code == "diskFull")
        #expect(warning.userFacingError.line(in: .english) == "The first page could not be kept for the next launch: the disk is full")
        #expect(warning.userFacingError.line(in: .russian)
                == "Первую страницу не удалось сохранить до следующего запуска: диск заполнен")
    }

    @Test("nothing to show is exit 1, or 75 when it may pass; a later page failing is exit 2")
    func exitStatuses() async {
        let nothing = MockAPI()
        nothing.answer(page: 1, with: .failure(Fixtures.keyRefused))
        let none = await FeedPager.run(pages: 1, api: nothing, store: MemoryStore()) { _ in }
        #expect(none.exitStatus == 1)

        let slow = MockAPI()
        slow.answer(page: 1, with: .failure(Fixtures.timeout))
        #expect(await FeedPager.run(pages: 1, api: slow, store: MemoryStore()) { _ in }.exitStatus == 75)

        let partly = MockAPI()
        partly.answer(page: 1, with: .success(Fixtures.page(1)))
        partly.answer(page: 2, with: .failure(Fixtures.timeout))
        let some = await FeedPager.run(pages: 3, api: partly, store: nil) { _ in }
        #expect(some.exitStatus == 2 && partly.calls == [1, 2])
    }

    @Test("the last page stops early")
    func stopsAtEnd() async {
        let api = MockAPI(fallback: { .success(Fixtures.page($0, total: 50)) })
        var pages = 0
        let outcome = await FeedPager.run(pages: 5, api: api, store: nil) {
            if case .page = $0 { pages += 1 }
        }
        #expect(outcome.exitStatus == 0 && pages == 2 && api.calls == [1, 2])
    }
}
