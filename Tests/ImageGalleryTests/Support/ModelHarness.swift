import Foundation
import ImageGallery

/// Drives ``GalleryModel`` directly: no store, no tasks, every effect visible.
///
/// Keeps the loads in flight from the effects alone, as a store's effect runner does: a `.load`
/// starts one, a `.cancel` or its result ends it. Item `i` is the one at `Fixture.url(i + 1)`.
struct ModelHarness {
    var state: GalleryState
    private(set) var effects: [GalleryEffect] = []
    /// The load in flight for each item id.
    private var inFlight: [Int: LoadToken] = [:]
    /// The item id every load was for.
    private var items: [LoadToken: Int] = [:]
    private let urls: [URL]

    init(count: Int = 6, configuration: GalleryConfiguration = .init(), layout: GalleryLayout? = Fixture.layout()) {
        urls = Fixture.urls(count)
        state = GalleryState(urls: urls, configuration: configuration)
        if let layout { send(.layoutChanged(layout)) }
    }

    /// Applies `action` and keeps its effects in ``effects``.
    @discardableResult
    mutating func send(_ action: GalleryAction) -> [GalleryEffect] {
        effects = GalleryModel().reduce(into: &state, action: action)
        if case .loadFinished(let token, _) = action { end(token) }
        for effect in effects {
            switch effect {
            case .load(let request):
                guard let id = urls.firstIndex(of: request.url) else { preconditionFailure("no item at \(request.url)") }
                items[request.token] = id
                inFlight[id] = request.token
            case .cancel(let token):
                end(token)
            case .scheduleTick, .prioritize, .play, .stopPlaying:
                break
            }
        }
        return effects
    }

    private mutating func end(_ token: LoadToken) {
        if let id = items[token], inFlight[id] == token { inFlight[id] = nil }
    }

    /// The item id a load was for.
    func item(of token: LoadToken) -> Int? { items[token] }

    /// The item ids the last action started loads for.
    var started: [Int] { effects.compactMap { if case .load(let request) = $0 { items[request.token] } else { nil } } }
    /// The item ids the last action cancelled loads of.
    var cancelled: [Int] { effects.compactMap { if case .cancel(let token) = $0 { items[token] } else { nil } } }
    /// The requests the last action made.
    var requests: [LoadRequest] { effects.compactMap { if case .load(let request) = $0 { request } else { nil } } }

    /// The token of the load in flight for item `id`.
    func token(_ id: Int) -> LoadToken? { inFlight[id] }

    /// Completes the load in flight for item `id`.
    @discardableResult
    mutating func finish(_ id: Int, _ result: Result<LoadedPicture, LoadFailure>) -> [GalleryEffect] {
        guard let token = token(id) else { preconditionFailure("no load in flight for item \(id)") }
        return send(.loadFinished(token, result))
    }

    /// Loads every item in flight successfully.
    mutating func finishAll(with picture: LoadedPicture = Fixture.picture()) {
        while let id = inFlight.keys.min() { finish(id, .success(picture)) }
    }

    /// The ids of the items, in display order.
    var order: [Int] { state.items.map(\.id.rawValue) }

    /// The status of item `id`.
    func status(_ id: Int) -> LoadStatus? { state.item(ItemID(id))?.status }

    /// Runs the removal animation to its end with ticks `step` apart, starting at `start`.
    mutating func runRemoval(from start: Duration = .seconds(10), step: Duration = .milliseconds(16)) {
        var now = start
        while state.removal != nil {
            send(.tick(now: now))
            now += step
        }
    }
}
