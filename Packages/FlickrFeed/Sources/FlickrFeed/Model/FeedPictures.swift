import ErrorReporting
import ImagePipeline
import Imaging
import Networking

/// What the screen shows of the grid: the first photo row, how many rows fit, how many columns,
/// and the pixel size of one cell's picture. The screen measures it; the model plans loads from it.
public struct FeedViewport: Sendable, Hashable {
    public var topRow: Int
    /// Photo rows with at least one line on screen, the cut one included.
    public var visibleRows: Int
    /// Photo rows shown whole: the selection is kept among them.
    public var wholeRows: Int
    public var columns: Int
    /// The box a thumbnail is fitted into.
    public var thumbnailSize: PixelSize

    public init(topRow: Int, visibleRows: Int, columns: Int, thumbnailSize: PixelSize, wholeRows: Int? = nil) {
        self.topRow = max(0, topRow)
        self.visibleRows = max(1, visibleRows)
        self.wholeRows = max(1, min(wholeRows ?? visibleRows, max(1, visibleRows)))
        self.columns = max(1, columns)
        self.thumbnailSize = thumbnailSize
    }

    /// The largest first row for `count` photos: the last photo row sits whole at the bottom.
    func maximumTopRow(for count: Int) -> Int {
        max(0, (count + columns - 1) / columns - wholeRows)
    }

    /// The first row that shows photo `index` whole, moving as little as possible from here.
    func topRow(showing index: Int, count: Int) -> Int {
        let row = index / columns
        var first = topRow
        if row < first { first = row }
        if row >= first + wholeRows { first = row - wholeRows + 1 }
        return max(0, min(first, maximumTopRow(for: count)))
    }

    /// The last photo index the viewport shows (may pass the end of the feed).
    var lastVisibleIndex: Int { (topRow + visibleRows) * columns - 1 }
}

/// How a picture load ended, as an action carries it back to the model.
public enum PictureOutcome: Sendable, Equatable {
    case loaded(Bitmap)
    case failed(ImagePipelineError.Kind, UserFacingError)

    /// The outcome of a pipeline load.
    public init(_ result: Result<Bitmap, ImagePipelineError>) {
        switch result {
        case .success(let bitmap): self = .loaded(bitmap)
        // The words a gallery cell shows for the same failure: the seed's, with the exact cause.
        case .failure(let error): self = .failed(error.kind, UserFacingError(code: error.code, message: error.cellMessage))
        }
    }
}

/// The pictures of the feed: thumbnails for the visible rows plus the next one, and the one photo
/// shown large. Loads are planned by the model as effects (``FeedEffect/loadThumbnail(_:size:)``),
/// never started by a screen.
public struct FeedPictures: Sendable, Equatable {
    /// Thumbnails in hand, by photo id, fitted to ``thumbnailSize``.
    public internal(set) var thumbnails: [String: Bitmap] = [:]
    /// Photos whose thumbnail could not be loaded, until the shared rule asks for them again
    /// (``RetryOccasion``: every one on a refresh, the offline ones when the network returns).
    var failures = FailedPictures<String>()
    /// What the place of each failed thumbnail says (the last failure of each photo).
    public internal(set) var failureMessages: [String: LocalizedText] = [:]
    /// Photos whose thumbnail is on its way.
    public internal(set) var loading: Set<String> = []
    /// The priority each load on its way was given.
    var loadingPriority: [String: RequestPriority.Level] = [:]
    /// The photos of the page that just arrived, to be prefetched once the window is planned.
    var pendingPrefetch: [FlickrPhoto] = []
    /// The box thumbnails are fitted into; a new size lets go of the old thumbnails.
    public internal(set) var thumbnailSize: PixelSize?
    /// True after a picture failed because the network is down, until one loads or the network returns.
    public internal(set) var isOffline = false
    /// The large picture of the detail view, by photo id.
    public internal(set) var large: LargePicture?
    /// Why the large picture could not be shown.
    public internal(set) var largeFailure: UserFacingError?
    /// How far the large picture's download is, once it has taken more than a moment.
    public internal(set) var largeProgress: TransferProgress?
    /// The kind of ``largeFailure``, which tells whether the network's return retries it.
    var largeFailureKind: ImagePipelineError.Kind?
    /// The box the large picture is fitted into, for asking again.
    var largeSize: PixelSize?

    public init() {}

    /// Photos whose thumbnail could not be loaded.
    public var failed: Set<String> { failures.keys }
}

/// The picture of the detail view.
public struct LargePicture: Sendable, Equatable {
    public var id: String
    public var bitmap: Bitmap

    public init(id: String, bitmap: Bitmap) {
        self.id = id
        self.bitmap = bitmap
    }
}

extension FeedState {
    /// Starts loads for the wanted thumbnails and cancels those scrolled away (only while the grid shows).
    mutating func planPictures() -> [FeedEffect] {
        guard openIndex == nil, let viewport else { return [] }
        if pictures.thumbnailSize != viewport.thumbnailSize {
            pictures.thumbnailSize = viewport.thumbnailSize
            pictures.thumbnails = [:]
            pictures.failures.removeAll()
        }
        let range = ImageWindow.wanted(
            firstVisibleRow: topRow, visibleRows: viewport.visibleRows, columns: viewport.columns,
            count: photos.count)
        let wanted = photos[range]
        let plan = ImageWindow.plan(
            wanted: wanted.map(\.id), loading: pictures.loading,
            loaded: Set(pictures.thumbnails.keys).union(pictures.failures.keys))
        var effects: [FeedEffect] = []
        for id in plan.cancel.sorted() {
            pictures.loading.remove(id)
            pictures.loadingPriority[id] = nil
            effects.append(.cancelThumbnail(id: id))
        }
        // The rows on screen first, the row ahead after them.
        let onScreen = Set(photos[range.lowerBound..<min(range.upperBound, (topRow + viewport.visibleRows) * viewport.columns)].map(\.id))
        let byID = Dictionary(wanted.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let starting = Set(plan.start)
        for photo in wanted where pictures.loading.contains(photo.id) && !starting.contains(photo.id) {
            let level: RequestPriority.Level = onScreen.contains(photo.id) ? .high : .normal
            guard pictures.loadingPriority[photo.id] != level else { continue }
            pictures.loadingPriority[photo.id] = level
            effects.append(.prioritizeThumbnail(id: photo.id, level))
        }
        for id in plan.start {
            guard let photo = byID[id] else { continue }
            let level: RequestPriority.Level = onScreen.contains(id) ? .high : .normal
            pictures.loading.insert(id)
            pictures.loadingPriority[id] = level
            effects.append(.loadThumbnail(photo, size: viewport.thumbnailSize, priority: level))
        }
        return effects
    }

    /// The page that just arrived, as bytes for the disk cache: the photos the window does not load.
    mutating func prefetchNextPage() -> [FeedEffect] {
        let pending = pictures.pendingPrefetch
        pictures.pendingPrefetch = []
        guard openIndex == nil, let viewport, !pending.isEmpty else { return [] }
        let ahead = pending.filter { pictures.thumbnails[$0.id] == nil && !pictures.loading.contains($0.id) }
        return ahead.isEmpty ? [] : [.prefetchThumbnails(ahead, size: viewport.thumbnailSize)]
    }

    mutating func thumbnailArrived(id: String, _ outcome: PictureOutcome) {
        // A cancelled load's late answer is not wanted.
        guard pictures.loading.remove(id) != nil else { return }
        pictures.loadingPriority[id] = nil
        switch outcome {
        case .loaded(let bitmap):
            pictures.thumbnails[id] = bitmap
            pictures.isOffline = false
        case .failed(let kind, let error):
            if kind == .offline { pictures.isOffline = true }
            pictures.failures.record(kind, for: id)
            pictures.failureMessages[id] = error.message
        }
    }

    /// Asks again, by the shared rule, for the pictures that failed: the thumbnails come back through
    /// the next plan, the large picture (when it failed and the rule covers it) at once.
    mutating func retryFailedPictures(on occasion: RetryOccasion) -> [FeedEffect] {
        pictures.failures.forget(on: occasion)
        guard let openIndex, photos.indices.contains(openIndex), let kind = pictures.largeFailureKind,
            occasion.asksAgain(forFailureOffline: kind.isUnreachable),
            let size = pictures.largeSize
        else { return [] }
        pictures.largeFailure = nil
        pictures.largeFailureKind = nil
        pictures.largeProgress = nil
        return [.loadLarge(photos[openIndex], size: size)]
    }

    mutating func open(_ index: Int, size: PixelSize) -> [FeedEffect] {
        guard photos.indices.contains(index) else { return [] }
        var effects: [FeedEffect] = openIndex == nil ? [] : [.cancelLarge]
        openIndex = index
        pictures.largeFailure = nil
        pictures.largeProgress = nil
        pictures.largeFailureKind = nil
        pictures.largeSize = size
        effects.append(.loadLarge(photos[index], size: size))
        return effects
    }

    mutating func close() -> [FeedEffect] {
        guard openIndex != nil else { return [] }
        openIndex = nil
        pictures.large = nil
        pictures.largeFailure = nil
        pictures.largeFailureKind = nil
        pictures.largeProgress = nil
        return [.cancelLarge] + planPictures()
    }

    mutating func largeMoved(id: String, _ progress: TransferProgress) {
        guard let openIndex, photos.indices.contains(openIndex), photos[openIndex].id == id,
            pictures.large == nil, pictures.largeFailure == nil
        else { return }
        // Reports hop threads on their way here: one that overtook a later one must not step back.
        guard progress.received >= pictures.largeProgress?.received ?? 0 else { return }
        pictures.largeProgress = progress
    }

    mutating func largeArrived(id: String, _ outcome: PictureOutcome) {
        guard let openIndex, photos.indices.contains(openIndex), photos[openIndex].id == id else { return }
        pictures.largeProgress = nil
        switch outcome {
        case .loaded(let bitmap): pictures.large = LargePicture(id: id, bitmap: bitmap)
        case .failed(.cancelled, _): break
        case .failed(let kind, let error):
            pictures.largeFailure = error
            pictures.largeFailureKind = kind
        }
    }
}
