import Caching
import ErrorReporting
import Foundation

/// One page as plain and JSON output report it.
public struct PageReport: Sendable, Hashable {
    /// Where the page came from.
    public enum Source: String, Sendable, Hashable {
        case network, saved
    }

    public var page: Int
    public var source: Source
    /// The photos this page added (duplicates of earlier pages left out).
    public var photos: [FlickrPhoto]
    public var pages: Int
    public var total: Int
    /// Photos of this page skipped because an earlier page showed them.
    public var dropped: Int
    /// When a saved page was stored.
    public var savedAt: Date?

    /// A report as the pager makes it (tests make their own to format).
    package init(
        page: Int, source: Source, photos: [FlickrPhoto], pages: Int, total: Int, dropped: Int, savedAt: Date? = nil
    ) {
        self.page = page
        self.source = source
        self.photos = photos
        self.pages = pages
        self.total = total
        self.dropped = dropped
        self.savedAt = savedAt
    }
}

/// What a non-interactive run reports, in order.
public enum PagerEvent: Sendable, Hashable {
    case page(PageReport)
    /// A fetch failed; the command words it, with what to do.
    case error(FlickrError)
    /// The first page was shown but could not be kept for the next launch; the run goes on.
    case notSaved(FeedStorageFailure)
}

/// The outcome of a non-interactive run.
public struct PagerOutcome: Sendable, Hashable {
    var pagesShown: Int
    public var failures: Int
    /// The fetch that ended the run, if one failed.
    public var lastFailure: FlickrError?

    /// 0 when every fetch succeeded, 2 when some failed but something was shown; when nothing
    /// could be shown, sysexits' EX_TEMPFAIL (75) if running again may help (the network's
    /// ``NetworkError/mayPassOnRetry``, or Flickr's own passing trouble), else 1.
    public var exitStatus: Int32 {
        if failures == 0 { return 0 }
        if pagesShown > 0 { return 2 }
        return lastFailure?.mayPassOnRetry == true ? 75 : 1
    }
}

/// Fetches the first `pages` pages through the same ``FeedState`` the screen uses (so deduplication,
/// the last page and the stored first page behave the same), for plain and JSON output.
///
/// No retries: a failed fetch is reported and ends the run. When page 1 fails, the saved page is
/// reported first (marked saved), then the error.
public enum FeedPager {
    public static func run(
        pages wanted: Int,
        api: any RecentPhotosFetching,
        store: (any FirstPageStoring)?,
        configuration: FeedConfiguration = .init(),
        now: @Sendable () -> Date = { Date() },
        emit: (PagerEvent) -> Void
    ) async -> PagerOutcome {
        var state = FeedState(configuration: configuration)
        var outcome = PagerOutcome(pagesShown: 0, failures: 0)
        var effects = FeedModel().reduce(into: &state, action: .launched(saved: nil))
        while outcome.pagesShown < wanted, let request = firstFetch(in: effects) {
            let page: FlickrPage
            do {
                page = try await api.recentPhotos(page: request.page)
            } catch {
                outcome.failures += 1
                outcome.lastFailure = error
                if request.page == 1, let saved = store?.load(), !saved.page.photos.isEmpty {
                    emit(.page(report(saved)))
                    outcome.pagesShown += 1
                }
                emit(.error(error))
                _ = FeedModel().reduce(into: &state, action: .pageFailed(request, error))
                break
            }
            let before = state.photos.count
            let droppedBefore = state.droppedDuplicates
            effects = FeedModel().reduce(into: &state, action: .pageArrived(request, page, at: now()))
            var notSaved: [FeedStorageFailure] = []
            for case .save(let saved) in effects {
                do throws(DiskCacheError) {
                    try store?.save(saved)
                } catch {
                    notSaved.append(.firstPage(error))
                }
            }
            emit(
                .page(
                    PageReport(
                        page: request.page, source: .network,
                        photos: Array(state.photos[(request.page == 1 ? 0 : before)...]),
                        pages: page.pages, total: page.total,
                        dropped: state.droppedDuplicates - (request.page == 1 ? 0 : droppedBefore),
                        savedAt: nil
                    )))
            notSaved.forEach { emit(.notSaved($0)) }
            outcome.pagesShown += 1
            effects += FeedModel().reduce(into: &state, action: .viewed(lastVisibleIndex: state.photos.count - 1))
        }
        return outcome
    }

    private static func firstFetch(in effects: [FeedEffect]) -> PageRequest? {
        for case .fetch(let request) in effects { return request }
        return nil
    }

    private static func report(_ saved: SavedPage) -> PageReport {
        PageReport(
            page: saved.page.page, source: .saved, photos: saved.page.photos, pages: saved.page.pages,
            total: saved.page.total, dropped: 0, savedAt: saved.savedAt
        )
    }
}
