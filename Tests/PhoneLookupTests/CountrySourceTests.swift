import ErrorReporting
import Foundation
import Locking
import Testing
@testable import PhoneLookup

/// Serves scripted bytes or errors, counting fetches.
final class MockFetcher: CountryDataFetching {
    let result: Result<Data, any Error>
    init(_ result: Result<Data, any Error>) { self.result = result }
    func countryData(from url: URL) async throws -> Data { try result.get() }
}

/// An in-memory cache.
final class MockCache: CountryDataCaching {
    private let store = LockedValue<[String: Data]>([:])
    init(_ initial: [String: Data] = [:]) { store.withLock { $0 = initial } }
    func savedCountryData(forKey key: String) -> Data? { store.withLock { $0[key] } }
    func saveCountryData(_ data: Data, forKey key: String) throws { store.withLock { $0[key] = data } }
}

@Suite("Country source: saved copy first, refreshed in the background")
struct CountrySourceTests {
    let url = URL(string: "http://127.0.0.1:1/countries.json")!
    let small = Data(#"[{"name":"Russia","dial_code":"+7","code":"RU"}]"#.utf8)

    func updates(_ source: CachedCountrySource) async -> [CountryUpdate] {
        var all: [CountryUpdate] = []
        for await update in source.countryUpdates() { all.append(update) }
        return all
    }

    func summary(_ update: CountryUpdate) -> String {
        switch update {
        case .loaded(let catalog, let origin): "\(origin):\(catalog.countries.count)"
        case .failed(let error, let hasCopy): "failed:\(error.code):\(hasCopy)"
        }
    }

    @Test("no copy: fetched, shown and saved")
    func fresh() async {
        let cache = MockCache()
        let source = CachedCountrySource(url: url, fetcher: MockFetcher(.success(Fixtures.countriesData)), cache: cache)
        #expect(await updates(source).map(summary) == ["network:242"])
        #expect(cache.savedCountryData(forKey: source.cacheKey) == Fixtures.countriesData)
    }

    @Test("a saved copy is shown at once, then the fresh one")
    func staleThenFresh() async {
        let source = CachedCountrySource(url: url, fetcher: MockFetcher(.success(Fixtures.countriesData)),
                                         cache: MockCache(["countries:\(url.absoluteString)": small]))
        #expect(await updates(source).map(summary) == ["savedCopy:1", "network:242"])
    }

    @Test("offline with a copy: the copy stays, the failure is marked as having one")
    func offlineWithCopy() async {
        let source = CachedCountrySource(url: url, fetcher: MockFetcher(.failure(Offline())),
                                         cache: MockCache(["countries:\(url.absoluteString)": small]))
        #expect(await updates(source).map(summary) == ["savedCopy:1", "failed:offline:true"])
    }

    @Test("offline with no copy: one failure that says why and how to retry")
    func offlineWithoutCopy() async {
        let source = CachedCountrySource(url: url, fetcher: MockFetcher(.failure(Offline())), cache: MockCache())
        let all = await updates(source)
        #expect(all.map(summary) == ["failed:offline:false"])
        guard case .failed(let error, _) = all.first else { return }
        #expect(error.recovery(in: .english)?.contains("try again") == true)
    }

    @Test("a broken download never replaces a good copy")
    func brokenDownload() async {
        let cache = MockCache(["countries:\(url.absoluteString)": small])
        let source = CachedCountrySource(url: url, fetcher: MockFetcher(.success(Data("<html>".utf8))), cache: cache)
        #expect(await updates(source).map(summary) == ["savedCopy:1", "failed:invalidDataset:true"])
        #expect(cache.savedCountryData(forKey: source.cacheKey) == small)
    }

    @Test("a corrupt saved copy is ignored and replaced")
    func corruptCopy() async {
        let cache = MockCache(["countries:\(url.absoluteString)": Data("[".utf8)])
        let source = CachedCountrySource(url: url, fetcher: MockFetcher(.success(small)), cache: cache)
        #expect(await updates(source).map(summary) == ["network:1"])
        #expect(cache.savedCountryData(forKey: source.cacheKey) == small)
    }
}
