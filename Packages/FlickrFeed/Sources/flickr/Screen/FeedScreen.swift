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
    private var networkDown = false

    init(store: FeedStore, connectivity: Connectivity?, language: Language) {
        self.store = store
        self.connectivity = connectivity
        self.language = language
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
                self?.networkDown = !online
                self?.store.send(.connectivityChanged(isOnline: online))
            }
        }
        store.launch()
        reportViewport(topRow: store.state.topRow)
    }

    func handle(_ event: Event, context: ScreenContext) {
        switch event {
        case .resize(let newSize):
            size = newSize
            reportViewport(topRow: store.state.topRow)
        case .key(let key):
            handle(key, context: context)
        case .mouse(let mouse):
            handle(mouse)
        case .paste, .tick:
            break
        }
    }

    func render(size: TerminalSize) -> Frame {
        let state = store.state
        return FeedView(
            language: language, imageMode: context?.imageMode ?? .trueColor, now: Date(),
            isOffline: networkDown || state.pictures.isOffline
        )
        .render(state, FeedViewState(state), size: size)
    }

    // MARK: - Input

    private func handle(_ key: Key, context: ScreenContext) {
        if store.state.openIndex != nil {
            switch key {
            case .escape, .backspace, .enter: store.send(.closed)
            case .character("q"): context.quit()
            default: break
            }
            return
        }
        let state = store.state
        let columns = state.configuration.columns
        let page = layout.visibleRows * columns
        switch key {
        case .character("q"), .control("d"): context.quit()
        case .character("r"), .control("r"): store.send(.refresh)
        case .left, .character("h"): select(state.selection - 1)
        case .right, .character("l"): select(state.selection + 1)
        case .up, .character("k"): select(state.selection - columns)
        case .down, .character("j"): select(state.selection + columns)
        case .pageUp: select(state.selection - page)
        case .pageDown, .character(" "): select(state.selection + page)
        case .home, .character("g"): select(0)
        case .end, .character("G"): select(state.photos.count - 1)
        case .enter: open(state.selection)
        default: break
        }
    }

    private func handle(_ mouse: MouseEvent) {
        guard store.state.openIndex == nil else {
            if case .press = mouse.kind { store.send(.closed) }
            return
        }
        let topRow = store.state.topRow
        switch mouse.kind {
        case .wheelUp:
            // Pull-to-refresh: the wheel up when already at the top.
            guard topRow > 0 else { return store.send(.refresh) }
            reportViewport(topRow: topRow - 1)
        case .wheelDown:
            reportViewport(topRow: topRow + 1)
        case .press(.left):
            let count = store.state.photos.count
            guard
                let index = layout.index(atColumn: mouse.column, row: mouse.row, topRow: topRow, count: count)
            else { return }
            if index == store.state.selection {
                open(index)
            } else {
                store.send(.select(index: index))
            }
        default:
            break
        }
    }

    private var layout: GridLayout { GridLayout(size: size, columns: store.state.configuration.columns) }

    private func select(_ index: Int) {
        let count = store.state.photos.count
        guard count > 0 else { return }
        let index = min(max(0, index), count - 1)
        store.send(.select(index: index))
        let row = index / layout.columns
        var topRow = store.state.topRow
        if row < topRow { topRow = row }
        if row >= topRow + layout.visibleRows { topRow = row - layout.visibleRows + 1 }
        reportViewport(topRow: topRow)
    }

    /// Tells the model which rows show, at which picture size, with the first row kept in range.
    private func reportViewport(topRow: Int) {
        let layout = self.layout
        let clamped = min(max(0, topRow), layout.maximumTopRow(for: store.state.photos.count))
        let viewport = FeedViewport(
            topRow: clamped, visibleRows: layout.visibleRows, columns: layout.columns,
            thumbnailSize: pixelSize(of: layout.imageRect(column: 0, slot: 0)))
        guard viewport != store.state.viewport else { return }
        store.send(.viewportChanged(viewport))
    }

    private func feedChanged() {
        let state = store.state
        if !state.isOffline, networkDown, state.lastError == nil { networkDown = false }
        // Fewer photos than before (a refresh): keep the first row in range.
        if let viewport = state.viewport,
            viewport.topRow > layout.maximumTopRow(for: state.photos.count)
        {
            reportViewport(topRow: viewport.topRow)
        }
        context?.requestRender()
    }

    private func open(_ index: Int) {
        store.send(.opened(index: index, size: pixelSize(of: FeedView.detailImageRect(for: size))))
    }

    /// The pixels a picture shown in `rect` is loaded at: real pixels when the terminal shows them.
    private func pixelSize(of rect: Rect) -> PixelSize {
        ImageCells.pixelSize(forCells: rect.size, mode: context?.imageMode ?? .trueColor)
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
        large = feed.pictures.large.map { ($0.id, $0.bitmap) }
        largeFailed = feed.pictures.largeFailure
    }
}
