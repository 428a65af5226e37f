import Caching
import ErrorReporting
import Foundation
import Locking
import Networking
import Testing
import PhoneLookup

/// Serves scripted bytes or a network error.
final class MockFetcher: DataLoading {
    let result: Result<Data, NetworkError>
    init(_ result: Result<Data, NetworkError>) { self.result = result }
    func data(for url: URL) async throws(NetworkError) -> Data { try result.get() }
}

/// An in-memory cache.
final class MockCache: DataCaching {
    private let entries = LockedValue<[String: Data]>([:])
    init(_ initial: [String: Data] = [:]) { entries.withLock { $0 = initial } }
    func data(forKey key: String) -> Data? { entries.withLock { $0[key] } }
    func store(_ data: Data, forKey key: String) throws(DiskCacheError) { entries.withLock { $0[key] = data } }
    func removeData(forKey key: String) { _ = entries.withLock { $0.removeValue(forKey: key) } }
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
        case .failed(let error, let hasCopy): "failed:\(error.userFacingError.code):\(hasCopy)"
        }
    }

    @Test("no copy: fetched, shown and saved")
    func fresh() async {
        let cache = MockCache()
        let source = CachedCountrySource(url: url, fetcher: MockFetcher(.success(Fixtures.countriesData)), cache: cache)
        #expect(await updates(source).map(summary) == ["network:242"])
        #expect(cache.data(forKey: source.cacheKey) == Fixtures.countriesData)
    }

    @Test("a saved copy is shown at once, then the fresh one")
    func staleThenFresh() async {
        let source = CachedCountrySource(url: url, fetcher: MockFetcher(.success(Fixtures.countriesData)),
                                         cache: MockCache(["countries:\(url.absoluteString)": small]))
        #expect(await updates(source).map(summary) == ["savedCopy:1", "network:242"])
    }

    @Test("offline with a copy: the copy stays, the failure is marked as having one")
    func offlineWithCopy() async {
        let source = CachedCountrySource(url: url, fetcher: MockFetcher(.failure(.offline(host: "127.0.0.1"))),
                                         cache: MockCache(["countries:\(url.absoluteString)": small]))
        #expect(await updates(source).map(summary) == ["savedCopy:1", "failed:offline:true"])
    }

    @Test("offline with no copy: one failure that says why; how to retry is the dialer's to say")
    func offlineWithoutCopy() async {
        let source = CachedCountrySource(url: url, fetcher: MockFetcher(.failure(.offline(host: "127.0.0.1"))), cache: MockCache())
        let all = await updates(source)
        let error = CountryLoadError.unreachable(.offline(host: "127.0.0.1"))
        #expect(all == [.failed(error, hasCopy: false)])
        #expect(error.userFacingError.message(in: .english) == "Cannot load the country list: No internet connection")
        #expect(error.userFacingError.recovery == nil)
        #expect(error.mayPassOnRetry)
    }

    @Test("a broken download never replaces a good copy")
    func brokenDownload() async {
        let cache = MockCache(["countries:\(url.absoluteString)": small])
        let source = CachedCountrySource(url: url, fetcher: MockFetcher(.success(Data("<html>".utf8))), cache: cache)
        let all = await updates(source)
        #expect(all.map(summary) == ["savedCopy:1", "failed:invalidDataset:true"])
        #expect(cache.data(forKey: source.cacheKey) == small)
        // Bytes that are no dataset are the data's fault: fetching them again will not mend them.
        guard case .failed(let failure, hasCopy: true)? = all.last, case .unusable(.malformedJSON) = failure else {
            Issue.record("not an unreadable dataset: \(all)")
            return
        }
        #expect(!failure.mayPassOnRetry)
    }

    @Test("a corrupt saved copy is ignored and replaced")
    func corruptCopy() async {
        let cache = MockCache(["countries:\(url.absoluteString)": Data("[".utf8)])
        let source = CachedCountrySource(url: url, fetcher: MockFetcher(.success(small)), cache: cache)
        #expect(await updates(source).map(summary) == ["network:1"])
        #expect(cache.data(forKey: source.cacheKey) == small)
    }
}
