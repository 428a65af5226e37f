import Imaging

/// The full view of one loaded picture (`v`, a double click): which picture, its bytes once read,
/// and which part of it shows at what zoom. The screen draws it over everything; `Esc` closes it
/// and the list is as it was.
public struct FullViewState: Sendable, Hashable {
    /// The picture's cell.
    public let itemID: ItemID
    /// The view's picture area in screen pixels.
    public internal(set) var screen: PixelSize
    /// The picture's original bytes, once read from the disk cache or downloaded.
    public internal(set) var source: ZoomSource?
    /// What shows, once the bytes are read (the cell's picture shows fitted until then).
    public internal(set) var viewport: ZoomViewport?
    /// Why the bytes could not be read: the cell's picture stays, fitted, and the status row says so.
    public internal(set) var failure: LoadFailure?
    /// The read in flight, so a late answer for a view closed meanwhile is dropped.
    var token: LoadToken
}

extension GalleryState {
    /// Opens the full view on the item at `index` when its picture has loaded, and reads its bytes.
    /// The first click of a double click started removing it: that removal is taken back.
    mutating func openFullView(at index: Int, screen: PixelSize, effects: inout [GalleryEffect]) {
        guard items.indices.contains(index), items[index].status.isLoaded else {
            if items.indices.contains(index) { status = .cannotOpenNotLoaded }
            return
        }
        let id = items[index].id
        if removal?.itemID == id { removal = nil }
        select(index)
        isShowingHelp = false
        lastGeneration += 1
        let token = LoadToken(itemID: id, generation: lastGeneration)
        fullView = FullViewState(itemID: id, screen: screen, source: nil, viewport: nil, failure: nil, token: token)
        effects.append(.loadOriginal(token, items[index].url))
    }

    /// Back to the list, where the person was.
    mutating func closeFullView(effects: inout [GalleryEffect]) {
        guard let view = fullView else { return }
        if view.source == nil, view.failure == nil { effects.append(.cancel(view.token)) }
        fullView = nil
    }

    /// Zooms, pans, fits or resizes the full view.
    mutating func zoomFullView(_ command: ZoomCommand) {
        guard fullView != nil else { return }
        if case .resize(let size) = command { fullView?.screen = size }
        fullView?.viewport?.apply(command)
    }

    /// The bytes arrived (or could not): the view starts fitted.
    mutating func finishOriginal(_ token: LoadToken, result: Result<ZoomSource, LoadFailure>) {
        guard var view = fullView, view.token == token else { return }
        switch result {
        case .success(let source):
            view.source = source
            view.viewport = ZoomViewport(imageSize: source.size, screen: view.screen)
        case .failure(let failure):
            view.failure = failure
        }
        fullView = view
    }
}
