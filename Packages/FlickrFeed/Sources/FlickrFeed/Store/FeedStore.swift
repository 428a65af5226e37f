import Caching
import Foundation
import ImagePipeline
import Imaging
import Networking
import StateStore

/// The feed's store: the shared ``Store`` over ``FeedState``, reduced by ``FeedModel``, with
/// fetches, saves, backoff timers and picture loads interpreted by ``FeedEffects``.
///
/// The screen attaches once with `attach(_:)`, calls `send(_:)` for what the person does and
/// redraws from `state`.
///
/// ```swift
/// let feed = FeedStore(api: client, store: firstPageStore)
/// feed.attach { _ in context.requestRender() }
/// feed.launch()
/// ```
public typealias FeedStore = Store<FeedModel, FeedEffects>

extension Store where R == FeedModel, Interpreter == FeedEffects {
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
            reducer: FeedModel(),
            interpreter: FeedEffects(
                api: api, store: store, pictures: pictures, now: now, sleep: sleep, animates: configuration.animates))
    }

    /// Shows the saved page at once (if there is one) and asks for a fresh page 1.
    public func launch() {
        send(.launched(saved: interpreter.savedPage()))
    }
}

/// What the feed's effects do: fetch through the API, store page 1, wait out backoffs, load
/// pictures; the results come back as actions. The store owns the tasks.
@MainActor
public struct FeedEffects: EffectInterpreting {
    private let api: any RecentPhotosFetching
    private let store: (any FirstPageStoring)?
    private let pictures: FeedPictureLoader?
    private let now: @Sendable () -> Date
    private let sleep: @Sendable (Duration) async throws -> Void
    /// False with `--no-animation`: the large view keeps an animation's first frame.
    private let animates: Bool

    /// The priorities of the thumbnail loads in flight, which a scroll raises or lowers.
    private let priorities = LoadPriorities<String>()

    /// The ids of the feed's runs besides page fetches (a ``PageRequest`` is its own id).
    private enum RunID: Hashable, Sendable {
        case retry(token: Int)
        case thumbnail(photoID: String)
        case prefetch(photoID: String)
        case large
        case zoom
    }

    init(
        api: any RecentPhotosFetching, store: (any FirstPageStoring)?, pictures: FeedPictureLoader?,
        now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async throws -> Void,
        animates: Bool = true
    ) {
        self.api = api
        self.animates = animates
        self.store = store
        self.pictures = pictures
        self.now = now
        self.sleep = sleep
    }

    /// The page kept by the last session, if any.
    func savedPage() -> SavedPage? { store?.load() }

    public func work(for effect: FeedEffect) -> Work<FeedAction> {
        switch effect {
        case .fetch(let request):
            return .run(id: request) { [api, now] send in
                do throws(FlickrError) {
                    let page = try await api.recentPhotos(page: request.page)
                    await send(.pageArrived(request, page, at: now()))
                } catch {
                    await send(.pageFailed(request, error))
                }
            }
        case .cancel(let request):
            return .cancel(id: request)
        case .save(let saved):
            // On the spot, so two saves of page 1 are written in the order they were planned.
            do throws(DiskCacheError) {
                try store?.save(saved)
                return .none
            } catch {
                return .send(.notSaved(.firstPage(error)))
            }
        case .scheduleRetry(let delay, let token):
            return .run(id: RunID.retry(token: token)) { [sleep] send in
                guard (try? await sleep(delay)) != nil else { return }
                await send(.retryDue(token: token))
            }
        case .loadThumbnail(let photo, let size, let level):
            guard let pictures else { return .none }
            // A prefetch of the same picture would share its transfer at its own low priority.
            let stopPrefetch = Work<FeedAction>.cancel(id: RunID.prefetch(photoID: photo.id))
            if let bitmap = pictures.cached(photo, size: size) {
                return .merge([stopPrefetch, .send(.thumbnailLoaded(id: photo.id, .loaded(bitmap)))])
            }
            let priority = priorities.start(photo.id, at: level)
            return .merge([stopPrefetch, .run(id: RunID.thumbnail(photoID: photo.id)) { [priorities] send in
                let loaded = await pictures.loadPlayable(photo, size: size, priority: priority)
                await priorities.finish(photo.id, priority)
                await send(.thumbnailLoaded(id: photo.id, loaded.outcome))
                if let notKept = loaded.notKept { await send(.notSaved(.pictures(notKept))) }
            }])
        case .prioritizeThumbnail(let id, let level):
            priorities.change(id, to: level)
            return .none
        case .prefetchThumbnails(let photos, let size):
            guard let pictures else { return .none }
            return .merge(photos.map { photo in
                .run(id: RunID.prefetch(photoID: photo.id), inFlight: .keep) { _ in
                    await pictures.prefetch(photo, size: size)
                }
            })
        case .cancelThumbnail(let id):
            priorities.forget(id)
            return .cancel(id: RunID.thumbnail(photoID: id))
        case .loadLarge(let photo, let size):
            guard let pictures else { return .cancel(id: RunID.large) }
            return .run(id: RunID.large) { [sleep, animates] send in
                let loaded = await send.relaying({ .largeProgress(id: photo.id, $0) }) { progress in
                    await pictures.loadPlayable(photo, size: size, progress: progress)
                }
                await send(.largeLoaded(id: photo.id, loaded.outcome))
                if let notKept = loaded.notKept { await send(.notSaved(.pictures(notKept))) }
                let animation = loaded.animation
                // An animation plays while the view is open: closing it cancels this run.
                guard animates, let animation else { return }
                await FrameSource.play(animation, fitting: size, keepingUpTo: FrameSource.screenKeptLimit, sleep: sleep) { frame in
                    await send(.largeFrame(id: photo.id, frame))
                }
            }
        case .cancelLarge:
            return .cancel(id: RunID.large)
        case .loadZoomSource(let photo, let largest):
            guard let pictures else { return .none }
            return .run(id: RunID.zoom) { send in
                let result = await pictures.zoomSource(photo, largest: largest)
                await send(.zoomSourceLoaded(id: photo.id, largest: largest, result))
            }
        case .cancelZoomSource:
            return .cancel(id: RunID.zoom)
        }
    }
}
