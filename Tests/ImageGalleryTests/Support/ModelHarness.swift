import Foundation
import ImageGallery

/// Drives ``GalleryModel`` directly: no store, no tasks, every effect visible.
struct ModelHarness {
    var state: GalleryState
    private(set) var effects: [GalleryEffect] = []

    init(count: Int = 6, configuration: GalleryConfiguration = .init(), layout: GalleryLayout? = Fixture.layout()) {
        state = GalleryState(urls: Fixture.urls(count), configuration: configuration)
        if let layout { send(.layoutChanged(layout)) }
    }

    /// Applies `action` and keeps its effects in ``effects``.
    @discardableResult
    mutating func send(_ action: GalleryAction) -> [GalleryEffect] {
        effects = GalleryModel.reduce(&state, action)
        return effects
    }

    /// The item ids the last action started loads for.
    var started: [Int] { effects.compactMap { if case .load(let request) = $0 { request.token.itemID.rawValue } else { nil } } }
    /// The item ids the last action cancelled loads of.
    var cancelled: [Int] { effects.compactMap { if case .cancel(let token) = $0 { token.itemID.rawValue } else { nil } } }
    /// The requests the last action made.
    var requests: [LoadRequest] { effects.compactMap { if case .load(let request) = $0 { request } else { nil } } }

    /// The token of the load in flight for item `id`.
    func token(_ id: Int) -> LoadToken? { state.loadsInFlight[ItemID(id)] }

    /// Completes the load in flight for item `id`.
    @discardableResult
    mutating func finish(_ id: Int, _ result: Result<LoadedPicture, LoadFailure>) -> [GalleryEffect] {
        guard let token = token(id) else { preconditionFailure("no load in flight for item \(id)") }
        return send(.loadFinished(token, result))
    }

    /// Loads every item in flight successfully.
    mutating func finishAll(with picture: LoadedPicture = Fixture.picture()) {
        while let id = state.loadsInFlight.keys.min() { finish(id.rawValue, .success(picture)) }
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
