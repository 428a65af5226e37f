import ErrorReporting
import FlickrFeed
import Foundation
import Imaging
import TerminalUI

/// What the screen shows besides the feed itself: scroll position, mode, pictures in hand.
struct FeedViewState {
    enum Mode: Equatable {
        case grid
        /// One photo large.
        case detail(index: Int)
    }

    var mode: Mode = .grid
    var topRow = 0
    /// Pictures in hand, by photo id, fitted to the cell.
    var thumbnails: [String: Bitmap] = [:]
    /// Photos whose picture could not be loaded.
    var failedThumbnails: Set<String> = []
    /// The large picture of the detail view, by photo id.
    var large: (id: String, bitmap: Bitmap)?
    var largeFailed: UserFacingError?
}

/// Draws the feed: a pure function of the feed state, the view state and the size, so screens can
/// be tested as text.
struct FeedView {
    var language: Language
    var imageMode: ImageCells.Mode
    var now: Date
    /// True while the network is known to be down (from Connectivity or the last fetch).
    var isOffline: Bool

    func render(_ feed: FeedState, _ view: FeedViewState, size: TerminalSize) -> Frame {
        var frame = Frame(size: size)
        guard size.columns >= 10, size.rows >= 6 else {
            frame.put("flickr", column: 0, row: 0, maxWidth: size.columns, truncation: .ellipsis)
            return frame
        }
        switch view.mode {
        case .grid:
            drawGrid(feed, view, into: &frame)
        case .detail(let index):
            if feed.photos.indices.contains(index) {
                drawDetail(feed.photos[index], view, into: &frame)
            } else {
                drawGrid(feed, view, into: &frame)
            }
        }
        return frame
    }

    // MARK: - Grid

    private func drawGrid(_ feed: FeedState, _ view: FeedViewState, into frame: inout Frame) {
        let layout = GridLayout(size: frame.size, columns: feed.configuration.columns)
        drawTitleBar(feed, into: &frame)
        drawBanner(feed, into: &frame)
        let count = feed.photos.count
        let rows = layout.rowCount(for: count)
        var lastDrawnSlot = -1
        for slot in 0..<layout.visibleRows {
            let row = view.topRow + slot
            guard row < rows else { break }
            lastDrawnSlot = slot
            for column in 0..<layout.columns {
                let index = row * layout.columns + column
                guard index < count else { break }
                drawCell(
                    feed.photos[index], selected: index == feed.selection, view: view,
                    rect: layout.imageRect(column: column, slot: slot), into: &frame)
            }
        }
        // The loading row: under the last photo row when it is on screen.
        if rows == 0 || view.topRow + lastDrawnSlot == rows - 1 {
            let y = min(layout.gridTop + (lastDrawnSlot + 1) * layout.cellHeight, layout.gridBottom - 1)
            drawFooter(feed, row: y, into: &frame)
        }
        let hints = LocalizedText(
            en: "↑↓←→ move · Enter open · r refresh · q quit",
            ru: "↑↓←→ выбор · Enter открыть · r обновить · q выход"
        )
        frame.put(
            hints.text(in: language), column: 0, row: frame.size.rows - 1, style: Style().dimmed,
            maxWidth: frame.size.columns, truncation: .ellipsis)
    }

    private func drawTitleBar(_ feed: FeedState, into frame: inout Frame) {
        let width = frame.size.columns
        frame.fill(Rect(column: 0, row: 0, width: width, height: 1), with: " ", style: Style().reversed)
        let title = LocalizedText(en: "Flickr · recent photos", ru: "Flickr · новые фотографии").text(
            in: language)
        frame.put(
            " " + title, column: 0, row: 0, style: Style().reversed.bolded, maxWidth: width,
            truncation: .ellipsis)
        var right = LocalizedText(en: "\(feed.photos.count) photos", ru: "фото: \(feed.photos.count)").text(
            in: language)
        if let pages = feed.pages, feed.loadedPages > 0 {
            right +=
                " · " + LocalizedText(en: "page", ru: "стр.").text(in: language)
                + " \(feed.loadedPages)/\(pages)"
        }
        let column = max(displayWidth(of: title) + 3, width - displayWidth(of: right) - 1)
        frame.put(right, column: column, row: 0, style: Style().reversed, maxWidth: width - column)
    }

    private func drawBanner(_ feed: FeedState, into frame: inout Frame) {
        var parts: [String] = []
        var style = Style().foreground(.yellow)
        if isOffline || feed.isOffline {
            parts.append(CommonPhrases.noInternet.text(in: language))
            style = Style().foreground(.brightWhite).background(.red).bolded
        }
        if let savedAt = feed.savedAt {
            parts.append(
                FlickrMessages.saved(age: SavedPage.wordedAge(from: savedAt, to: now)).text(in: language))
        } else if let error = feed.lastError, !(isOffline || feed.isOffline) {
            parts.append(error.line(in: language))
            style = Style().foreground(.red)
        }
        if feed.droppedDuplicates > 0, parts.isEmpty {
            let dropped = feed.droppedDuplicates
            parts.append(
                LocalizedText(
                    en: "\(dropped) repeated photos skipped (new uploads shifted the pages)",
                    ru: "Пропущено повторов: \(dropped) (новые загрузки сдвинули страницы)"
                )
                .text(in: language))
            style = Style().dimmed
        }
        guard !parts.isEmpty else { return }
        frame.put(
            " " + parts.joined(separator: " · ") + " ", column: 0, row: 1, style: style,
            maxWidth: frame.size.columns, truncation: .ellipsis)
    }

    private func drawCell(
        _ photo: FlickrPhoto, selected: Bool, view: FeedViewState, rect: Rect, into frame: inout Frame
    ) {
        // The 4:3 frame, visible around a picture that does not fill it.
        let frameStyle = Style().background(.palette(236))
        frame.fill(rect, with: " ", style: frameStyle)
        if let bitmap = view.thumbnails[photo.id] {
            ImageCells.draw(
                bitmap, into: &frame, in: rect, mode: imageMode,
                background: RGBA(r: 48, g: 48, b: 48), label: photo.title)
        } else {
            let text =
                view.failedThumbnails.contains(photo.id)
                ? CommonPhrases.imageUnavailable.text(in: language) : "…"
            frame.putCentered(text, in: rect, row: rect.row + rect.height / 2, style: frameStyle.dimmed)
        }
        let title =
            photo.title.isEmpty
            ? LocalizedText(en: "(untitled)", ru: "(без названия)").text(in: language)
            : photo.title
        var titleStyle = photo.title.isEmpty ? Style().dimmed : Style()
        if selected { titleStyle = titleStyle.reversed.bolded }
        frame.put(
            title, column: rect.column, row: rect.maxRow, style: titleStyle, maxWidth: rect.width,
            truncation: .ellipsis)
    }

    private func drawFooter(_ feed: FeedState, row: Int, into frame: inout Frame) {
        let text: String
        var style = Style().dimmed
        switch feed.footer {
        case .loading, .more:
            text = FlickrMessages.loading.text(in: language)
        case .end:
            text = FlickrMessages.endOfFeed.text(in: language)
        case .needsNetwork:
            text = FlickrMessages.moreNeedsNetwork.text(in: language)
            style = Style().foreground(.yellow)
        case .failed(let error):
            text = error.line(in: language)
            style = Style().foreground(.red)
        }
        frame.putCentered(
            text, in: Rect(column: 0, row: row, width: frame.size.columns, height: 1), row: row, style: style)
    }

    // MARK: - Detail

    private func drawDetail(_ photo: FlickrPhoto, _ view: FeedViewState, into frame: inout Frame) {
        let size = frame.size
        let title =
            photo.title.isEmpty
            ? LocalizedText(en: "(untitled)", ru: "(без названия)").text(in: language)
            : photo.title
        frame.fill(
            Rect(column: 0, row: 0, width: size.columns, height: 1), with: " ", style: Style().reversed)
        frame.put(
            " " + title, column: 0, row: 0, style: Style().reversed.bolded, maxWidth: size.columns,
            truncation: .ellipsis)
        let imageRect = FeedView.detailImageRect(for: size)
        if let large = view.large, large.id == photo.id {
            ImageCells.draw(large.bitmap, into: &frame, in: imageRect, mode: imageMode, label: photo.title)
        } else if let thumbnail = view.thumbnails[photo.id] {
            ImageCells.draw(thumbnail, into: &frame, in: imageRect, mode: imageMode, label: photo.title)
        } else {
            let text = view.largeFailed?.line(in: language) ?? FlickrMessages.loading.text(in: language)
            frame.putCentered(
                text, in: imageRect, row: imageRect.row + imageRect.height / 2, style: Style().dimmed)
        }
        let infoTop = imageRect.maxRow
        let owner = LocalizedText(en: "Owner", ru: "Автор").text(in: language)
        frame.put(
            title, column: 1, row: infoTop, style: Style().bolded, maxWidth: size.columns - 2,
            truncation: .ellipsis)
        frame.put(
            "\(owner): \(photo.ownerLabel)" + (photo.ownerName == nil ? "" : " (\(photo.owner))"),
            column: 1, row: infoTop + 1, maxWidth: size.columns - 2, truncation: .ellipsis)
        frame.put(
            "ID: \(photo.id)", column: 1, row: infoTop + 2, maxWidth: size.columns - 2, truncation: .ellipsis)
        let back = LocalizedText(en: "Esc back · q quit", ru: "Esc назад · q выход").text(in: language)
        frame.put(
            back, column: 0, row: size.rows - 1, style: Style().dimmed, maxWidth: size.columns,
            truncation: .ellipsis)
    }

    /// The picture area of the detail view: everything but the title bar and four lines of text.
    static func detailImageRect(for size: TerminalSize) -> Rect {
        Rect(column: 1, row: 1, width: max(1, size.columns - 2), height: max(1, size.rows - 5))
    }
}
