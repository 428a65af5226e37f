import CommandOptions
import ErrorReporting
import ImageGallery
import Imaging
import Networking
import TerminalUI

/// Draws a ``GalleryState`` into a ``Frame``: a pure function of the state, the size and a few
/// display settings, so screens are tested as text.
struct GalleryRenderer: Sendable {
    /// The language of every word on screen.
    var language: Language
    /// How pictures become cells (truecolour, 256 colours or text).
    var imageMode: ImageCells.Mode
    /// Which spinner frame shows.
    var spinnerPhase: Int
    /// True when cells fit the screen's height (`f`) rather than its width (the task's rule).
    var fitsHeight: Bool
    /// True when the terminal plays animations itself (kitty): a cell passes its animation along
    /// with the first frame, and the model sends it no frames.
    var playsAnimations = false

    init(language: Language = .english, imageMode: ImageCells.Mode = .trueColor, spinnerPhase: Int = 0,
         fitsHeight: Bool = false) {
        self.language = language
        self.imageMode = imageMode
        self.spinnerPhase = spinnerPhase
        self.fitsHeight = fitsHeight
    }

    /// Where things go at `size`.
    func geometry(size: TerminalSize) -> ScreenGeometry {
        ScreenGeometry(size: size, cellPixels: imageMode.cellPixels, fitsHeight: fitsHeight, textGrid: imageMode.textGrid,
                       playsAnimations: playsAnimations)
    }

    static let selectedStyle = Style(foreground: .brightYellow, bold: true)
    static let cellStyle = Style(foreground: .gray)
    static let messageStyle = Style(foreground: .brightRed, bold: true)

    /// The whole screen.
    func render(_ state: GalleryState, size: TerminalSize) -> Frame {
        var frame = Frame(size: size)
        guard size.columns > 0, size.rows > 0 else { return frame }
        if let fullView = state.fullView {
            drawFullView(fullView, state, into: &frame)
            return frame
        }
        let geometry = geometry(size: size)
        drawTitle(state, into: &frame)
        drawBannerRow(state, into: &frame)
        if size.rows > 3 {
            var list = Frame(size: TerminalSize(columns: size.columns, rows: geometry.listHeight))
            // Where the help's box lies on the list, for the cells it covers.
            let helpBox = state.isShowingHelp ? help.boxRect(in: size) : nil
            let covering = helpBox.map { Rect(column: $0.column, row: $0.row - ScreenGeometry.listTop, width: $0.width, height: $0.height) }
            drawList(state, geometry: geometry, covering: covering, into: &list)
            frame.draw(list, column: 0, row: ScreenGeometry.listTop)
        }
        if size.rows > 1 { drawStatus(state, into: &frame, row: geometry.statusRow) }
        if state.isShowingHelp { drawHelp(into: &frame) }
        return frame
    }

    // MARK: The full view

    /// One picture over the whole screen, zoomed and panned (the shared ``FullView``); the cell's
    /// picture, fitted, until the original's bytes are read.
    private func drawFullView(_ view: FullViewState, _ state: GalleryState, into frame: inout Frame) {
        guard let index = state.items.firstIndex(where: { $0.id == view.itemID }) else { return }
        let item = state.items[index]
        let title = ScreenPhrases.selected(index + 1, of: state.items.count).text(in: language)
        let fullView = FullView(title: title, language: language, mode: imageMode)
        if let source = view.source, let viewport = view.viewport {
            fullView.draw(source: source, viewport: viewport, into: &frame)
        } else {
            let note = view.failure.map { $0.cellMessage.text(in: language) }
            fullView.draw(preview: item.status.picture?.bitmap, note: note, into: &frame)
        }
        if state.isShowingHelp { fullViewHelp.draw(into: &frame) }
    }

    /// The `?` overlay of the full view: its own keys.
    var fullViewHelp: HelpOverlay {
        HelpOverlay(
            title: HelpPhrases.keys.text(in: language),
            entries: FullView.helpEntries(language: language).map { HelpOverlay.Entry($0.keys, $0.action) },
            notes: [language == .russian ? imageMode.russianSummary : imageMode.summary],
            closeHint: HelpPhrases.anyKeyCloses.text(in: language))
    }

    // MARK: Bars

    private func drawTitle(_ state: GalleryState, into frame: inout Frame) {
        let counter = ScreenPhrases.loadedCount(state.loadedCount, of: state.items.count).text(in: language)
        let title = ScreenPhrases.title.text(in: language)
        // The counter goes before the title does; the title is never cut mid-word.
        let fits = displayWidth(of: title) + displayWidth(of: counter) + 4 <= frame.size.columns
        TitleBar(title, trailing: fits ? counter : "").draw(into: &frame, row: ScreenGeometry.titleRow)
    }

    private func drawBannerRow(_ state: GalleryState, into frame: inout Frame) {
        guard frame.size.rows > 2 else { return }
        if state.isOffline {
            Banner(CommonPhrases.noInternet.text(in: language), kind: .warning).draw(into: &frame, row: ScreenGeometry.bannerRow)
        } else if state.isRefreshing {
            // The pull-to-refresh spinner, where a phone shows it: above the list.
            let text = "\(Spinner(phase: spinnerPhase).symbol) \(ScreenPhrases.refreshing.text(in: language))"
            frame.putCentered(text, in: frame.bounds, row: ScreenGeometry.bannerRow, style: Style(bold: true))
        }
    }

    /// The key hints on the left, the status or the selected picture's number on the right; a
    /// narrow bar says the status in fewer words, and leaves hints out, before anything is cut.
    private func drawStatus(_ state: GalleryState, into frame: inout Frame, row: Int) {
        let room = max(0, frame.size.columns - 2)
        var right: String
        if let status = state.status {
            right = status.text.text(in: language)
            if displayWidth(of: right) > room { right = status.shortText.text(in: language) }
        } else if state.isRefreshing {
            right = ScreenPhrases.refreshing.text(in: language)
        } else if let selected = state.selectedIndex {
            right = ScreenPhrases.selected(selected + 1, of: state.items.count).text(in: language)
        } else {
            right = ""
        }
        let rightWidth = min(displayWidth(of: right), room)
        let leftRoom = max(0, room - (rightWidth > 0 ? rightWidth + 2 : 0))
        let hints = ScreenPhrases.hints.map { $0.text(in: language) }
        let left = leftRoom >= displayWidth(of: hints.last ?? "") ? TextLayout.fit(hints, separator: "  ", toWidth: leftRoom) : ""
        StatusBar(left: left, right: right).draw(into: &frame, row: row)
    }

    /// The `?` overlay, shared in form with the other apps'.
    var help: HelpOverlay {
        HelpOverlay(
            title: HelpPhrases.keys.text(in: language),
            entries: ScreenPhrases.help.map { HelpOverlay.Entry($0.keys.text(in: language), $0.action.text(in: language)) },
            notes: [language == .russian ? imageMode.russianSummary : imageMode.summary],
            closeHint: HelpPhrases.anyKeyCloses.text(in: language))
    }

    private func drawHelp(into frame: inout Frame) {
        help.draw(into: &frame)
    }

    // MARK: The list

    private func drawList(_ state: GalleryState, geometry: ScreenGeometry, covering: Rect?, into list: inout Frame) {
        guard !state.items.isEmpty else {
            list.putCentered(ScreenPhrases.empty.text(in: language), in: list.bounds, row: list.size.rows / 2)
            return
        }
        let layout = geometry.galleryLayout
        let pitch = layout.pitch
        let visible = layout.visibleRange(offset: state.scrollOffset, count: state.items.count)
        // One more below: while a gap closes, the next cell slides up into view.
        let first = max(0, visible.lowerBound - 1)
        let end = min(state.items.count, max(visible.upperBound, first) + 1)
        for index in first..<end {
            var top = layout.top(ofCellAt: index) - state.scrollOffset
            var left = geometry.cellLeft
            if let removal = state.removal {
                switch removal.phase {
                case .slidingOut where index == removal.index:
                    left += Int((removal.easedProgress * Double(list.size.columns)).rounded())
                case .closingGap where index == removal.index:
                    continue
                case .closingGap where index > removal.index:
                    top -= Int((removal.easedProgress * Double(pitch)).rounded())
                default:
                    break
                }
            }
            let rect = Rect(column: left, row: top, width: geometry.cellWidth, height: geometry.cellHeight)
            if let square = geometry.squarePixels {
                let covered = covering.map { !rect.intersection($0).isEmpty } ?? false
                drawSquareCell(state.items[index], selected: index == state.selectedIndex, square: square, in: rect,
                               covered: covered, animation: state.animationPlayedByScreen(at: index), into: &list)
            } else {
                drawCell(state.items[index], selected: index == state.selectedIndex, in: rect,
                         animation: state.animationPlayedByScreen(at: index), into: &list)
            }
        }
    }

    /// A cell in whole cells; `animation` is what the terminal plays there itself, if anything.
    private func drawCell(_ item: GalleryItem, selected: Bool, in rect: Rect, animation: AnimatedImage? = nil,
                          into frame: inout Frame) {
        let style = selected ? Self.selectedStyle : Self.cellStyle
        frame.fill(rect)
        drawBorder(rect, heavy: selected, style: style, into: &frame)
        frame.put(" \(item.id.rawValue + 1) ", column: rect.column + 2, row: rect.row, style: style)
        if selected, rect.column == 1 {
            frame.put("▶", column: 0, row: rect.row + rect.height / 2, style: style)
        }
        let inner = Rect(column: rect.column + 1, row: rect.row + 1, width: rect.width - 2, height: rect.height - 2)
        switch item.status {
        case .loaded(let picture):
            ImageCells.draw(picture.bitmap, into: &frame, in: inner, mode: imageMode,
                            label: "\(item.id.rawValue + 1)", animation: animation, original: picture.original)
            if item.isReloading {
                frame.put(" \(Spinner(phase: spinnerPhase).symbol) ", column: rect.maxColumn - 5, row: rect.row, style: style)
            }
        case .loading, .failed:
            drawMessage(of: item.status, progress: item.progress, in: inner, into: &frame)
        case .idle:
            break
        }
    }

    /// The cells wholly inside `square` (pixels from the top-left corner of the cell `rect`).
    private func wholeCells(of square: PixelRect, in rect: Rect) -> Rect {
        guard let cell = imageMode.cellPixels, cell.width > 0, cell.height > 0 else {
            return Rect(column: rect.column, row: rect.row, width: 0, height: 0)
        }
        let left = (square.x + cell.width - 1) / cell.width, top = (square.y + cell.height - 1) / cell.height
        return Rect(column: rect.column + left, row: rect.row + top,
                    width: max(0, (square.x + square.width) / cell.width - left),
                    height: max(0, (square.y + square.height) / cell.height - top))
    }

    /// The margin of the selected cell when pictures are laid out in pixels: its background.
    static let selectedMargin = Style(background: .brightYellow)

    /// The black a picture in pixels sits on, as text: what its square shows while it is covered.
    static let matte = Style(background: .rgb(0, 0, 0))

    /// A cell laid out in pixels: the picture an exact square (`square`, pixels from the cell's
    /// top-left corner) on black, a margin around it that is lit when the cell is selected, and
    /// text (number, spinner, messages) only where no picture is; `animation` is what the terminal
    /// plays there itself, if anything.
    ///
    /// While something is drawn over the cell (`covered`: the help's box), its picture is not
    /// placed: a picture in pixels cannot sit under text, and one that is covered is not shown at
    /// all (see `Frame.visibleImages`), which would leave its cells in the margin's colour, a
    /// screen of yellow behind the help. Its square shows black instead, inside the lit margin;
    /// cells the box leaves alone keep their pictures.
    private func drawSquareCell(_ item: GalleryItem, selected: Bool, square: PixelRect, in rect: Rect,
                                covered: Bool = false, animation: AnimatedImage? = nil, into frame: inout Frame) {
        let margin = selected ? Self.selectedMargin : Style.plain
        frame.fill(rect, style: margin)
        if case .loaded(let picture) = item.status {
            if covered {
                frame.fill(wholeCells(of: square, in: rect), style: Self.matte)
                return
            }
            ImageCells.draw(picture.bitmap, into: &frame, pixels: square, of: rect, mode: imageMode,
                            style: margin, matte: RGBA(r: 0, g: 0, b: 0), animation: animation,
                            original: picture.original)
            // No spinner over the picture (text there would hide it): the banner row shows a refresh.
            return
        }
        // Text goes in the whole cells inside the square, on the terminal's background.
        let inner = wholeCells(of: square, in: rect)
        guard !inner.isEmpty else { return }
        frame.fill(inner)
        frame.put(" \(item.id.rawValue + 1) ", column: inner.column + 1, row: inner.row)
        switch item.status {
        case .loading, .failed:
            drawMessage(of: item.status, progress: item.progress, in: inner, into: &frame)
        case .idle, .loaded:
            break
        }
    }

    /// The spinner of a loading cell, or what went wrong in a failed one (with the seed's «Pull down
    /// to refresh» and its key when trying again may help), centred in `inner`.
    private func drawMessage(of status: LoadStatus, progress: TransferProgress?, in inner: Rect, into frame: inout Frame) {
        let middle = inner.row + inner.height / 2
        switch status {
        case .loading:
            var text = "\(Spinner(phase: spinnerPhase).symbol) \(ScreenPhrases.loading.text(in: language))"
            if let progress {
                // A slow picture: how far it is, in words and as a bar under them.
                let kilobytes = LocalizedText(en: "KB", ru: "КБ").text(in: language)
                text += progress.fraction.map { " \(Int($0 * 100))%" } ?? " \(progress.received / 1024) \(kilobytes)"
                let width = max(0, min(30, inner.width - 4))
                let filled = Int((progress.fraction ?? 0) * Double(width))
                let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
                if middle + 1 < inner.maxRow { frame.putCentered(bar, in: inner, row: middle + 1) }
            }
            frame.putCentered(text, in: inner, row: middle)
        case .failed(let failure):
            let width = max(1, inner.width - 2)
            var lines = TextLayout.wrap(failure.cellMessage.text(in: language), width: width)
            if failure.kind.suggestsRefresh { lines += TextLayout.wrap(ScreenPhrases.pullToRefreshKey.text(in: language), width: width) }
            let start = middle - lines.count / 2
            for (offset, line) in lines.enumerated() {
                frame.putCentered(line, in: inner, row: start + offset, style: Self.messageStyle)
            }
        case .idle, .loaded:
            break
        }
    }

    /// A single or heavy box; parts outside the frame are clipped.
    private func drawBorder(_ rect: Rect, heavy: Bool, style: Style, into frame: inout Frame) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let (horizontal, vertical) = heavy ? ("━", "┃") : ("─", "│")
        let corners = heavy ? ["┏", "┓", "┗", "┛"] : ["┌", "┐", "└", "┘"]
        let right = rect.maxColumn - 1, bottom = rect.maxRow - 1
        for x in rect.column + 1..<right {
            frame[x, rect.row] = Cell(horizontal, style: style)
            frame[x, bottom] = Cell(horizontal, style: style)
        }
        for y in rect.row + 1..<bottom {
            frame[rect.column, y] = Cell(vertical, style: style)
            frame[right, y] = Cell(vertical, style: style)
        }
        frame[rect.column, rect.row] = Cell(corners[0], style: style)
        frame[right, rect.row] = Cell(corners[1], style: style)
        frame[rect.column, bottom] = Cell(corners[2], style: style)
        frame[right, bottom] = Cell(corners[3], style: style)
    }
}
