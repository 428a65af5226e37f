import Foundation
import StateStore
import TestSupport
import Testing
@testable import ImageGallery

/// The gallery's store under test: a ``TestStore`` over the real store, whose loads go to a
/// ``MockImageLoader`` the test answers and whose animation frames wait on a ``ManualClock``.
///
/// A test sends actions as a person would, answers loads as the network would (`finish`), and runs
/// animations by moving the clock (`runRemoval`); every answer comes back into the state the way it
/// does in the app, through the effect that asked for it. Beside the state, it keeps what the last
/// action asked for: the loads it started and cancelled, by item id.
///
/// ```swift
/// let model = await GalleryTestStore()
/// await model.send(.scroll(by: 33))
/// #expect(model.started == [3, 4, 5])
/// await model.finish(3, .success(Fixture.picture()))
/// ```
@MainActor
final class GalleryTestStore {
    let test: TestStore<GalleryModel, GalleryEffects>
    let loader = MockImageLoader()
    let clock = ManualClock()
    private let urls: [URL]

    /// What the last action asked for, as the reducer returned it.
    private(set) var effects: [GalleryEffect] = []
    /// The item every load was for.
    private var items: [LoadToken: Int] = [:]
    /// Loads started so far; each must reach the loader before the test goes on.
    private var loadsStarted = 0
    /// Time the clock has been moved on by.
    private var elapsed = Duration.zero

    init(count: Int = 6, configuration: GalleryConfiguration = .init(), layout: GalleryLayout? = Fixture.layout()) async {
        urls = Fixture.urls(count)
        let state = GalleryState(urls: urls, configuration: configuration)
        test = TestStore(GalleryStore(state: state, loader: loader, clock: clock), exhaustive: false)
        if let layout { await send(.layoutChanged(layout)) }
    }

    /// The state as the store holds it now.
    var state: GalleryState { test.store.state }

    /// Whether every change must be asserted (``TestStore/exhaustive``): off for the set-up a test
    /// does not spell out, on for what it is about.
    var exhaustive: Bool {
        get { test.exhaustive }
        set { test.exhaustive = newValue }
    }

    /// Sends `action`, checks the state against `expected` (which names only the fields it cares
    /// about), and waits until every load it started has reached the loader.
    @discardableResult
    func send(
        _ action: GalleryAction, _ expected: (inout GalleryState) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> [GalleryEffect] {
        note(effectsOf: action)
        test.send(action, expected, sourceLocation: sourceLocation)
        await loader.waitForRequests(loadsStarted)
        return effects
    }

    /// Answers the load in flight for item `id` through the loader, receives its result, and checks
    /// the state against `expected`.
    func finish(
        _ id: Int, _ result: Result<LoadedPicture, LoadFailure>, _ expected: (inout GalleryState) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        guard let token = token(id) else {
            Issue.record("no load in flight for item \(id)", sourceLocation: sourceLocation)
            return
        }
        await loader.waitForRequests(loadsStarted)
        switch result {
        case .success(let picture): loader.succeed(urls[id], with: picture)
        case .failure(let failure): loader.fail(urls[id], with: failure)
        }
        let action = GalleryAction.loadFinished(token, result)
        note(effectsOf: action)
        await test.receive(action, expected, sourceLocation: sourceLocation)
        await loader.waitForRequests(loadsStarted)
    }

    /// Loads every item in flight successfully, the lowest id first.
    func finishAll(with picture: LoadedPicture = Fixture.picture()) async {
        while let id = state.inFlight.keys.map(\.rawValue).min() {
            await finish(id, .success(picture))
        }
    }

    /// Runs the removal animation to its end: the clock moves one frame at a time, and each frame's
    /// tick comes back from the effect that waited for it.
    func runRemoval(sourceLocation: SourceLocation = #_sourceLocation) async {
        while state.removal != nil {
            await clock.waitForSleepers(sourceLocation: sourceLocation)
            guard clock.sleeperCount > 0 else { return }
            clock.advance(by: GalleryEffects.frameInterval)
            elapsed += GalleryEffects.frameInterval
            let tick = GalleryAction.tick(now: elapsed)
            note(effectsOf: tick)
            await test.receive(tick, sourceLocation: sourceLocation)
            // The cell that moves up into view starts loading on a tick.
            await loader.waitForRequests(loadsStarted)
        }
    }

    /// The item ids the last action started loads for.
    var started: [Int] { requests.compactMap { items[$0.token] } }
    /// The item ids the last action cancelled loads of.
    var cancelled: [Int] { effects.compactMap { if case .cancel(let token) = $0 { items[token] } else { nil } } }
    /// The requests the last action made.
    var requests: [LoadRequest] { effects.compactMap { if case .load(let request) = $0 { request } else { nil } } }

    /// The token of the load in flight for item `id`.
    func token(_ id: Int) -> LoadToken? { state.inFlight[ItemID(id)] }

    /// The item id a load was for.
    func item(of token: LoadToken) -> Int? { items[token] }

    /// The ids of the items, in display order.
    var order: [Int] { state.items.map(\.id.rawValue) }

    /// The status of item `id`.
    func status(_ id: Int) -> LoadStatus? { state.item(ItemID(id))?.status }

    /// Keeps what the reducer asks for on `action` from the state it is about to handle: the reducer
    /// is a pure function, so this is what the store's interpreter is about to run.
    private func note(effectsOf action: GalleryAction) {
        var preview = state
        effects = GalleryModel().reduce(into: &preview, action: action)
        for case .load(let request) in effects {
            guard let id = urls.firstIndex(of: request.url) else { preconditionFailure("no item at \(request.url)") }
            items[request.token] = id
            loadsStarted += 1
        }
    }
}

extension GalleryState {
    /// What starting a load of cell `index` changes besides the cell itself, as an exhaustive
    /// test states it: one generation newer, the load's token under it, and the priority of a
    /// cell on screen (below `onScreenEnd`) or of one loaded ahead.
    mutating func expectLoadToken(for index: Int, onScreenEnd: Int) {
        let id = items[index].id
        lastGeneration += 1
        inFlight[id] = LoadToken(itemID: id, generation: lastGeneration)
        inFlightPriority[id] = index < onScreenEnd ? .high : .normal
    }
}
