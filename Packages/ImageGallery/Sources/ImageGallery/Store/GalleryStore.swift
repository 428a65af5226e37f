import Foundation
import ImagePipeline
import Imaging
import Networking
import StateStore

/// The gallery's store: the shared ``Store`` over ``GalleryState``, reduced by ``GalleryModel``,
/// with its effects interpreted by ``GalleryEffects``.
///
/// Lives on the main actor beside the screen: a screen calls `send(_:)` for input, attaches once
/// with `attach(_:)` and reads `state` to render.
///
/// ```swift
/// let store = GalleryStore(state: GalleryState(urls: urls), loader: PipelineGalleryLoader(pipeline: pipeline))
/// store.attach { _ in context.requestRender() }
/// store.send(.layoutChanged(layout))
/// ```
public typealias GalleryStore = Store<GalleryModel, GalleryEffects>

extension Store where R == GalleryModel, Interpreter == GalleryEffects {
    /// A store for `state` whose loads go through `loader`, animated by `clock`.
    public convenience init<C: Clock & Sendable>(state: GalleryState, loader: any GalleryImageLoading, clock: C)
    where C.Duration == Duration {
        self.init(state: state, reducer: GalleryModel(), interpreter: GalleryEffects(loader: loader, clock: clock))
    }

    /// A store for `state` whose loads go through `loader`, animated by the continuous clock.
    public convenience init(state: GalleryState, loader: any GalleryImageLoading) {
        self.init(state: state, loader: loader, clock: ContinuousClock())
    }
}

/// What the gallery's effects do: a load goes through the injected loader, off the main actor, and
/// its result comes back as ``GalleryAction/loadFinished(_:_:)``; cancelling it cancels the
/// loader's work (the connection closes). An animation's next frame is a tick sent one frame
/// interval later by the injected clock. The store owns the tasks.
@MainActor
public struct GalleryEffects: EffectInterpreting {
    /// How long an animation waits between frames.
    package static let frameInterval = Duration.milliseconds(16)

    private let loader: any GalleryImageLoading
    /// The priorities of the loads in flight, which a scroll raises or lowers.
    private let priorities = LoadPriorities<LoadToken>()
    private let now: @Sendable () -> Duration
    private let sleep: @Sendable (Duration) async throws -> Void

    /// The one animation frame that can be pending: a new one replaces it.
    private struct NextFrame: Hashable, Sendable {}

    /// Effects whose loads go through `loader`, and whose animation frames `clock` times.
    public init<C: Clock & Sendable>(loader: any GalleryImageLoading, clock: C) where C.Duration == Duration {
        self.loader = loader
        let origin = clock.now
        now = { origin.duration(to: clock.now) }
        sleep = { try await clock.sleep(for: $0) }
    }

    public func work(for effect: GalleryEffect) -> Work<GalleryAction> {
        switch effect {
        case .load(let request):
            let priority = priorities.start(request.token, at: request.priority)
            return .run(id: request.token) { [loader, priorities] send in
                let token = request.token
                let result = await send.relaying({ .loadProgressed(token, $0) }) { progress in
                    do throws(LoadFailure) {
                        return Result<LoadedPicture, LoadFailure>.success(try await loader.load(
                            request.url, targetSize: request.targetSize, policy: request.policy, priority: priority,
                            progress: progress))
                    } catch {
                        return .failure(error)
                    }
                }
                await priorities.finish(token, priority)
                await send(.loadFinished(token, result))
            }
        case .loadOriginal(let token, let url):
            return .run(id: token) { [loader] send in
                let result: Result<ZoomSource, LoadFailure>
                do throws(LoadFailure) {
                    let data = try await loader.original(url)
                    do throws(ImagingError) {
                        result = .success(try ZoomSource(data: data))
                    } catch {
                        result = .failure(LoadFailure(error))
                    }
                } catch {
                    result = .failure(error)
                }
                await send(.originalLoaded(token, result))
            }
        case .cancel(let token):
            priorities.forget(token)
            return .cancel(id: token)
        case .prioritize(let token, let level):
            priorities.change(token, to: level)
            return .none
        case .play(let request):
            return .run(id: request.id) { [sleep] send in
                await FrameSource.play(request.animation, fitting: request.targetSize, keepingUpTo: request.keptLimit,
                                       sleep: sleep) { frame in
                    await send(.animationFrame(request.id, frame))
                }
            }
        case .stopPlaying(let playback):
            return .cancel(id: playback)
        case .scheduleTick:
            return .run(id: NextFrame()) { [now, sleep, interval = Self.frameInterval] send in
                guard (try? await sleep(interval)) != nil else { return }
                await send(.tick(now: now()))
            }
        }
    }
}
