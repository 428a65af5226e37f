import ErrorReporting
import FlickrFeed
import Foundation
import Imaging
import Networking
import TerminalUI

/// The full-screen feed: maps keys and the mouse to feed actions, tells the model what it shows
/// (``FeedViewport``), and draws the store's state through ``FeedView``. The model plans every
/// picture load; the screen starts none.
@MainActor
final class FeedScreen: TerminalScreen {
    let store: FeedStore
    private let connectivity: Connectivity?
    private let language: Language
    private var context: ScreenContext?
    private var size = TerminalSize(columns: 80, rows: 24)
    /// The clock the "saved 9 s ago" line reads: read when an event or a change of the feed
    /// arrives (a tick every second while the age shows), never by `render`.
    private let now: () -> Date
    /// The time the next frame shows, as of the last event or change.
    private var shownTime: Date
    /// Where the left button went down or last dragged in the large view, while it is held.
    private var dragFrom: (column: Int, row: Int)?

    init(store: FeedStore, connectivity: Connectivity?, language: Language, now: @escaping () -> Date = { Date() }) {
        self.store = store
        self.connectivity = connectivity
        self.language = language
        self.now = now
        shownTime = now()
    }

    /// Called once before the first frame: starts the feed (the saved page at once, a fresh page 1
    /// requested) and the connectivity watch.
    func start(context: ScreenContext) {
        guard self.context == nil else { return }
        self.context = context
        size = context.size
        store.attach { [weak self] _ in self?.feedChanged() }
        if let connectivity {
            context.listen(to: connectivity.updates()) { [weak self] online in
                self?.store.send(.connectivityChanged(isOnline: online))
            }
        }
        store.launch()
        reportViewport(topRow: store.state.topRow)
    }

    func handle(_ event: Event, context: ScreenContext) {
        shownTime = now()
        if HelpOverlay.toggles(event, showing: store.state.isShowingHelp) {
            // While the help shows, q still quits; any other key only closes it.
            if store.state.isShowingHelp, case .key(.character("q")) = event { return context.quit() }
            return store.send(.toggleHelp)
        }
        switch event {
        case .resize(let newSize):
            size = newSize
            reportViewport(topRow: store.state.topRow)
            if store.state.openIndex != nil { store.send(.zoom(.resize(zoomPixels))) }
        case .key(let key):
            handle(key, context: context)
        case .mouse(let mouse):
            handle(mouse)
        case .tick:
            // The saved page's age and a refresh's wait move on with no key pressed.
            context.requestRender()
            keepClockMoving()
        case .paste:
            break
        }
    }

    func render(size: TerminalSize) -> Frame {
        let state = store.state
        return view.render(state, FeedViewState(state), size: size)
    }

    private var view: FeedView {
        FeedView(
            language: language, imageMode: context?.imageMode ?? .trueColor, now: shownTime,
            isOffline: store.state.isNetworkDown || store.state.pictures.isOffline)
    }

    // MARK: - Input

    private func handle(_ key: Key, context: ScreenContext) {
        if store.state.openIndex != nil {
            switch key {
            case .enter: return store.send(.closed)
            case .character("r"), .control("r"): return store.send(.refresh)
            case .control("d"): return context.quit()
            default: break
            }
            switch FullView.interpret(.key(key), size: size, mode: imageMode, dragFrom: nil, caption: true) {
            case .zoom(let command): store.send(.zoom(command))
            case .close: store.send(.closed)
            case .quit: context.quit()
            case .toggleHelp: store.send(.toggleHelp)
            case .beginDrag, .ignore: break
            }
            return
        }
        let state = store.state
        var grid = self.grid
        let height = layout.gridRect.height
        switch key {
        case .character("q"), .control("d"): context.quit()
        case .character("r"), .control("r"): store.send(.refresh)
        case .character(" "): select(state.selection + layout.visibleRows * layout.columns)
        case .character("g"): select(0)
        case .character("G"): select(state.photos.count - 1)
        case .enter: open(state.selection)
        default:
            guard grid.handle(key, itemCount: state.photos.count, height: height) else { return }
            select(grid.selection)
        }
    }

    private func handle(_ mouse: MouseEvent) {
        guard store.state.openIndex == nil else {
            let input = FullView.interpret(.mouse(mouse), size: size, mode: imageMode, dragFrom: dragFrom, caption: true)
            switch mouse.kind {
            case .press(.left), .drag(.left): dragFrom = (mouse.column, mouse.row)
            case .release: dragFrom = nil
            default: break
            }
            if case .zoom(let command) = input { store.send(.zoom(command)) }
            // The right button goes back, as a click did before the view could be dragged.
            if mouse.kind == .press(.right) { store.send(.closed) }
            return
        }
        let topRow = store.state.topRow
        switch mouse.kind {
        case .wheelUp:
            // Pull-to-refresh: the wheel up when already at the top.
            guard topRow > 0 else { return store.send(.refresh) }
            select(store.state.selection - layout.columns)
        case .wheelDown:
            select(store.state.selection + layout.columns)
        case .press(.left):
            let count = store.state.photos.count
            guard let index = grid.index(atColumn: mouse.column, row: mouse.row, in: layout.gridRect, itemCount: count)
            else { return }
            if index == store.state.selection {
                open(index)
            } else {
                select(index)
            }
        default:
            break
        }
    }

    private var layout: FeedLayout { view.layout(size: size, columns: store.state.configuration.columns) }

    /// The grid as it is on screen now.
    private var grid: GridView { layout.grid(selection: store.state.selection, topRow: store.state.topRow) }

    private func select(_ index: Int) {
        guard !store.state.photos.isEmpty else { return }
        store.send(.moveSelection(to: index))
    }

    /// Tells the model which rows show (the cut one too), at which picture size, with the first
    /// row kept in range.
    private func reportViewport(topRow: Int) {
        let layout = self.layout
        let clamped = min(max(0, topRow), layout.maximumTopRow(for: store.state.photos.count))
        let viewport = FeedViewport(
            topRow: clamped, visibleRows: layout.partlyVisibleRows, columns: layout.columns,
            thumbnailSize: layout.thumbnailSize, wholeRows: layout.visibleRows)
        guard viewport != store.state.viewport else { return }
        store.send(.viewportChanged(viewport))
    }

    /// The observer: redraws, and sends nothing (the model keeps the first row in range itself).
    private func feedChanged() {
        shownTime = now()
        context?.requestRender()
        keepClockMoving()
    }

    /// Asks for the next tick while the screen shows something that changes with time: a saved
    /// page's age or a page on its way (ticks coalesce, so asking on every change is free).
    private func keepClockMoving() {
        let state = store.state
        guard state.savedAt != nil || state.inFlight != nil else { return }
        context?.scheduleTick(after: .seconds(1))
    }

    private func open(_ index: Int) {
        store.send(.opened(index: index, size: zoomPixels))
    }

    private var imageMode: ImageCells.Mode { context?.imageMode ?? .trueColor }

    /// The large view's picture area in screen pixels: what its picture is loaded at and zoomed in.
    private var zoomPixels: PixelSize {
        FullView.screenPixels(of: FullView.pictureArea(in: size, caption: true), mode: imageMode)
    }
}

extension FeedViewState {
    /// What the view shows of `feed`: the scroll position, the large photo and the pictures in hand.
    init(_ feed: FeedState) {
        self.init()
        mode = feed.openIndex.map { .detail(index: $0) } ?? .grid
        topRow = feed.topRow
        thumbnails = feed.pictures.thumbnails
        failedThumbnails = feed.pictures.failed
        thumbnailFailures = feed.pictures.failureMessages
        large = feed.pictures.large.map { ($0.id, $0.bitmap) }
        zoom = feed.zoom
        largeFailed = feed.pictures.largeFailure
        largeProgress = feed.pictures.largeProgress
        isShowingHelp = feed.isShowingHelp
        notSaved = feed.notSaved.map(FlickrAdvice.shown)
    }
}
