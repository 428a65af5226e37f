import ImagePipeline
import Networking
import StateStore

/// The gallery's business logic: the one place that changes a ``GalleryState``.
///
/// A pure function of state and action that returns the effects (loads to start or cancel, a
/// tick to schedule) for a store to run. Nothing here touches a terminal, a network or a clock.
///
/// ```swift
/// var state = GalleryState(urls: urls)
/// let effects = GalleryModel().reduce(into: &state, action: .layoutChanged(layout))  // [.load(...), .load(...)]
/// ```
public struct GalleryModel: Reducer {
    public init() {}

    /// Applies `action` to `state` and returns the work to do, in order.
    public func reduce(into state: inout GalleryState, action: GalleryAction) -> [GalleryEffect] {
        var effects: [GalleryEffect] = []
        switch action {
        case .layoutChanged(let layout):
            state.changeLayout(to: layout, effects: &effects)
        case .scroll(let rows):
            state.scroll(by: rows, effects: &effects)
        case .moveSelection(let count):
            state.moveSelection(by: count)
        case .page(let pages):
            state.page(by: pages)
        case .selectFirst:
            state.select(0)
        case .selectLast:
            state.select(state.items.count - 1)
        case .activateSelected:
            if let index = state.selectedIndex { state.activate(index, effects: &effects) }
        case .tap(let index):
            guard state.items.indices.contains(index), state.removal == nil else { break }
            state.select(index)
            state.activate(index, effects: &effects)
        case .openFullView(let index, let screen):
            state.openFullView(at: index, screen: screen, effects: &effects)
        case .closeFullView:
            state.closeFullView(effects: &effects)
        case .zoom(let command):
            state.zoomFullView(command)
        case .originalLoaded(let token, let result):
            state.finishOriginal(token, result: result)
        case .refresh:
            state.refresh(effects: &effects)
        case .toggleHelp:
            state.isShowingHelp.toggle()
        case .tick(let now):
            state.advanceRemoval(to: now, effects: &effects)
        case .connectivityChanged(let isOnline):
            state.connectivityChanged(isOnline: isOnline)
        case .offlineCacheUnavailable(let error):
            state.status = .notSavedOffline(error)
        case .loadFinished(let token, let result):
            state.finishLoad(token, result: result, effects: &effects)
        case .loadProgressed(let token, let progress):
            state.noteProgress(progress, of: token)
        case .animationFrame(let playback, let bitmap):
            state.showFrame(bitmap, of: playback)
        }
        state.reconcileLoads(effects: &effects)
        state.reprioritizeLoads(effects: &effects)
        state.reconcilePlayback(effects: &effects)
        return effects
    }
}

// MARK: - Navigation

extension GalleryState {
    mutating func changeLayout(to newLayout: GalleryLayout, effects: inout [GalleryEffect]) {
        let grew = newLayout.cellPixelSize.width > layout.cellPixelSize.width
            || newLayout.cellPixelSize.height > layout.cellPixelSize.height
        layout = newLayout
        clampScrollOffset()
        if let selectedIndex { scrollOffset = layout.offset(revealing: selectedIndex, from: scrollOffset, count: items.count) }
        if grew { reloadSharper(effects: &effects) }
    }

    mutating func scroll(by rows: Int, effects: inout [GalleryEffect]) {
        if rows < 0 && scrollOffset == 0 {
            // The wheel pulled down past the top: the terminal's pull-to-refresh.
            refresh(effects: &effects)
            return
        }
        clearTransientStatus()
        scrollOffset += rows
        clampScrollOffset()
        keepSelectionOnScreen()
    }

    mutating func moveSelection(by count: Int) {
        guard let selectedIndex else { return }
        select(selectedIndex + count)
    }

    mutating func page(by pages: Int) {
        clearTransientStatus()
        let before = scrollOffset
        scrollOffset += pages * max(1, layout.viewportHeight)
        if layout.cellHeight <= layout.viewportHeight, layout.pitch > 0 {
            // Cells that fit the screen: a page lands on a cell's top, never one row into it with
            // its bottom border cut, and always moves at least one cell.
            let pitch = layout.pitch
            if pages > 0 {
                let snapped = (scrollOffset / pitch) * pitch
                scrollOffset = snapped > before ? snapped : (before / pitch + 1) * pitch
            } else {
                let snapped = ((scrollOffset + pitch - 1) / pitch) * pitch
                scrollOffset = snapped < before ? snapped : max(0, (before - 1) / pitch) * pitch
            }
        }
        clampScrollOffset()
        keepSelectionOnScreen()
    }

    /// Selects the item at `index` (clamped) and scrolls it into view.
    mutating func select(_ index: Int) {
        clearTransientStatus()
        guard !items.isEmpty else { return }
        let clamped = min(max(0, index), items.count - 1)
        selectedIndex = clamped
        scrollOffset = layout.offset(revealing: clamped, from: scrollOffset, count: items.count)
    }

    mutating func clampScrollOffset() {
        scrollOffset = min(max(0, scrollOffset), layout.maxScrollOffset(count: items.count))
    }

    /// After a scroll, moves the selection to the nearest cell on screen.
    mutating func keepSelectionOnScreen() {
        guard let selectedIndex else { return }
        let visible = visibleRange
        guard !visible.isEmpty, !visible.contains(selectedIndex) else { return }
        self.selectedIndex = min(max(selectedIndex, visible.lowerBound), visible.upperBound - 1)
    }

    mutating func clearTransientStatus() {
        if status?.isTransient == true { status = nil }
    }
}

// MARK: - Removal

extension GalleryState {
    /// Starts removing the item at `index`, which only a loaded picture allows.
    mutating func activate(_ index: Int, effects: inout [GalleryEffect]) {
        guard removal == nil, items.indices.contains(index) else { return }
        guard items[index].status.isLoaded else {
            if case .failed(let failure) = items[index].status {
                status = .cannotRemoveFailed(failure)
            } else {
                status = .cannotRemoveNotLoaded
            }
            return
        }
        let id = items[index].id
        cancelLoad(of: id, effects: &effects)
        refreshPending.remove(id)
        items[index].isReloading = false
        removal = RemovalAnimation(itemID: id, index: index)
        effects.append(.scheduleTick)
    }

    mutating func advanceRemoval(to now: Duration, effects: inout [GalleryEffect]) {
        guard var animation = removal else { return }
        guard let started = animation.phaseStartedAt else {
            animation.phaseStartedAt = now
            removal = animation
            effects.append(.scheduleTick)
            return
        }
        var phaseStart = started
        var duration = animation.phase == .slidingOut ? configuration.slideOutDuration : configuration.closeGapDuration
        if animation.phase == .slidingOut && now - phaseStart >= duration {
            // The slide is over: the gap starts closing at the exact moment it ended.
            animation.phase = .closingGap
            phaseStart += duration
            animation.phaseStartedAt = phaseStart
            duration = configuration.closeGapDuration
        }
        animation.progress = Self.fraction(now - phaseStart, of: duration)
        guard animation.phase == .closingGap, animation.progress >= 1 else {
            removal = animation
            effects.append(.scheduleTick)
            return
        }
        removal = nil
        removeItem(animation.itemID)
    }

    static func fraction(_ elapsed: Duration, of total: Duration) -> Double {
        guard total > .zero else { return 1 }
        return min(1, max(0, elapsed / total))
    }

    /// Takes the item out of the list; the ones below move up one place and keep their order.
    mutating func removeItem(_ id: ItemID) {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return }
        items.remove(at: index)
        if items.isEmpty {
            selectedIndex = nil
        } else if let selected = selectedIndex {
            selectedIndex = min(selected > index ? selected - 1 : selected, items.count - 1)
        }
        clampScrollOffset()
    }
}

// MARK: - Refresh

extension GalleryState {
    /// Restores the original items in their original order, without animation, and downloads
    /// again every picture that had been downloaded before. Pictures on screen stay while they reload.
    /// Every failed cell starts afresh, as the shared rule (``RetryOccasion/refresh``) asks.
    mutating func refresh(effects: inout [GalleryEffect]) {
        for token in inFlight.values.sorted(by: { $0.generation < $1.generation }) {
            effects.append(.cancel(token))
        }
        inFlight = [:]
        refreshPending = []
        removal = nil
        status = nil
        let pictures = Dictionary(items.compactMap { item in item.status.picture.map { (item.id, $0) } },
                                  uniquingKeysWith: { first, _ in first })
        items = Self.freshItems(originalURLs)
        scrollOffset = 0
        selectedIndex = items.isEmpty ? nil : 0
        for index in items.indices where everLoaded.contains(items[index].id) {
            let id = items[index].id
            if let picture = pictures[id] {
                items[index].status = .loaded(picture)
                items[index].isReloading = true
            } else {
                items[index].status = .loading
            }
            refreshPending.insert(id)
            startLoad(at: index, policy: .refresh, effects: &effects)
        }
        isRefreshing = !refreshPending.isEmpty
    }

    /// After the cells grew, loads pictures on screen again at the new size (from the caches).
    mutating func reloadSharper(effects: inout [GalleryEffect]) {
        for index in loadWindow where items[index].status.isLoaded && !items[index].isReloading {
            guard items[index].id != removal?.itemID else { continue }
            items[index].isReloading = true
            startLoad(at: index, policy: .cached, effects: &effects)
        }
    }
}

// MARK: - Loading

extension GalleryState {
    /// The cells that should be loading: the visible ones plus `GalleryConfiguration/loadAhead` more.
    var loadWindow: Range<Int> {
        let visible = visibleRange
        guard !visible.isEmpty else { return 0..<0 }
        return ImageWindow.wanted(
            firstVisibleRow: visible.lowerBound, visibleRows: visible.count, columns: 1, count: items.count,
            extraRows: configuration.loadAhead)
    }

    /// The cells that keep their decoded picture in the state.
    var retainWindow: Range<Int> {
        let visible = visibleRange
        guard !visible.isEmpty else { return 0..<0 }
        let lower = max(0, visible.lowerBound - configuration.retainMargin)
        let upper = min(items.count, visible.upperBound + configuration.loadAhead + configuration.retainMargin)
        return lower..<upper
    }

    /// Starts loads for cells that came on screen, cancels loads of cells that left it, and lets go
    /// of pictures far off screen.
    mutating func reconcileLoads(effects: inout [GalleryEffect]) {
        let load = loadWindow
        let retain = retainWindow
        for index in items.indices {
            let item = items[index]
            guard item.id != removal?.itemID, !refreshPending.contains(item.id) else { continue }
            switch item.status {
            case .idle where load.contains(index):
                items[index].status = .loading
                startLoad(at: index, policy: .cached, effects: &effects)
            case .loading where !load.contains(index):
                // Scrolled away before it finished: cancel, nothing is cached; it starts again on return.
                cancelLoad(of: item.id, effects: &effects)
                items[index].status = .idle
            case .loaded where item.isReloading && !load.contains(index):
                cancelLoad(of: item.id, effects: &effects)
                items[index].isReloading = false
                if !retain.contains(index) { items[index].status = .idle }
            case .loaded where !retain.contains(index):
                // Far off screen: the memory cache and the disk keep the picture, the state lets go.
                items[index].status = .idle
            default:
                break
            }
        }
    }

    mutating func startLoad(at index: Int, policy: LoadPolicy, effects: inout [GalleryEffect]) {
        let item = items[index]
        cancelLoad(of: item.id, effects: &effects)
        lastGeneration += 1
        let token = LoadToken(itemID: item.id, generation: lastGeneration)
        inFlight[item.id] = token
        items[index].progress = nil
        let priority: RequestPriority.Level = visibleRange.contains(index) ? .high : .normal
        inFlightPriority[item.id] = priority
        effects.append(.load(LoadRequest(
            token: token, url: item.url, targetSize: layout.cellPixelSize, policy: policy, priority: priority)))
    }

    /// Keeps a slow load's progress for its cell; a report that overtook a later one is dropped.
    mutating func noteProgress(_ progress: TransferProgress, of token: LoadToken) {
        guard inFlight[token.itemID] == token, let index = items.firstIndex(where: { $0.id == token.itemID }),
              progress.received >= items[index].progress?.received ?? 0
        else { return }
        items[index].progress = progress
    }

    /// Raises the loads of cells that came on screen and lowers those that went ahead of it again,
    /// so the client's concurrency limit serves what is seen first.
    mutating func reprioritizeLoads(effects: inout [GalleryEffect]) {
        let visible = visibleRange
        for index in items.indices {
            let id = items[index].id
            guard let token = inFlight[id] else { continue }
            let level: RequestPriority.Level = visible.contains(index) ? .high : .normal
            guard inFlightPriority[id] != level else { continue }
            inFlightPriority[id] = level
            effects.append(.prioritize(token, level))
        }
    }

    mutating func cancelLoad(of id: ItemID, effects: inout [GalleryEffect]) {
        inFlightPriority[id] = nil
        guard let token = inFlight.removeValue(forKey: id) else { return }
        effects.append(.cancel(token))
    }

    mutating func finishLoad(
        _ token: LoadToken, result: Result<LoadedPicture, LoadFailure>, effects: inout [GalleryEffect]
    ) {
        guard inFlight[token.itemID] == token else { return }  // cancelled or superseded
        inFlight[token.itemID] = nil
        inFlightPriority[token.itemID] = nil
        refreshPending.remove(token.itemID)
        defer { if refreshPending.isEmpty { isRefreshing = false } }
        guard let index = items.firstIndex(where: { $0.id == token.itemID }) else { return }
        items[index].isReloading = false
        items[index].progress = nil
        switch result {
        case .success(let picture):
            items[index].status = .loaded(picture)
            everLoaded.insert(token.itemID)
            if let storeError = picture.storeError { status = .notSavedOffline(storeError.userFacingError) }
            if let failure = picture.refreshFailure {
                note(failure)
            } else if picture.source == .network && isOffline {
                connectivityChanged(isOnline: true)
            }
            if picture.isStale && !isOffline {
                // Past its freshness: shown at once, and the server asked whether it changed.
                items[index].isReloading = true
                startLoad(at: index, policy: .refresh, effects: &effects)
            }
        case .failure(let failure):
            // A picture already on screen stays when its reload fails.
            if !items[index].status.isLoaded { items[index].status = .failed(failure) }
            note(failure)
        }
    }

    /// Updates the offline flag and the status bar for a failure.
    mutating func note(_ failure: LoadFailure) {
        if failure.kind == .offline { isOffline = true }
        if failure.kind.suggestsRefresh { status = .pullToRefresh(after: failure.kind) }
        // The network is up but the server is not: say which, or a refresh would end in silence.
        if failure.kind == .refused || failure.kind == .hostNotFound { status = .cannotReach(failure) }
    }

    mutating func connectivityChanged(isOnline: Bool) {
        guard isOnline else {
            isOffline = true
            return
        }
        isOffline = false
        guard configuration.autoRetry else { return }
        var retried = false
        for index in items.indices {
            guard let failure = items[index].status.failure,
                RetryOccasion.connectivityRestored.asksAgain(forFailureOffline: failure.kind.isUnreachable)
            else { continue }
            // Back to idle: the ones on screen load again right away, the rest when they come back.
            items[index].status = .idle
            retried = true
        }
        if retried { status = .retryingAfterReconnect }
    }
}
