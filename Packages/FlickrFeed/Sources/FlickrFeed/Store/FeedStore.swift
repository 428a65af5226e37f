import ErrorReporting
import Foundation
import Imaging
import Networking
import StateStore

/// The feed's store: the shared ``Store`` over ``FeedState``, reduced by ``FeedState/apply(_:)``,
/// with fetches, saves and backoff timers run by ``FeedEffects``.
///
/// The screen attaches once with `attach(_:)`, calls `send(_:)` for what the person does and
/// redraws from `state`.
///
/// ```swift
/// let feed = FeedStore(api: client, store: firstPageStore)
/// feed.attach { _ in context.requestRender() }
/// feed.launch()
/// ```
public typealias FeedStore = Store<FeedState, FeedEffects>

extension Store where State == FeedState, Effects == FeedEffects {
    /// - Parameters:
    ///   - api: where pages come from.
    ///   - store: where page 1 is kept between launches; nil keeps nothing.
    ///   - configuration: paging and backoff.
    ///   - now: the clock that stamps saved pages.
    ///   - sleep: how backoffs wait (tests pass a quick one).
    ///   - pictures: where the cells' pictures come from; nil loads none (plain mode, most tests).
    public convenience init(
        api: any RecentPhotosFetching,
        store: (any FirstPageStoring)?,
        configuration: FeedConfiguration = .init(),
        now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        pictures: FeedPictureLoader? = nil
    ) {
        self.init(
            state: FeedState(configuration: configuration),
            reduce: { state, action in state.apply(action) },
            effects: FeedEffects(api: api, store: store, pictures: pictures, now: now, sleep: sleep))
    }

    /// Shows the saved page at once (if there is one) and asks for a fresh page 1.
    public func launch() {
        send(.launched(saved: effects.savedPage()))
    }

    /// Called when page 1 could not be stored (the feed goes on; the next launch misses it).
    package var onStoreError: (@MainActor (FirstPageStoreError) -> Void)? {
        get { effects.onStoreError }
        set { effects.onStoreError = newValue }
    }

    /// Waits until no page is on its way (timers for retries are not waited for).
    package func waitForPendingFetches() async {
        await effects.waitForPendingFetches()
    }

    /// Waits until no picture is on its way.
    func waitForPictures() async {
        await effects.waitForPictures()
    }

    /// Cancels every fetch, timer and picture load, for the end of the program.
    public func stop() {
        effects.stop()
    }
}

/// Runs the feed's effects: fetch through the API, store page 1, wait out backoffs; the results
/// come back as actions.
@MainActor
public final class FeedEffects: EffectRunning {
    /// Called when page 1 could not be stored.
    var onStoreError: (@MainActor (FirstPageStoreError) -> Void)?

    private let api: any RecentPhotosFetching
    private let store: (any FirstPageStoring)?
    private let pictures: FeedPictureLoader?
    private let now: @Sendable () -> Date
    private let sleep: @Sendable (Duration) async throws -> Void
    private var fetches: [PageRequest: Task<Void, Never>] = [:]
    private var timers: [Int: Task<Void, Never>] = [:]
    private var thumbnailLoads: [String: Task<Void, Never>] = [:]
    private var thumbnailPriorities: [String: RequestPriority] = [:]
    private var prefetches: [String: Task<Void, Never>] = [:]
    private var largeLoad: Task<Void, Never>?

    init(
        api: any RecentPhotosFetching, store: (any FirstPageStoring)?, pictures: FeedPictureLoader?,
        now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async throws -> Void
    ) {
        self.api = api
        self.store = store
        self.pictures = pictures
        self.now = now
        self.sleep = sleep
    }

    public func run(_ effect: FeedEffect, send: @escaping @MainActor (FeedAction) -> Void) {
        switch effect {
        case .fetch(let request):
            fetches[request] = Task { [api] in
                let result: Result<FlickrPage, FlickrError>
                do throws(FlickrError) {
                    result = .success(try await api.recentPhotos(page: request.page))
                } catch {
                    result = .failure(error)
                }
                self.finishFetch(request, with: result, send: send)
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
                send(.retryDue(token: token))
            }
        case .loadThumbnail(let photo, let size, let level):
            loadThumbnail(photo, size: size, priority: level, send: send)
        case .prioritizeThumbnail(let id, let level):
            thumbnailPriorities[id]?.level = level
        case .prefetchThumbnails(let photos, let size):
            guard let pictures else { return }
            for photo in photos where prefetches[photo.id] == nil {
                prefetches[photo.id] = Task {
                    await pictures.prefetch(photo, size: size)
                    self.prefetches[photo.id] = nil
                }
            }
        case .cancelThumbnail(let id):
            thumbnailLoads.removeValue(forKey: id)?.cancel()
            thumbnailPriorities[id] = nil
        case .loadLarge(let photo, let size):
            largeLoad?.cancel()
            guard let pictures else { return }
            largeLoad = Task {
                let outcome = await pictures.load(photo, size: size) { progress in
                    Task { @MainActor in send(.largeProgress(id: photo.id, progress)) }
                }
                guard !Task.isCancelled else { return }
                send(.largeLoaded(id: photo.id, outcome))
            }
        case .cancelLarge:
            largeLoad?.cancel()
            largeLoad = nil
        }
    }

    private func loadThumbnail(
        _ photo: FlickrPhoto, size: PixelSize, priority level: RequestPriority.Level,
        send: @escaping @MainActor (FeedAction) -> Void
    ) {
        guard let pictures else { return }
        // A prefetch of the same picture would share its transfer at its own low priority.
        prefetches.removeValue(forKey: photo.id)?.cancel()
        if let bitmap = pictures.cached(photo, size: size) {
            send(.thumbnailLoaded(id: photo.id, .loaded(bitmap)))
            return
        }
        thumbnailLoads[photo.id]?.cancel()
        let priority = RequestPriority(level)
        thumbnailPriorities[photo.id] = priority
        thumbnailLoads[photo.id] = Task {
            let outcome = await pictures.load(photo, size: size, priority: priority)
            if self.thumbnailPriorities[photo.id] === priority { self.thumbnailPriorities[photo.id] = nil }
            // A cancelled load was removed already; its late answer is not wanted.
            guard self.thumbnailLoads.removeValue(forKey: photo.id) != nil else { return }
            send(.thumbnailLoaded(id: photo.id, outcome))
        }
    }

    /// Waits until no picture is on its way (tests and the one-frame render use it).
    func waitForPictures() async {
        while let task = thumbnailLoads.values.first {
            await task.value
        }
        await largeLoad?.value
    }

    func savedPage() -> SavedPage? { store?.load() }

    func waitForPendingFetches() async {
        while let task = fetches.values.first {
            await task.value
        }
    }

    func stop() {
        for task in fetches.values { task.cancel() }
        for task in timers.values { task.cancel() }
        for task in thumbnailLoads.values { task.cancel() }
        for task in prefetches.values { task.cancel() }
        prefetches = [:]
        thumbnailPriorities = [:]
        largeLoad?.cancel()
        fetches = [:]
        timers = [:]
        thumbnailLoads = [:]
        largeLoad = nil
    }

    private func finishFetch(
        _ request: PageRequest, with result: Result<FlickrPage, FlickrError>,
        send: @MainActor (FeedAction) -> Void
    ) {
        // A cancelled fetch was replaced (refresh) or the program is ending: its answer is not wanted.
        guard fetches.removeValue(forKey: request) != nil else { return }
        switch result {
        case .success(let page): send(.pageArrived(request, page, at: now()))
        case .failure(let error): send(.pageFailed(request, error))
        }
    }
}
