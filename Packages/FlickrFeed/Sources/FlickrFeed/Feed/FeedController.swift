import ErrorReporting
import Foundation

/// Runs the feed: keeps the ``FeedState``, applies actions and performs the effects they ask for
/// (fetch through the API, store page 1, wait out backoffs), sending the results back as actions.
///
/// The screen calls ``send(_:)`` for what the person does and redraws from ``state`` in ``onChange``.
///
/// ```swift
/// let controller = FeedController(api: client, store: store)
/// controller.onChange = { _ in context.requestRender() }
/// controller.launch()
/// ```
@MainActor
public final class FeedController {
    /// The feed now.
    public private(set) var state: FeedState
    /// Called after every action, with the new state.
    public var onChange: (@MainActor (FeedState) -> Void)?
    /// Called when page 1 could not be stored (the feed goes on; the next launch misses it).
    public var onStoreError: (@MainActor (FirstPageStoreError) -> Void)?

    private let api: any RecentPhotosFetching
    private let store: (any FirstPageStoring)?
    private let now: @Sendable () -> Date
    private let sleep: @Sendable (Duration) async throws -> Void
    private var fetches: [PageRequest: Task<Void, Never>] = [:]
    private var timers: [Int: Task<Void, Never>] = [:]

    /// - Parameters:
    ///   - api: where pages come from.
    ///   - store: where page 1 is kept between launches; nil keeps nothing.
    ///   - configuration: paging and backoff.
    ///   - now: the clock that stamps saved pages.
    ///   - sleep: how backoffs wait (tests pass a quick one).
    public init(
        api: any RecentPhotosFetching,
        store: (any FirstPageStoring)?,
        configuration: FeedConfiguration = .init(),
        now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.api = api
        self.store = store
        self.now = now
        self.sleep = sleep
        state = FeedState(configuration: configuration)
    }

    /// Shows the saved page at once (if there is one) and asks for a fresh page 1.
    public func launch() {
        send(.launched(saved: store?.load()))
    }

    /// Applies `action` and starts the work it asks for.
    public func send(_ action: FeedAction) {
        let effects = state.apply(action)
        onChange?(state)
        for effect in effects { perform(effect) }
    }

    /// Waits until no page is on its way (timers for retries are not waited for).
    public func waitForPendingFetches() async {
        while let task = fetches.values.first {
            await task.value
        }
    }

    /// Cancels every fetch and timer, for the end of the program.
    public func stop() {
        for task in fetches.values { task.cancel() }
        for task in timers.values { task.cancel() }
        fetches = [:]
        timers = [:]
    }

    private func perform(_ effect: FeedEffect) {
        switch effect {
        case .fetch(let request):
            fetches[request] = Task { [api] in
                let result: Result<FlickrPage, FlickrError>
                do throws(FlickrError) {
                    result = .success(try await api.recentPhotos(page: request.page))
                } catch {
                    result = .failure(error)
                }
                self.finishFetch(request, with: result)
            }
        case .cancel(let request):
            fetches.removeValue(forKey: request)?.cancel()
        case .save(let saved):
            do {
                try store?.save(saved)
            } catch {
                onStoreError?(error)
            }
        case .scheduleRetry(let delay, let token):
            timers[token] = Task { [sleep] in
                do {
                    try await sleep(delay)
                } catch {
                    return
                }
                self.timers[token] = nil
                self.send(.retryDue(token: token))
            }
        }
    }

    private func finishFetch(_ request: PageRequest, with result: Result<FlickrPage, FlickrError>) {
        // A cancelled fetch was replaced (refresh) or the program is ending: its answer is not wanted.
        guard fetches.removeValue(forKey: request) != nil else { return }
        switch result {
        case .success(let page): send(.pageArrived(request, page, at: now()))
        case .failure(let error): send(.pageFailed(request, error))
        }
    }
}
