import ErrorReporting
import FlickrFeed
import Foundation
import ImagePipeline
import Imaging
import TerminalUI

/// `--render-once COLSxROWS`: the saved first page drawn as a frame with its pictures from disk,
/// printed as text, then exit. Measures launch (`bench flickr-launch`) without a terminal.
///
/// A mode of the command, not a screen: it loads the visible pictures itself, then hands the state,
/// the pictures and the time (`now`, the command's) to ``FeedView``, whose render reads neither a
/// clock nor a cache.
enum LaunchFrame {
    @MainActor
    static func render(
        size text: String, store: FirstPageStore, pipeline: ImagePipeline, imageURLs: FlickrImageURLs,
        configuration: FeedConfiguration, language: Language, now: Date
    ) async -> String {
        let parts = text.split(separator: "x").compactMap { Int($0) }
        let size =
            parts.count == 2
            ? TerminalSize(columns: parts[0], rows: parts[1]) : TerminalSize(columns: 100, rows: 40)
        var state = FeedState(configuration: configuration)
        _ = FeedModel().reduce(into: &state, action: .launched(saved: store.load()))
        let layout = FeedLayout(size: size, columns: configuration.columns)
        var view = FeedViewState()
        let target = layout.thumbnailSize
        let visible = ImageWindow.wanted(
            firstVisibleRow: 0, visibleRows: layout.partlyVisibleRows, columns: layout.columns,
            count: state.photos.count, extraRows: 0)
        let loader = FeedPictureLoader(pipeline: pipeline, imageURLs: imageURLs)
        await withTaskGroup(of: (String, PictureOutcome).self) { group in
            for photo in state.photos[visible] {
                group.addTask { (photo.id, await loader.load(photo, size: target)) }
            }
            for await (id, outcome) in group {
                switch outcome {
                case .loaded(let bitmap): view.thumbnails[id] = bitmap
                case .failed: view.failedThumbnails.insert(id)
                }
            }
        }
        return FeedView(language: language, imageMode: .text, now: now, isOffline: false)
            .render(state, view, size: size).plainText()
    }
}
