import Foundation
import Networking

/// Everything the gallery screen shows, as a value. Only ``GalleryModel`` changes it, in answer to
/// a ``GalleryAction``; a screen renders it and nothing else.
public struct GalleryState: Sendable, Hashable {
    /// The list as it was at start: what pull-to-refresh restores.
    let originalURLs: [URL]
    /// The cells, in display order.
    public internal(set) var items: [GalleryItem]
    /// Fixed behaviour for the run.
    public let configuration: GalleryConfiguration
    /// The screen's geometry.
    public internal(set) var layout: GalleryLayout
    /// How far the content is scrolled, in the layout's units.
    public internal(set) var scrollOffset: Int
    /// The index of the selected item in ``items``; nil when there are none.
    public internal(set) var selectedIndex: Int?
    /// The removal animation that is running, if any.
    public internal(set) var removal: RemovalAnimation?
    /// True from a pull-to-refresh until every picture it downloads again has settled.
    public internal(set) var isRefreshing: Bool
    /// True while the network is known to be down: the screen shows the offline banner.
    public internal(set) var isOffline: Bool
    /// What the status bar says beside the key hints.
    public internal(set) var status: GalleryStatus?
    /// True while the key help is shown.
    public internal(set) var isShowingHelp: Bool
    /// The picture shown over the whole screen to look closer, if one is.
    public internal(set) var fullView: FullViewState?
    /// Items whose picture has loaded at least once this run, removed ones included: a refresh
    /// downloads these again.
    public internal(set) var everLoaded: Set<ItemID>

    /// The load in flight for each item.
    var inFlight: [ItemID: LoadToken]
    /// The priority each load in flight was last given: the cells on screen first, the ones ahead next.
    var inFlightPriority: [ItemID: RequestPriority.Level] = [:]
    /// Items a refresh is downloading again; ``isRefreshing`` ends when this empties.
    var refreshPending: Set<ItemID>
    /// The playback running for each cell whose animated picture plays (or has played out) on screen.
    var playing: [ItemID: PlaybackID] = [:]
    /// The generation of the last load token or playback handed out.
    var lastGeneration: Int

    /// A gallery of `urls`, nothing loaded and nothing on screen until the first ``GalleryAction/layoutChanged(_:)``.
    public init(urls: [URL], configuration: GalleryConfiguration = .init(), layout: GalleryLayout = .unmeasured) {
        self.originalURLs = urls
        self.items = Self.freshItems(urls)
        self.configuration = configuration
        self.layout = layout
        self.scrollOffset = 0
        self.selectedIndex = urls.isEmpty ? nil : 0
        self.removal = nil
        self.isRefreshing = false
        self.isOffline = false
        self.status = nil
        self.isShowingHelp = false
        self.everLoaded = []
        self.inFlight = [:]
        self.refreshPending = []
        self.lastGeneration = 0
    }

    static func freshItems(_ urls: [URL]) -> [GalleryItem] {
        urls.enumerated().map { GalleryItem(id: ItemID($0.offset), url: $0.element) }
    }

    /// The indices of the items that intersect the viewport.
    public var visibleRange: Range<Int> { layout.visibleRange(offset: scrollOffset, count: items.count) }

    /// The first item on screen (the viewport's "first visible cell").
    var firstVisibleIndex: Int? { visibleRange.isEmpty ? nil : visibleRange.lowerBound }

    /// How many items are at least partly on screen.
    var visibleCount: Int { visibleRange.count }

    /// The selected item.
    var selectedItem: GalleryItem? { selectedIndex.map { items[$0] } }

    /// The item with `id`, if it is still in the list.
    public func item(_ id: ItemID) -> GalleryItem? { items.first { $0.id == id } }

    /// How many of the pictures in the list have loaded this run. A loaded picture that scrolled
    /// far away is let go from the state (memory and disk keep it) but still counts: it is there
    /// again, without the network, when it comes back.
    public var loadedCount: Int { items.filter { everLoaded.contains($0.id) || $0.status.isLoaded }.count }

    /// True while any load (first load, refresh, or reload) is in flight.
    public var hasLoadsInFlight: Bool { !inFlight.isEmpty }
}
