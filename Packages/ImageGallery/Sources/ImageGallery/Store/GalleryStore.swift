import Foundation

/// Holds the gallery's state, runs the effects its model asks for with the injected loader, and
/// feeds the results back as actions.
///
/// Lives on the main actor beside the screen: a screen calls ``send(_:)`` for input and reads
/// ``state`` to render. Every load is a child `Task` the store can cancel; cancelling it cancels
/// the loader's work (the connection closes).
///
/// ```swift
/// let store = GalleryStore(state: GalleryState(urls: urls), loader: PipelineGalleryLoader(pipeline: pipeline))
/// store.onChange = { _ in context.requestRender() }
/// store.send(.layoutChanged(layout))
/// ```
@MainActor
public final class GalleryStore {
    /// The current state.
    public private(set) var state: GalleryState
    /// Called after every action, once the state has changed.
    public var onChange: (@MainActor (GalleryState) -> Void)?
    /// Called when an animation needs another ``GalleryAction/tick(now:)``.
    public var onTickRequested: (@MainActor () -> Void)?

    private let loader: any GalleryImageLoading
    private var tasks: [LoadToken: Task<Void, Never>] = [:]

    /// A store for `state` whose loads go through `loader`.
    public init(state: GalleryState, loader: any GalleryImageLoading) {
        self.state = state
        self.loader = loader
    }

    /// Applies `action` and starts or cancels the loads it asks for.
    public func send(_ action: GalleryAction) {
        let effects = GalleryModel.reduce(&state, action)
        for effect in effects { run(effect) }
        onChange?(state)
    }

    /// Waits until the load that is in flight for `id`, if any, has settled and been applied.
    public func waitForLoad(of id: ItemID) async {
        guard let token = state.loadsInFlight[id], let task = tasks[token] else { return }
        await task.value
    }

    /// Waits until no load is in flight, including loads started by the results of earlier ones.
    ///
    /// Only returns once the loader answers every request; plain mode and tests use it.
    public func waitUntilIdle() async {
        while let task = tasks.values.first {
            await task.value
        }
    }

    /// The number of load tasks still running (cancelled ones finish by themselves).
    public var runningLoadCount: Int { tasks.count }

    private func run(_ effect: GalleryEffect) {
        switch effect {
        case .load(let request):
            start(request)
        case .cancel(let token):
            tasks.removeValue(forKey: token)?.cancel()
        case .scheduleTick:
            onTickRequested?()
        }
    }

    private func start(_ request: LoadRequest) {
        let loader = self.loader
        tasks[request.token] = Task { [weak self] in
            let result: Result<LoadedPicture, LoadFailure>
            do {
                result = .success(try await loader.load(request.url, targetSize: request.targetSize, policy: request.policy))
            } catch {
                result = .failure(LoadFailure(error))
            }
            guard let self else { return }
            // A cancelled load was already removed; its late result is dropped by the model too.
            guard self.tasks.removeValue(forKey: request.token) != nil else { return }
            self.send(.loadFinished(request.token, result))
        }
    }
}
