import ErrorReporting
import Foundation
import ImageGallery
import TerminalUI

/// The gallery's full-screen view: turns terminal events into ``GalleryAction``s for its store and
/// renders the store's state with ``GalleryRenderer``. No business logic lives here.
@MainActor
final class GalleryScreen: TerminalScreen {
    let store: GalleryStore
    private var renderer: GalleryRenderer
    /// Subscribes to the network's comings and goings; called once the screen is attached, so the
    /// first value it yields is the state at that moment, not a stale one from before the first loads.
    private let connectivityUpdates: (@Sendable () -> AsyncStream<Bool>)?
    private var context: ScreenContext?
    private var measuredSize: TerminalSize?
    /// Where the left button went down or last dragged, while it is held (the full view's drag).
    private var dragFrom: (column: Int, row: Int)?
    /// The last click on a cell, to tell a double click (which opens the full view).
    private var lastTap: (index: Int, at: ContinuousClock.Instant)?
    /// Two clicks on one cell closer than this are a double click.
    static let doubleClickInterval = Duration.milliseconds(400)

    init(store: GalleryStore, language: Language, connectivityUpdates: (@Sendable () -> AsyncStream<Bool>)?) {
        self.store = store
        self.renderer = GalleryRenderer(language: language)
        self.connectivityUpdates = connectivityUpdates
    }

    /// Before the first frame: keep the context, so loads that finish before any key redraw, and
    /// tell the model the layout the first frame will have.
    func start(context: ScreenContext) {
        attach(context)
        measure(context.size)
        keepSpinning()
    }

    func handle(_ event: Event, context: ScreenContext) {
        attach(context)
        if event == .tick {
            // The spinner turns one frame per tick (ticks come every Spinner.interval while
            // anything loads), so a render draws what the events left, never what a clock says.
            renderer.spinnerPhase += 1
            keepSpinning()
            return
        }
        measure(context.size)
        let geometry = renderer.geometry(size: context.size)
        let input = GalleryInput.interpret(event, geometry: geometry, state: store.state, mode: renderer.imageMode,
                                           dragFrom: dragFrom)
        followDrag(event)
        switch input {
        case .action(.tap(let index)) where isDoubleClick(on: index):
            store.send(.openFullView(index: index, screen: GalleryInput.fullViewPixels(geometry, mode: renderer.imageMode)))
        case .action(let action): store.send(action)
        case .toggleFit:
            renderer.fitsHeight.toggle()
            store.send(.layoutChanged(renderer.geometry(size: context.size).galleryLayout))
        case .quit: context.quit()
        case .ignore: break
        }
        keepSpinning()
    }

    /// Keeps where the left button is while it is held down.
    private func followDrag(_ event: Event) {
        guard case .mouse(let mouse) = event else { return }
        switch mouse.kind {
        case .press(.left), .drag(.left): dragFrom = (mouse.column, mouse.row)
        case .release: dragFrom = nil
        default: break
        }
    }

    /// True when a click on the cell at `index` follows one on it closer than ``doubleClickInterval``.
    /// Read as the event comes (never while drawing): a click's time is part of the event.
    private func isDoubleClick(on index: Int) -> Bool {
        let now = ContinuousClock.now
        defer { lastTap = (index, now) }
        guard let lastTap, lastTap.index == index else { return false }
        return now - lastTap.at < Self.doubleClickInterval
    }

    /// Draws the state as it is: the layout arrived as an action from the event loop, never from
    /// here, and the spinner's phase from the ticks; it reads no clock and changes nothing.
    func render(size: TerminalSize) -> Frame {
        renderer.render(store.state, size: size)
    }

    /// Tells the model the layout when the terminal's size is new.
    private func measure(_ size: TerminalSize) {
        guard size != measuredSize else { return }
        measuredSize = size
        store.send(.layoutChanged(renderer.geometry(size: size).galleryLayout))
    }

    private func attach(_ context: ScreenContext) {
        guard self.context == nil else { return }
        self.context = context
        renderer.imageMode = context.imageMode
        renderer.playsAnimations = context.capabilities.playsAnimations
        store.attach { [weak context] _ in context?.requestRender() }
        if let connectivityUpdates {
            let store = self.store
            context.listen(to: connectivityUpdates()) { isOnline in
                store.send(.connectivityChanged(isOnline: isOnline))
            }
        }
        context.requestRender()
    }

    /// Keeps spinners turning while anything loads (a removal's frames come from the store).
    private func keepSpinning() {
        guard let context else { return }
        let state = store.state
        if state.hasLoadsInFlight || state.isRefreshing {
            context.scheduleTick(after: Spinner.interval)
        }
    }
}
