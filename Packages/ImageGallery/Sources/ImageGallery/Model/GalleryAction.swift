import ErrorReporting
import Foundation
import Imaging
import Networking

/// Everything that can happen to the gallery: a person's input, the clock, the network, a load.
///
/// The screen maps terminal events to these; the store feeds load results and connectivity back.
public enum GalleryAction: Sendable, Hashable {
    /// The screen measured itself (start, resize, orientation change).
    case layoutChanged(GalleryLayout)
    /// Scroll the content by `rows` (negative: up). Scrolling up while already at the top pulls to refresh.
    case scroll(by: Int)
    /// Move the selection by `count` items (arrows, j/k).
    case moveSelection(by: Int)
    /// Scroll by `pages` viewport heights (PgUp/PgDn), keeping the selection on screen.
    case page(by: Int)
    /// Select the first item and scroll to the top (Home).
    case selectFirst
    /// Select the last item (End).
    case selectLast
    /// Remove the selected item if its picture has loaded (Enter).
    case activateSelected
    /// Select the item at `index` and remove it if its picture has loaded (a click).
    case tap(index: Int)
    /// Open the picture at `index` over the whole screen (`v`, a double click), in a view of
    /// `screen` pixels; only a loaded picture opens.
    case openFullView(index: Int, screen: PixelSize)
    /// Close the full view (`Esc`, `q`): back to the list as it was.
    case closeFullView
    /// Zoom, pan, fit or resize the full view.
    case zoom(ZoomCommand)
    /// The full view's picture bytes were read (or could not be).
    case originalLoaded(LoadToken, Result<ZoomSource, LoadFailure>)
    /// Pull-to-refresh: restore the original items and download again what had been downloaded.
    case refresh
    /// Show or hide the key help.
    case toggleHelp
    /// The animation clock: `now` is any monotonic clock value, the same clock every time.
    case tick(now: Duration)
    /// The network came or went.
    case connectivityChanged(isOnline: Bool)
    /// The offline cache could not be opened (full or read-only disk): pictures still load, but
    /// are not kept, and the status bar says so.
    case offlineCacheUnavailable(UserFacingError)
    /// A load settled. Results of loads that were cancelled or superseded are ignored.
    case loadFinished(LoadToken, Result<LoadedPicture, LoadFailure>)
    /// A slow load's download moved on.
    case loadProgressed(LoadToken, TransferProgress)
    /// A playing animation's next frame is due. Frames of a playback that was stopped are ignored.
    case animationFrame(PlaybackID, Bitmap)
}

/// Names one load of one item, so a late result of a cancelled load is recognised and dropped.
public struct LoadToken: Sendable, Hashable, CustomStringConvertible {
    /// The item the load is for.
    let itemID: ItemID
    /// Increases with every load the model starts.
    public let generation: Int

    public var description: String { "\(itemID)@\(generation)" }
}

/// A load the model asks for.
public struct LoadRequest: Sendable, Hashable {
    /// Identifies the load in its result.
    public let token: LoadToken
    /// The picture's address.
    public let url: URL
    /// The cell's pixel size; the picture is downsampled to fit it.
    public let targetSize: PixelSize
    /// Caches first, or the network first.
    public let policy: LoadPolicy
    /// `high` for a cell on screen, `normal` for one ahead of it.
    public let priority: RequestPriority.Level
}

/// Work the model asks its store to do; the results come back as actions.
public enum GalleryEffect: Sendable, Hashable {
    /// Start a load; its result comes back as ``GalleryAction/loadFinished(_:_:)``.
    case load(LoadRequest)
    /// Cancel a load (its cell scrolled away, or a refresh replaced it).
    case cancel(LoadToken)
    /// A load in flight changes priority: its cell came on screen, or went ahead of it again.
    case prioritize(LoadToken, RequestPriority.Level)
    /// An animation runs: send another ``GalleryAction/tick(now:)`` soon (next frame).
    case scheduleTick
    /// Play a cell's animated picture; each frame comes back as ``GalleryAction/animationFrame(_:_:)``.
    case play(PlaybackRequest)
    /// Stop a playback (its cell left the screen, was removed or is reloading).
    case stopPlaying(PlaybackID)
    /// Read the original bytes of the picture at the URL for the full view; they come back as
    /// ``GalleryAction/originalLoaded(_:_:)``. Cancelled with ``cancel(_:)``.
    case loadOriginal(LoadToken, URL)
}
