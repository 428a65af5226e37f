import CommandOptions
import CommandOutput
import ErrorReporting
import FlickrFeed
import Foundation
import Imaging
import Networking
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
    /// What the place of each failed thumbnail says.
    var thumbnailFailures: [String: LocalizedText] = [:]
    /// The large picture of the detail view, by photo id.
    var large: (id: String, bitmap: Bitmap)?
    var largeFailed: UserFacingError?
    /// How far a slow large picture's download is.
    var largeProgress: TransferProgress?
    /// The large picture's zoom, once its bytes are read.
    var zoom: FeedZoom?
    /// True while the `?` overlay shows.
    var isShowingHelp = false
    /// Why the first page could not be kept for the next launch, said on the hint line.
    var notSaved: UserFacingError?
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
        if view.isShowingHelp {
            let help = view.mode == .grid ? FeedView.help(language: language, imageMode: imageMode) : fullViewHelp
            help.draw(into: &frame)
        }
        return frame
    }

    // MARK: - Grid

    /// The grid's geometry at `size` with this view's pictures.
    func layout(size: TerminalSize, columns: Int) -> FeedLayout {
        FeedLayout(size: size, columns: columns, cellPixels: imageMode.cellPixels)
    }

    private func drawGrid(_ feed: FeedState, _ view: FeedViewState, into frame: inout Frame) {
        let layout = layout(size: frame.size, columns: feed.configuration.columns)
        drawTitleBar(feed, into: &frame)
        drawBanner(feed, into: &frame)
        let count = feed.photos.count
        let area = layout.gridRect
        var hints = FeedView.hints.map { $0.text(in: language) }
        if count == 0 {
            drawEmpty(feed, in: area, into: &frame)
        } else {
            let grid = layout.grid(selection: feed.selection, topRow: view.topRow)
            grid.draw(itemCount: count, into: &frame, in: area) { index, cell, selected, frame in
                drawCell(feed.photos[index], selected: selected, view: view, cell: cell, layout: layout, into: &frame)
            }
            // The loading row: under the last photo row when it is on screen, else on the hint line.
            let lastRow = grid.rowCount(itemCount: count) - 1
            let firstShown = grid.visibleOffsetRow(itemCount: count, height: area.height)
            let below = area.row + (lastRow - firstShown + 1) * grid.rowPitch
            if below < area.maxRow {
                drawFooter(feed, row: below, into: &frame)
            } else if lastRow - firstShown < grid.visibleRows(height: area.height) {
                hints = [footerText(feed).text]
            }
        }
        if let notSaved = view.notSaved {
            frame.put(
                TerminalSafeText.line(notSaved.line(in: language)), column: 0, row: frame.size.rows - 1,
                style: Style().foreground(.yellow), maxWidth: frame.size.columns, truncation: .ellipsis)
        } else {
            frame.put(
                TextLayout.fit(hints, toWidth: frame.size.columns), column: 0, row: frame.size.rows - 1,
                style: Style().dimmed, maxWidth: frame.size.columns)
        }
    }

    /// The key hints, most needed first: a narrow screen leaves out those before "q quit".
    static let hints = [
        LocalizedText(en: "↑↓←→ move", ru: "↑↓←→ выбор"),
        LocalizedText(en: "Enter open", ru: "Enter открыть"),
        LocalizedText(en: "r refresh", ru: "r обновить"),
        LocalizedText(en: "? help", ru: "? справка"),
        LocalizedText(en: "q quit", ru: "q выход"),
    ]

    /// The `?` overlay.
    /// The `?` overlay of the large view: the full view's keys.
    private var fullViewHelp: HelpOverlay {
        HelpOverlay(
            title: HelpPhrases.keys.text(in: language),
            entries: FullView.helpEntries(language: language).map { HelpOverlay.Entry($0.keys, $0.action) },
            notes: [language == .russian ? imageMode.russianSummary : imageMode.summary],
            closeHint: HelpPhrases.anyKeyCloses.text(in: language))
    }

    static func help(language: Language, imageMode: ImageCells.Mode) -> HelpOverlay {
        let entries: [(LocalizedText, LocalizedText)] = [
            (LocalizedText(en: "↑ ↓ ← →  h j k l", ru: "↑ ↓ ← →  h j k l"),
             LocalizedText(en: "move the selection", ru: "выбор фотографии")),
            (LocalizedText(en: "PgUp PgDn Space", ru: "PgUp PgDn Пробел"),
             LocalizedText(en: "scroll a screen", ru: "прокрутить на экран")),
            (LocalizedText(en: "Home End  g G", ru: "Home End  g G"),
             LocalizedText(en: "first / last", ru: "первая / последняя")),
            (LocalizedText(en: "Enter, click", ru: "Enter, щелчок"),
             LocalizedText(en: "open the photo large to zoom; Esc back", ru: "открыть фото крупно, с масштабом; Esc назад")),
            (LocalizedText(en: "r, wheel up", ru: "r, колесо ↑"),
             LocalizedText(en: "pull to refresh", ru: "обновить (потянуть вниз)")),
            (LocalizedText(en: "?", ru: "?"), LocalizedText(en: "this help", ru: "эта справка")),
            (LocalizedText(en: "q, Ctrl-D", ru: "q, Ctrl-D"), LocalizedText(en: "quit", ru: "выход")),
        ]
        return HelpOverlay(
            title: HelpPhrases.keys.text(in: language),
            entries: entries.map { HelpOverlay.Entry($0.0.text(in: language), $0.1.text(in: language)) },
            notes: [language == .russian ? imageMode.russianSummary : imageMode.summary], closeHint: HelpPhrases.anyKeyCloses.text(in: language))
    }

    /// No photo to show: the first page is coming, or it cannot come and none was saved.
    private func drawEmpty(_ feed: FeedState, in area: Rect, into frame: inout Frame) {
        let offline = isOffline || feed.isOffline
        // The body never says "Loading" while the banner says the load failed: the failure shows
        // here until a page arrives, a retry on its way included.
        let failure: UserFacingError? = if case .failed(let error) = feed.footer { shown(error, feed) } else { shownError(feed) }
        if let failure, !offline, feed.footer != .end {
            let lines = TextLayout.wrap(failure.line(in: language), width: max(10, area.width - 4))
            for (offset, line) in lines.enumerated() {
                frame.putCentered(line, in: area, row: area.row + area.height / 2 + offset, style: Style().foreground(.red))
            }
            return
        }
        let text: LocalizedText
        switch feed.footer {
        case .end: text = FlickrMessages.endOfFeed
        default: text = offline ? FlickrAdvice.nothingSavedOffline : FlickrMessages.firstPageLoading
        }
        let lines = TextLayout.wrap(text.text(in: language), width: max(10, area.width - 4))
        for (offset, line) in lines.enumerated() {
            frame.putCentered(line, in: area, row: area.row + area.height / 2 + offset, style: Style().dimmed)
        }
    }

    private func drawTitleBar(_ feed: FeedState, into frame: inout Frame) {
        let width = frame.size.columns
        frame.fill(Rect(column: 0, row: 0, width: width, height: 1), with: " ", style: Style().reversed)
        let title = LocalizedText(en: "Flickr · recent photos", ru: "Flickr · новые фотографии").text(
            in: language)
        frame.put(
            " " + title, column: 0, row: 0, style: Style().reversed.bolded, maxWidth: width,
            truncation: .ellipsis)
        guard !feed.photos.isEmpty else { return }
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
                FlickrMessages.saved(age: SavedPage.wordedAge(from: savedAt, to: now, in: language)).text(in: language))
        }
        // A first page on its way says so, over a saved page too: a refresh that waits on a
        // silent server must not look like nothing happened. A next page has the footer's row.
        if feed.inFlight?.page == 1, !feed.photos.isEmpty || feed.lastError != nil {
            parts.append(FlickrMessages.refreshing.text(in: language))
        }
        // The failure after it stays in view, beside the saved page's age as well.
        if let error = shownError(feed), !(isOffline || feed.isOffline) {
            parts.append(error.line(in: language))
            style = Style().foreground(.red)
        }
        // Only on the page that skipped them: a count that added up across pages, and stayed on
        // pages with no repeats, said nothing about what is on screen.
        if parts.isEmpty, let dropped = feed.skippedRepeats(onPageShowing: feed.selection) {
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
        _ photo: FlickrPhoto, selected: Bool, view: FeedViewState, cell: Rect, layout: FeedLayout,
        into frame: inout Frame
    ) {
        let rect = layout.imageRect(inCell: cell)
        // The 4:3 frame, visible around a picture that does not fill it.
        let frameStyle = Style().background(.palette(236))
        frame.fill(rect, with: " ", style: frameStyle)
        if let bitmap = view.thumbnails[photo.id], let cell = imageMode.cellPixels {
            // In pixels the frame is exactly 4:3, as wide as the cell and centred in its rows, the
            // picture fitted inside it on the frame's grey.
            let size = layout.thumbnailSize
            let area = PixelRect(
                x: 0, y: max(0, (rect.height * cell.height - size.height) / 2), width: size.width, height: size.height)
            ImageCells.draw(
                bitmap, into: &frame, pixels: area, of: rect, mode: imageMode, style: frameStyle,
                matte: RGBA(r: 48, g: 48, b: 48))
        } else if let bitmap = view.thumbnails[photo.id] {
            ImageCells.draw(
                bitmap, into: &frame, in: rect, mode: imageMode,
                background: RGBA(r: 48, g: 48, b: 48), label: photo.title)
        } else {
            let text =
                view.failedThumbnails.contains(photo.id)
                ? (view.thumbnailFailures[photo.id] ?? CommonPhrases.imageUnavailable).text(in: language) : "…"
            let lines = TextLayout.wrap(text, width: max(1, rect.width - 2)).prefix(max(1, rect.height))
            let top = rect.row + (rect.height - lines.count) / 2
            for (offset, line) in lines.enumerated() {
                frame.putCentered(line, in: rect, row: top + offset, style: frameStyle.dimmed)
            }
        }
        let title =
            photo.title.isEmpty
            ? LocalizedText(en: "(untitled)", ru: "(без названия)").text(in: language)
            : photo.title
        var titleStyle = photo.title.isEmpty ? Style().dimmed : Style()
        if selected { titleStyle = titleStyle.reversed.bolded }
        frame.put(
            title, column: cell.column, row: rect.maxRow, style: titleStyle, maxWidth: cell.width,
            truncation: .ellipsis)
    }

    /// The feed's last failure with the command's advice beside it.
    private func shownError(_ feed: FeedState) -> UserFacingError? {
        feed.lastFailure.map { FlickrAdvice.shown($0, onScreen: true) } ?? feed.lastError
    }

    /// `error` (the footer's copy of the last failure) with the command's advice.
    private func shown(_ error: UserFacingError, _ feed: FeedState) -> UserFacingError {
        shownError(feed) ?? error
    }

    private func footerText(_ feed: FeedState) -> (text: String, style: Style) {
        switch feed.footer {
        case .loading, .more:
            (FlickrMessages.loading.text(in: language), Style().dimmed)
        case .end:
            (FlickrMessages.endOfFeed.text(in: language), Style().dimmed)
        case .needsNetwork:
            (FlickrMessages.moreNeedsNetwork.text(in: language), Style().foreground(.yellow))
        case .failed(let error):
            (shown(error, feed).line(in: language), Style().foreground(.red))
        }
    }

    private func drawFooter(_ feed: FeedState, row: Int, into frame: inout Frame) {
        let (text, style) = footerText(feed)
        frame.putCentered(
            text, in: Rect(column: 0, row: row, width: frame.size.columns, height: 1), row: row, style: style)
    }

    // MARK: - Detail

    /// The large view: the shared full view (zoom and pan), the owner and id on its caption row; the
    /// fitted picture (an animation playing) until the photo's bytes are read or while it fits.
    private func drawDetail(_ photo: FlickrPhoto, _ view: FeedViewState, into frame: inout Frame) {
        let title =
            photo.title.isEmpty
            ? LocalizedText(en: "(untitled)", ru: "(без названия)").text(in: language)
            : photo.title
        let owner = LocalizedText(en: "Owner", ru: "Автор").text(in: language)
        let caption = "\(owner): \(photo.ownerLabel)" + (photo.ownerName == nil ? "" : " (\(photo.owner))") + " · "
            + LocalizedText(en: "ID: \(photo.id)", ru: "Номер: \(photo.id)").text(in: language)
        let fullView = FullView(title: title, language: language, mode: imageMode, caption: caption)
        let large = view.large.flatMap { $0.id == photo.id ? $0.bitmap : nil }
        if let zoom = view.zoom, zoom.photoID == photo.id, let source = zoom.source, let viewport = zoom.viewport,
            !(source.isAnimated && viewport.isFitted && large != nil)
        {
            let note = zoom.fetchingLargest ? FullViewPhrases.fetchingOriginal.text(in: language) : nil
            fullView.draw(source: source, viewport: viewport, note: note, into: &frame)
            return
        }
        // No label over the picture: the title bar names it once.
        fullView.draw(preview: large ?? view.thumbnails[photo.id], note: view.largeFailed?.line(in: language), into: &frame)
        let imageRect = fullView.pictureArea(in: frame.size)
        if large == nil, view.largeFailed == nil, let progress = view.largeProgress, imageRect.height > 0 {
            drawProgress(progress, into: &frame, across: imageRect)
        }
    }

    /// A bar and its percentage (or the bytes so far, when the total is unknown) across a row.
    private func drawProgress(_ progress: TransferProgress, into frame: inout Frame, across rect: Rect) {
        let width = rect.width
        let row = rect.maxRow - 1
        let label: String
        if let fraction = progress.fraction {
            label = " \(Int(fraction * 100))% "
        } else {
            label = " \(progress.received / 1024) \(LocalizedText(en: "KB", ru: "КБ").text(in: language)) "
        }
        let barWidth = max(0, min(40, width - label.count - 4))
        let filled = Int((progress.fraction ?? 0) * Double(barWidth))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
        let line = bar + label
        frame.fill(Rect(column: rect.column, row: row, width: width, height: 1), with: " ", style: Style())
        frame.put(line, column: rect.column + max(0, (width - line.count) / 2), row: row, maxWidth: width,
                  truncation: .ellipsis)
    }
}
