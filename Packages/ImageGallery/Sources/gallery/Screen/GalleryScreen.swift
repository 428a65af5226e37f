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
        switch GalleryInput.interpret(event, geometry: renderer.geometry(size: context.size), state: store.state) {
        case .action(let action): store.send(action)
        case .toggleFit:
            renderer.fitsHeight.toggle()
            store.send(.layoutChanged(renderer.geometry(size: context.size).galleryLayout))
        case .quit: context.quit()
        case .ignore: break
        }
        keepSpinning()
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
