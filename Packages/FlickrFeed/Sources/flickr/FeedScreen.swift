import ErrorReporting
import FlickrFeed
import Foundation
import ImagePipeline
import Imaging
import Networking
import TerminalUI

/// The full-screen feed: maps keys and the mouse to feed actions, loads pictures for the visible
/// cells (plus the next row), cancels those scrolled away, and draws through ``FeedView``.
@MainActor
final class FeedScreen: TerminalScreen {
    let controller: FeedController
    private let pipeline: ImagePipeline
    private let imageURLs: FlickrImageURLs
    private let connectivity: Connectivity?
    private let language: Language
    private var view = FeedViewState()
    private var context: ScreenContext?
    private var size = TerminalSize(columns: 80, rows: 24)
    private var thumbnailLoads: [String: Task<Void, Never>] = [:]
    private var thumbnailTarget: PixelSize?
    private var largeLoad: Task<Void, Never>?
    private var networkDown = false
    private var lastScrollToTop = 0

    init(
        controller: FeedController, pipeline: ImagePipeline, imageURLs: FlickrImageURLs,
        connectivity: Connectivity?, language: Language
    ) {
        self.controller = controller
        self.pipeline = pipeline
        self.imageURLs = imageURLs
        self.connectivity = connectivity
        self.language = language
    }

    /// Called once before the first frame: starts the feed (the saved page at once, a fresh page 1
    /// requested) and the connectivity watch.
    func start(context: ScreenContext) {
        guard self.context == nil else { return }
        self.context = context
        size = context.size
        controller.onChange = { [weak self] _ in self?.feedChanged() }
        if let connectivity {
            context.listen(to: connectivity.updates()) { [weak self] online in
                self?.networkDown = !online
                self?.controller.send(.connectivityChanged(isOnline: online))
            }
        }
        controller.launch()
    }

    func handle(_ event: Event, context: ScreenContext) {
        switch event {
        case .resize(let newSize):
            size = newSize
            view.thumbnails = [:]
            view.failedThumbnails = []
            clampScroll()
        case .key(let key):
            handle(key, context: context)
        case .mouse(let mouse):
            handle(mouse)
        case .paste, .tick:
            break
        }
        updateImageLoads()
    }

    func render(size: TerminalSize) -> Frame {
        return FeedView(
            language: language, imageMode: context?.imageMode ?? .trueColor, now: Date(),
            isOffline: networkDown
        )
        .render(controller.state, view, size: size)
    }

    // MARK: - Input

    private func handle(_ key: Key, context: ScreenContext) {
        if case .detail = view.mode {
            switch key {
            case .escape, .backspace, .enter: closeDetail()
            case .character("q"): context.quit()
            default: break
            }
            return
        }
        let state = controller.state
        let columns = state.configuration.columns
        let page = layout.visibleRows * columns
        switch key {
        case .character("q"), .control("d"): context.quit()
        case .character("r"), .control("r"): refresh()
        case .left, .character("h"): select(state.selection - 1)
        case .right, .character("l"): select(state.selection + 1)
        case .up, .character("k"): select(state.selection - columns)
        case .down, .character("j"): select(state.selection + columns)
        case .pageUp: select(state.selection - page)
        case .pageDown, .character(" "): select(state.selection + page)
        case .home, .character("g"): select(0)
        case .end, .character("G"): select(state.photos.count - 1)
        case .enter: openDetail(state.selection)
        default: break
        }
    }

    private func handle(_ mouse: MouseEvent) {
        guard case .grid = view.mode else {
            if case .press = mouse.kind { closeDetail() }
            return
        }
        switch mouse.kind {
        case .wheelUp:
            // Pull-to-refresh: the wheel up when already at the top.
            guard view.topRow > 0 else { return refresh() }
            scroll(to: view.topRow - 1)
        case .wheelDown:
            scroll(to: view.topRow + 1)
        case .press(.left):
            let count = controller.state.photos.count
            guard
                let index = layout.index(
                    atColumn: mouse.column, row: mouse.row, topRow: view.topRow, count: count)
            else { return }
            if index == controller.state.selection {
                openDetail(index)
            } else {
                controller.send(.select(index: index))
            }
        default:
            break
        }
    }

    private var layout: GridLayout { GridLayout(size: size, columns: controller.state.configuration.columns) }

    private func select(_ index: Int) {
        let count = controller.state.photos.count
        guard count > 0 else { return }
        let index = min(max(0, index), count - 1)
        controller.send(.select(index: index))
        let row = index / layout.columns
        if row < view.topRow { view.topRow = row }
        if row >= view.topRow + layout.visibleRows { view.topRow = row - layout.visibleRows + 1 }
        reportViewport()
    }

    private func scroll(to topRow: Int) {
        view.topRow = min(max(0, topRow), layout.maximumTopRow(for: controller.state.photos.count))
        reportViewport()
    }

    private func reportViewport() {
        let last = (view.topRow + layout.visibleRows) * layout.columns - 1
        controller.send(.viewed(lastVisibleIndex: min(last, max(0, controller.state.photos.count - 1))))
    }

    private func refresh() {
        controller.send(.refresh)
    }

    private func clampScroll() {
        view.topRow = min(view.topRow, layout.maximumTopRow(for: controller.state.photos.count))
    }

    private func feedChanged() {
        let state = controller.state
        if state.scrollToTopCount != lastScrollToTop {
            lastScrollToTop = state.scrollToTopCount
            view.topRow = 0
        }
        if !state.isOffline, networkDown, state.lastError == nil { networkDown = false }
        clampScroll()
        updateImageLoads()
        context?.requestRender()
    }

    // MARK: - Pictures

    /// Starts loads for the visible rows plus the next one and cancels the rest.
    private func updateImageLoads() {
        guard case .grid = view.mode else { return }
        let photos = controller.state.photos
        let rect = layout.imageRect(column: 0, slot: 0)
        let pixels = ImageCells.pixelSize(forCells: TerminalSize(columns: rect.width, rows: rect.height))
        let target = PixelSize(width: pixels.width, height: pixels.height)
        if target != thumbnailTarget {
            thumbnailTarget = target
            view.thumbnails = [:]
        }
        let range = ImageWindow.wanted(
            firstVisibleRow: view.topRow, visibleRows: layout.visibleRows,
            columns: layout.columns, count: photos.count)
        let wanted = photos[range]
        let plan = ImageWindow.plan(
            wanted: wanted.map(\.id), loading: Set(thumbnailLoads.keys),
            loaded: Set(view.thumbnails.keys).union(view.failedThumbnails)
        )
        for id in plan.cancel { thumbnailLoads.removeValue(forKey: id)?.cancel() }
        let byID = Dictionary(wanted.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for id in plan.start {
            guard let photo = byID[id] else { continue }
            let size = PhotoSize.smallest(toFill: target.width, target.height)
            let request = ImageRequest(url: imageURLs.url(for: photo, size: size), targetSize: target)
            if let cached = pipeline.cachedImage(for: request) {
                view.thumbnails[id] = cached.bitmap
                continue
            }
            thumbnailLoads[id] = load(request) { [weak self] result in
                guard let self else { return }
                self.thumbnailLoads[id] = nil
                switch result {
                case .success(let response): self.view.thumbnails[id] = response.bitmap
                case .failure(let error):
                    if error.code == "offline" { self.networkDown = true }
                    if error.code != "cancelled" { self.view.failedThumbnails.insert(id) }
                }
            }
        }
    }

    private func load(
        _ request: ImageRequest,
        then: @escaping @MainActor (Result<ImageResponse, ImagePipelineError>) -> Void
    )
        -> Task<Void, Never>?
    {
        guard let context else { return nil }
        let pipeline = self.pipeline
        return context.run(
            { () async -> Result<ImageResponse, ImagePipelineError> in
                do throws(ImagePipelineError) {
                    return .success(try await pipeline.image(for: request))
                } catch {
                    return .failure(error)
                }
            }, then: then)
    }

    private func openDetail(_ index: Int) {
        let photos = controller.state.photos
        guard photos.indices.contains(index) else { return }
        let photo = photos[index]
        view.mode = .detail(index: index)
        view.largeFailed = nil
        let rect = FeedView.detailImageRect(for: size)
        let pixels = ImageCells.pixelSize(forCells: TerminalSize(columns: rect.width, rows: rect.height))
        let target = PixelSize(width: pixels.width, height: pixels.height)
        let request = ImageRequest(
            url: imageURLs.url(for: photo, size: PhotoSize.smallest(toFill: target.width, target.height)),
            targetSize: target
        )
        largeLoad?.cancel()
        largeLoad = load(request) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let response): self.view.large = (photo.id, response.bitmap)
            case .failure(let error): self.view.largeFailed = error.userFacingError
            }
        }
    }

    private func closeDetail() {
        largeLoad?.cancel()
        largeLoad = nil
        view.mode = .grid
        view.large = nil
    }
}
