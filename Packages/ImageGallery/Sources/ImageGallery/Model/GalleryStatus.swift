import ErrorReporting

/// What the status bar says beside the key hints.
public enum GalleryStatus: Sendable, Hashable {
    /// A cell was selected before its picture loaded.
    case cannotRemoveNotLoaded
    /// A cell whose picture failed to load was selected: it says that, and why.
    case cannotRemoveFailed(LoadFailure)
    /// `v` on a cell whose picture has not loaded: there is nothing to look at closer yet.
    case cannotOpenNotLoaded
    /// A load timed out or its connection dropped: try again with pull-to-refresh.
    case pullToRefresh(after: FailureKind)
    /// The server could not be reached though the network is up (refused, a name that does not
    /// resolve): the pictures shown stay, and a refresh may find it back.
    case cannotReach(LoadFailure)
    /// A picture is shown but could not be saved to the offline cache.
    case notSavedOffline(UserFacingError)
    /// The network came back and cells that failed for want of it are loading again.
    case retryingAfterReconnect

    /// The text in both languages.
    public var text: LocalizedText {
        switch self {
        case .cannotRemoveNotLoaded: GalleryPhrases.cannotRemoveNotLoaded
        case .cannotRemoveFailed(let failure):
            LocalizedText(
                en: "Failed to load: \(failure.cellMessage.english) — can't remove",
                ru: "Не загрузилось: \(failure.cellMessage.russian) — удалить нельзя")
        case .cannotOpenNotLoaded: GalleryPhrases.cannotOpenNotLoaded
        case .pullToRefresh(after: .timeout): GalleryPhrases.tookTooLongPullToRefresh
        case .pullToRefresh: GalleryPhrases.droppedPullToRefresh
        case .cannotReach(let failure): failure.message.then(GalleryPhrases.pullToRefreshKey)
        case .notSavedOffline(let error):
            GalleryPhrases.notSavedOffline.followed(by: error.message)
        case .retryingAfterReconnect: GalleryPhrases.retryingAfterReconnect
        }
    }

    /// The same in fewer words, for a narrow status bar: said shorter before it is cut.
    public var shortText: LocalizedText {
        switch self {
        case .cannotRemoveNotLoaded: GalleryPhrases.cannotRemoveNotLoadedShort
        case .cannotRemoveFailed(let failure):
            LocalizedText(en: "Failed", ru: "Ошибка").followed(by: Self.shortCause(of: failure))
        case .cannotOpenNotLoaded: GalleryPhrases.cannotOpenNotLoadedShort
        case .pullToRefresh(after: .timeout): GalleryPhrases.tookTooLongShort
        case .pullToRefresh: GalleryPhrases.droppedShort
        case .cannotReach(let failure): failure.message.then(GalleryPhrases.refreshKeyShort)
        case .notSavedOffline: GalleryPhrases.notSavedOffline
        case .retryingAfterReconnect: GalleryPhrases.retryingAfterReconnectShort
        }
    }

    /// The fewest words that still name the cause: the exact reason where the seed's words cover
    /// several («Image at this URL is unavailable»: not found, not an image...), else the message.
    private static func shortCause(of failure: LoadFailure) -> LocalizedText {
        switch failure.kind {
        case .unavailable, .invalidImage: failure.reason ?? failure.message
        default: failure.message
        }
    }

    /// True for a remark about one key press, cleared by the next move.
    var isTransient: Bool {
        switch self {
        case .cannotRemoveNotLoaded, .cannotRemoveFailed, .cannotOpenNotLoaded, .retryingAfterReconnect: true
        case .pullToRefresh, .cannotReach, .notSavedOffline: false
        }
    }
}
