import ErrorReporting
import Foundation

/// Where the photos on screen came from.
public enum FeedSource: Sendable, Hashable {
    /// Nothing yet.
    case none
    /// The first page of the last session, stored at `savedAt`; a fresh page 1 replaces it.
    case saved(savedAt: Date)
    /// Fetched in this session.
    case network
}

/// What the row under the last photo says.
public enum FeedFooter: Sendable, Hashable {
    /// More pages exist; the next is fetched when the person comes near.
    case more
    /// A page is on its way.
    case loading
    /// The last page is shown.
    case end
    /// Offline: the photos shown are all there is until the network returns.
    case needsNetwork
    /// The last fetch failed; another try follows (or, for a refused key, only a refresh helps).
    case failed(UserFacingError)
}

/// The feed as a value: the photos, where they came from, the page in flight and what went wrong.
///
/// Changed only by ``FeedModel``, which returns the work to do as ``FeedEffect``s.
///
/// ```swift
/// var state = FeedState(configuration: .init())
/// let effects = FeedModel().reduce(into: &state, action: .launched(saved: store.load()))   // [.fetch(page 1)]
/// ```
public struct FeedState: Sendable, Equatable {
    public let configuration: FeedConfiguration

    /// The photos in order, each id once.
    public internal(set) var photos: [FlickrPhoto] = []
    /// Where ``photos`` came from.
    public internal(set) var source: FeedSource = .none
    /// The last page appended from the network (0 when only a saved page, or nothing, is shown).
    public internal(set) var loadedPages = 0
    /// Pages in the stream, as the last answer said.
    public internal(set) var pages: Int?
    /// Photos in the stream, as the last answer said.
    public internal(set) var total: Int?
    /// The one page request on its way, if any: never two at once, so never the same page twice.
    public internal(set) var inFlight: PageRequest?
    /// Bumped by every refresh; answers from older generations are ignored.
    public internal(set) var generation = 0
    /// True once the last page is in (by `pages`, or an empty page).
    var reachedEnd = false
    /// Photos skipped because an earlier page already showed them (pages shift as people upload).
    package internal(set) var droppedDuplicates = 0
    /// The pages that skipped repeated photos: which photos each added, and how many it skipped,
    /// so a notice about them shows on that page only.
    public internal(set) var skippedRepeats: [SkippedRepeats] = []
    /// The last failure, until a fetch succeeds.
    public internal(set) var lastError: UserFacingError?
    /// The same failure as the client classified it, for the screen to add what to do.
    public internal(set) var lastFailure: FlickrError?
    /// True while the last failure was a connectivity failure and the network has not come back.
    public internal(set) var isOffline = false
    /// Failures in a row: the backoff grows with them.
    var consecutiveFailures = 0
    /// True while waiting out a backoff: nothing is requested until it ends.
    var isWaitingToRetry = false
    /// True after Flickr refused the key: no automatic retries (they cannot help), only a refresh.
    var isHalted = false
    /// The selected photo.
    public internal(set) var selection = 0
    /// The last photo the viewport shows.
    var lastVisibleIndex = 0
    /// The first photo row on screen; a refresh that arrives scrolls back to the top.
    public internal(set) var topRow = 0
    /// The photo shown large, if any.
    public internal(set) var openIndex: Int?
    /// The pictures in hand and on their way.
    public internal(set) var pictures = FeedPictures()
    /// The large photo's zoom and pan, while it is open.
    public internal(set) var zoom: FeedZoom?
    /// True while the `?` overlay shows.
    public internal(set) var isShowingHelp = false
    /// True from the moment the connectivity watch says the network went until the feed hears
    /// from the network again (it came back, or a page arrived).
    public internal(set) var isNetworkDown = false
    /// The last thing that could not be kept for offline use (page 1, a picture), and why.
    public internal(set) var notSaved: FeedStorageFailure?
    /// What the screen last said it shows.
    public internal(set) var viewport: FeedViewport?

    private var knownIDs: Set<String> = []
    private var retryToken = 0
    private var pendingRetryToken: Int?

    public init(configuration: FeedConfiguration = .init()) {
        self.configuration = configuration
    }

    /// True while the photos shown are the saved page of the last session.
    var isShowingSaved: Bool {
        if case .saved = source { return true }
        return false
    }

    /// When the saved page shown was stored, or nil when the photos are fresh.
    public var savedAt: Date? {
        if case .saved(let date) = source { return date }
        return nil
    }

    /// What the row under the last photo says.
    public var footer: FeedFooter {
        if inFlight != nil { return .loading }
        if isHalted, let lastError { return .failed(lastError) }
        if isOffline { return .needsNetwork }
        if reachedEnd && !isShowingSaved { return .end }
        if let lastError, isWaitingToRetry { return .failed(lastError) }
        return .more
    }

    // MARK: - The model

    /// Applies `action` and returns the work it asks for (``FeedModel`` is its public face).
    mutating func apply(_ action: FeedAction) -> [FeedEffect] {
        let effects = applyToScreen(action)
        if isNetworkDown, !isOffline, lastError == nil { isNetworkDown = false }
        return effects
    }

    private mutating func applyToScreen(_ action: FeedAction) -> [FeedEffect] {
        switch action {
        case .toggleHelp:
            isShowingHelp.toggle()
            return []
        case .connectivityChanged(let isOnline):
            isNetworkDown = !isOnline
            return applyToPictures(action)
        default:
            return applyToPictures(action)
        }
    }

    private mutating func applyToPictures(_ action: FeedAction) -> [FeedEffect] {
        switch action {
        case .thumbnailLoaded(let id, let outcome):
            thumbnailArrived(id: id, outcome)
            return []
        case .largeLoaded(let id, let outcome):
            largeArrived(id: id, outcome)
            return []
        case .largeProgress(let id, let progress):
            largeMoved(id: id, progress)
            return []
        case .largeFrame(let id, let bitmap):
            if pictures.large?.id == id { pictures.large?.bitmap = bitmap }
            return []
        case .opened(let index, let size):
            return open(index, size: size) + startZoom(screen: size)
        case .closed:
            let zooming = zoom != nil
            zoom = nil
            return close() + (zooming ? [.cancelZoomSource] : [])
        case .zoom(let command):
            return applyZoom(command)
        case .zoomSourceLoaded(let id, let largest, let result):
            return zoomSourceArrived(id: id, largest: largest, result)
        case .refresh where openIndex != nil:
            // The large view's refresh asks again for its picture (and the grid's failures, planned
            // on close); the feed behind it stays, so the photo shown keeps its place.
            return retryFailedPictures(on: .refresh)
        default:
            let effects = applyToFeed(action)
            let planned = planPictures()
            return effects + planned + prefetchNextPage()
        }
    }

    private mutating func applyToFeed(_ action: FeedAction) -> [FeedEffect] {
        switch action {
        case .thumbnailLoaded, .largeLoaded, .largeProgress, .largeFrame, .opened, .closed, .toggleHelp, .zoom,
             .zoomSourceLoaded:
            return []
        case .viewportChanged(let viewport):
            show(viewport)
            return requestMoreIfNear()
        case .launched(let saved):
            return launch(showing: saved)
        case .refresh:
            return retryFailedPictures(on: .refresh) + refresh()
        case .select(let index):
            selection = clamped(index)
            return requestMoreIfNear()
        case .moveSelection(let index):
            selection = clamped(index)
            if var moved = viewport {
                moved.topRow = moved.topRow(showing: selection, count: photos.count)
                show(moved)
            }
            return requestMoreIfNear()
        case .viewed(let index):
            lastVisibleIndex = clamped(index)
            return requestMoreIfNear()
        case .pageArrived(let request, let page, let date):
            let effects = arrived(page, for: request, at: date)
            // Fewer photos than before (a refresh): the first row stays in range.
            if var shown = viewport, shown.topRow > shown.maximumTopRow(for: photos.count) {
                shown.topRow = shown.maximumTopRow(for: photos.count)
                show(shown)
            }
            return effects
        case .pageFailed(let request, let error):
            return failed(request, error)
        case .retryDue(let token):
            guard token == pendingRetryToken, isWaitingToRetry else { return [] }
            isWaitingToRetry = false
            pendingRetryToken = nil
            return retryOrMore()
        case .connectivityChanged(let isOnline):
            guard isOnline else { return connectivityChanged(isOnline: false) }
            pictures.isOffline = false
            return retryFailedPictures(on: .connectivityRestored) + connectivityChanged(isOnline: true)
        case .notSaved(let failure):
            notSaved = failure
            return []
        }
    }

    /// The screen shows `viewport` now.
    private mutating func show(_ viewport: FeedViewport) {
        self.viewport = viewport
        topRow = viewport.topRow
        lastVisibleIndex = clamped(viewport.lastVisibleIndex)
    }

    private mutating func launch(showing saved: SavedPage?) -> [FeedEffect] {
        if let saved, !saved.page.photos.isEmpty {
            replacePhotos(with: saved.page.photos)
            source = .saved(savedAt: saved.savedAt)
            pages = saved.page.pages
            total = saved.page.total
        }
        return start(PageRequest(page: 1, generation: generation, reason: .launch))
    }

    private mutating func refresh() -> [FeedEffect] {
        if let inFlight, inFlight.page == 1 {
            // Page 1 is already on its way: never the same page twice at once.
            self.inFlight?.reason = .refresh
            return []
        }
        var effects: [FeedEffect] = []
        if let inFlight { effects.append(.cancel(inFlight)) }
        inFlight = nil
        generation += 1
        isWaitingToRetry = false
        pendingRetryToken = nil
        isHalted = false
        return effects + start(PageRequest(page: 1, generation: generation, reason: .refresh))
    }

    private mutating func arrived(_ page: FlickrPage, for request: PageRequest, at date: Date) -> [FeedEffect]
    {
        guard request == inFlight else { return [] }
        inFlight = nil
        lastError = nil
        lastFailure = nil
        isOffline = false
        isHalted = false
        consecutiveFailures = 0
        pages = page.pages
        total = page.total
        reachedEnd = page.isLast
        var effects: [FeedEffect] = []
        if request.page == 1 {
            replacePhotos(with: page.photos)
            source = .network
            loadedPages = 1
            effects.append(.save(SavedPage(page: page, savedAt: date)))
            if request.reason == .refresh {
                selection = 0
                lastVisibleIndex = 0
                topRow = 0
                viewport?.topRow = 0
            } else {
                selection = clamped(selection)
                lastVisibleIndex = clamped(lastVisibleIndex)
            }
        } else {
            let known = photos.count
            append(page.photos)
            loadedPages = request.page
            pictures.pendingPrefetch = Array(photos[known...])
        }
        // A page of nothing but duplicates leaves the person still at the end: ask for the next.
        return effects + requestMoreIfNear()
    }

    private mutating func failed(_ request: PageRequest, _ error: FlickrError) -> [FeedEffect] {
        guard request == inFlight else { return [] }
        inFlight = nil
        lastError = error.userFacingError
        lastFailure = error
        if error.isKeyRefused {
            isHalted = true
            return []
        }
        if error.isConnectivityFailure { isOffline = true }
        consecutiveFailures += 1
        isWaitingToRetry = true
        retryToken += 1
        pendingRetryToken = retryToken
        return [
            .scheduleRetry(
                after: configuration.backoff(afterFailures: consecutiveFailures), token: retryToken)
        ]
    }

    private mutating func connectivityChanged(isOnline: Bool) -> [FeedEffect] {
        guard isOnline else {
            isOffline = true
            return []
        }
        guard isOffline else { return [] }
        isOffline = false
        guard isWaitingToRetry else { return requestMoreIfNear() }
        // The network is back: no need to wait out the backoff.
        isWaitingToRetry = false
        pendingRetryToken = nil
        return retryOrMore()
    }

    /// After a wait: page 1 again while the saved page (or nothing) is shown, else the next page if near.
    private mutating func retryOrMore() -> [FeedEffect] {
        guard source == .network else {
            return start(PageRequest(page: 1, generation: generation, reason: .retry))
        }
        return requestMoreIfNear(reason: .retry)
    }

    private mutating func requestMoreIfNear(reason: PageRequest.Reason = .more) -> [FeedEffect] {
        guard inFlight == nil, !isWaitingToRetry, !isHalted, !reachedEnd, source == .network else {
            return []
        }
        let threshold = configuration.columns * configuration.prefetchRows
        guard max(selection, lastVisibleIndex) >= photos.count - threshold else { return [] }
        return start(PageRequest(page: loadedPages + 1, generation: generation, reason: reason))
    }

    private mutating func start(_ request: PageRequest) -> [FeedEffect] {
        guard inFlight == nil else { return [] }
        inFlight = request
        return [.fetch(request)]
    }

    private mutating func replacePhotos(with newPhotos: [FlickrPhoto]) {
        photos = []
        knownIDs = []
        droppedDuplicates = 0
        skippedRepeats = []
        append(newPhotos)
    }

    private mutating func append(_ newPhotos: [FlickrPhoto]) {
        let start = photos.count
        var skipped = 0
        for photo in newPhotos {
            guard knownIDs.insert(photo.id).inserted else {
                skipped += 1
                continue
            }
            photos.append(photo)
        }
        droppedDuplicates += skipped
        if skipped > 0 { skippedRepeats.append(SkippedRepeats(photos: start..<photos.count, count: skipped)) }
    }

    /// The repeats skipped by the page that shows the photo at `index`, if that page skipped any.
    public func skippedRepeats(onPageShowing index: Int) -> Int? {
        skippedRepeats.first { $0.photos.contains(index) }?.count
    }

    private func clamped(_ index: Int) -> Int {
        min(max(0, index), max(0, photos.count - 1))
    }
}

/// Photos one page skipped because an earlier page already showed them.
public struct SkippedRepeats: Sendable, Hashable {
    /// The indices, in ``FeedState/photos``, of the photos that page added.
    public var photos: Range<Int>
    /// How many of its photos it skipped.
    public var count: Int
}
