import Foundation
import StateStore

/// The gallery's store: the shared ``Store`` over ``GalleryState``, reduced by ``GalleryModel`` and
/// with its loads run by ``GalleryEffects``.
///
/// Lives on the main actor beside the screen: a screen calls `send(_:)` for input, attaches once
/// with `attach(_:)` and reads `state` to render.
///
/// ```swift
/// let store = GalleryStore(state: GalleryState(urls: urls), loader: PipelineGalleryLoader(pipeline: pipeline))
/// store.attach { _ in context.requestRender() }
/// store.send(.layoutChanged(layout))
/// ```
public typealias GalleryStore = Store<GalleryState, GalleryEffects>

extension Store where State == GalleryState, Effects == GalleryEffects {
    /// A store for `state` whose loads go through `loader`.
    public convenience init(state: GalleryState, loader: any GalleryImageLoading) {
        self.init(state: state, reduce: GalleryModel.reduce, effects: GalleryEffects(loader: loader))
    }

    /// Called when an animation needs another ``GalleryAction/tick(now:)``.
    public var onTickRequested: (@MainActor () -> Void)? {
        get { effects.onTickRequested }
        set { effects.onTickRequested = newValue }
    }

    /// Waits until no load is in flight, including loads started by the results of earlier ones.
    ///
    /// Only returns once the loader answers every request; plain mode and tests use it.
    public func waitUntilIdle() async {
        await effects.waitUntilIdle()
    }

    /// The number of load tasks still running (cancelled ones finish by themselves).
    var runningLoadCount: Int { effects.runningLoadCount }
}

/// Runs the gallery's effects with the injected loader. Every load is a child `Task` that can be
/// cancelled; cancelling it cancels the loader's work (the connection closes).
@MainActor
public final class GalleryEffects: EffectRunning {
    /// Called when an animation needs another tick.
    public var onTickRequested: (@MainActor () -> Void)?

    private let loader: any GalleryImageLoading
    private var tasks: [LoadToken: Task<Void, Never>] = [:]

    /// Effects whose loads go through `loader`.
    public init(loader: any GalleryImageLoading) {
        self.loader = loader
    }

    public func run(_ effect: GalleryEffect, send: @escaping @MainActor (GalleryAction) -> Void) {
        switch effect {
        case .load(let request):
            start(request, send: send)
        case .cancel(let token):
            tasks.removeValue(forKey: token)?.cancel()
        case .scheduleTick:
            onTickRequested?()
        }
    }

    func waitUntilIdle() async {
        while let task = tasks.values.first {
            await task.value
        }
    }

    var runningLoadCount: Int { tasks.count }

    private func start(_ request: LoadRequest, send: @escaping @MainActor (GalleryAction) -> Void) {
        let loader = self.loader
        tasks[request.token] = Task { [weak self] in
            let result: Result<LoadedPicture, LoadFailure>
            do {
                let token = request.token
                result = .success(try await loader.load(
                    request.url, targetSize: request.targetSize, policy: request.policy
                ) { progress in Task { @MainActor in send(.loadProgressed(token, progress)) } })
            } catch {
                result = .failure(LoadFailure(error))
            }
            guard let self else { return }
            // A cancelled load was already removed; its late result is dropped by the model too.
            guard self.tasks.removeValue(forKey: request.token) != nil else { return }
            send(.loadFinished(request.token, result))
        }
    }
}
