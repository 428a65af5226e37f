import Caching
import ErrorReporting
import Foundation
import Logging
import Networking

/// Where the picker's countries come from.
public protocol CountryProviding: Sendable {
    /// What can be shown, as it becomes known: a saved copy first (if any), then the fresh one;
    /// or why nothing could be loaded. The stream finishes after its last update.
    func countryUpdates() -> AsyncStream<CountryUpdate>
}

/// One step of loading the countries.
public enum CountryUpdate: Sendable, Equatable {
    /// Countries to show, and where they came from.
    case loaded(CountryCatalog, CountryOrigin)
    /// The load failed; `hasCopy` says whether countries shown earlier are still good to use.
    case failed(CountryLoadError, hasCopy: Bool)
}

/// Where a catalog came from.
public enum CountryOrigin: Sendable, Equatable {
    /// Fetched just now.
    case network
    /// A copy saved by an earlier run, shown while a fresh one is fetched.
    case savedCopy
    /// Handed in directly (tests, demos).
    case provided
}

/// Countries handed in directly, optionally after a delay (tests and demos).
struct FixedCountries: CountryProviding {
    let result: Result<CountryDataset, DatasetError>
    let delay: Duration

    init(_ result: Result<CountryDataset, DatasetError>, delay: Duration = .zero) {
        self.result = result
        self.delay = delay
    }

    func countryUpdates() -> AsyncStream<CountryUpdate> {
        let (result, delay) = (result, delay)
        return AsyncStream { continuation in
            let task = Task {
                if delay > .zero { try? await Task.sleep(for: delay) }
                switch result {
                case .success(let dataset): continuation.yield(.loaded(CountryCatalog(dataset), .provided))
                case .failure(let error): continuation.yield(.failed(.unusable(error), hasCopy: false))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// Stale-while-revalidate: the saved copy is shown at once, a fresh one is fetched in the
/// background, parsed, shown, and saved. A bad download never replaces a good copy.
///
/// With no saved copy and no network, the one update is `.failed(.unreachable(…), hasCopy: false)`,
/// which says why; how to retry is the screen's or the command's to say.
public struct CachedCountrySource: CountryProviding {
    public let url: URL
    public let fetcher: any DataLoading
    public let cache: (any DataCaching)?
    public let logger: Logger

    public init(url: URL, fetcher: any DataLoading, cache: (any DataCaching)?,
                logger: Logger = Logger(label: "lookup.countries")) {
        self.url = url
        self.fetcher = fetcher
        self.cache = cache
        self.logger = logger
    }

    /// The cache key: one copy per dataset URL.
    public var cacheKey: String { "countries:" + url.absoluteString }

    public func countryUpdates() -> AsyncStream<CountryUpdate> {
        AsyncStream { continuation in
            let task = Task {
                await load { continuation.yield($0) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func load(_ yield: (CountryUpdate) -> Void) async {
        var hasCopy = false
        if let saved = cache?.data(forKey: cacheKey) {
            do {
                yield(.loaded(CountryCatalog(try CountryDataset.parse(saved)), .savedCopy))
                hasCopy = true
            } catch {
                logger.warning("saved country list is unusable, fetching a new one: \(error)")
            }
        }
        let data: Data
        do {
            data = try await fetcher.data(for: url)
        } catch {
            guard !Task.isCancelled else { return }
            yield(.failed(.unreachable(error), hasCopy: hasCopy))
            return
        }
        do {
            let dataset = try CountryDataset.parse(data)
            for skipped in dataset.skipped { logger.notice("country list: skipped \(skipped)") }
            yield(.loaded(CountryCatalog(dataset), .network))
            try? cache?.store(data, forKey: cacheKey)
        } catch {
            yield(.failed(.unusable(error), hasCopy: hasCopy))
        }
    }
}
