import ErrorReporting
import Imaging

/// One picture over the whole screen, to look closer: the title on the first row, the picture
/// zoomed and panned (`ZoomViewport`) in the rows between, the keys and the zoom on the last
/// row. The gallery's `v` and Flickr's large photo are this view; each task keeps the viewport in
/// its state and draws and reads input through here.
///
/// ```swift
/// let area = FullView.pictureArea(in: size)
/// let viewport = ZoomViewport(imageSize: source.size, screen: FullView.screenPixels(of: area, mode: mode))
/// FullView(title: "Picture 7", language: .english, mode: mode).draw(source: source, viewport: viewport, into: &frame)
/// ```
public struct FullView: Sendable {
    /// Shown on the first row.
    public var title: String
    /// The words' language.
    public var language: Language
    /// How pictures become cells.
    public var mode: ImageCells.Mode
    /// A line about the picture above the status row (Flickr's owner and id), if any.
    public var caption: String?

    public init(title: String, language: Language, mode: ImageCells.Mode, caption: String? = nil) {
        self.title = title
        self.language = language
        self.mode = mode
        self.caption = caption
    }

    /// What an input event does in a full view.
    public enum Input: Sendable, Hashable {
        /// Change the viewport.
        case zoom(ZoomCommand)
        /// Back to where the person was (`Esc`, `q`).
        case close
        /// Leave the program (`Ctrl-C`).
        case quit
        /// Show or hide the keys (`?`).
        case toggleHelp
        /// A left press: a drag may follow from here.
        case beginDrag(column: Int, row: Int)
        /// Nothing to do.
        case ignore
    }

    /// The picture's cells on a screen of `size`: all but the first and the last row, and the
    /// caption's row when there is one.
    public static func pictureArea(in size: TerminalSize, caption: Bool = false) -> Rect {
        Rect(column: 0, row: 1, width: max(1, size.columns), height: max(1, size.rows - (caption ? 3 : 2)))
    }

    /// The picture's cells of this view on a screen of `size`.
    public func pictureArea(in size: TerminalSize) -> Rect { Self.pictureArea(in: size, caption: caption != nil) }

    /// The screen pixels of the picture area, the viewport's `screen`.
    public static func screenPixels(of area: Rect, mode: ImageCells.Mode) -> PixelSize {
        ImageCells.zoomPixels(forCells: area.size, mode: mode)
    }

    /// Screen pixels per cell across and down.
    static func cellPitch(_ mode: ImageCells.Mode) -> PixelSize {
        mode.cellPixels ?? PixelSize(width: 1, height: 2)
    }

    /// What `event` does on a screen of `size`; `dragFrom` is the cell of the last press or drag,
    /// which the caller keeps while the button is down.
    public static func interpret(
        _ event: Event, size: TerminalSize, mode: ImageCells.Mode, dragFrom: (column: Int, row: Int)?, caption: Bool = false
    ) -> Input {
        let area = pictureArea(in: size, caption: caption)
        let pitch = cellPitch(mode)
        // A key pans an eighth of the view, in whole cells, so a picture placed in pixels moves by cells.
        let stepX = max(1, area.width / 8) * pitch.width, stepY = max(1, area.height / 8) * pitch.height
        switch event {
        case .key(let key):
            switch key {
            case .character("+"), .character("="): return .zoom(.zoomIn(anchor: nil))
            case .character("-"), .character("_"): return .zoom(.zoomOut(anchor: nil))
            case .character("0"): return .zoom(.fit)
            case .character("1"): return .zoom(.actualSize)
            case .left, .character("h"): return .zoom(.pan(dx: -stepX, dy: 0))
            case .right, .character("l"): return .zoom(.pan(dx: stepX, dy: 0))
            case .up, .character("k"): return .zoom(.pan(dx: 0, dy: -stepY))
            case .down, .character("j"): return .zoom(.pan(dx: 0, dy: stepY))
            case .escape, .character("q"), .backspace: return .close
            case .control("c"): return .quit
            case .character("?"): return .toggleHelp
            default: return .ignore
            }
        case .mouse(let mouse):
            // The pointer's middle, in the view's pixels.
            let anchor = PixelPoint(x: (Double(mouse.column - area.column) + 0.5) * Double(pitch.width),
                                    y: (Double(mouse.row - area.row) + 0.5) * Double(pitch.height))
            switch mouse.kind {
            case .wheelUp: return mouse.control ? .zoom(.zoomIn(anchor: anchor)) : .zoom(.pan(dx: 0, dy: -stepY))
            case .wheelDown: return mouse.control ? .zoom(.zoomOut(anchor: anchor)) : .zoom(.pan(dx: 0, dy: stepY))
            case .press(.left): return .beginDrag(column: mouse.column, row: mouse.row)
            case .drag(.left):
                guard let dragFrom else { return .beginDrag(column: mouse.column, row: mouse.row) }
                // The picture follows the pointer: the view moves the other way.
                let dx = (dragFrom.column - mouse.column) * pitch.width, dy = (dragFrom.row - mouse.row) * pitch.height
                return dx == 0 && dy == 0 ? .ignore : .zoom(.pan(dx: dx, dy: dy))
            default: return .ignore
            }
        case .resize(let newSize):
            return .zoom(.resize(screenPixels(of: pictureArea(in: newSize, caption: caption), mode: mode)))
        case .paste, .tick:
            return .ignore
        }
    }

    // MARK: Drawing

    /// Draws the view with the part of `source` that `viewport` shows; a `note` (the original on
    /// its way, a failure) goes on the status row.
    public func draw(source: ZoomSource, viewport: ZoomViewport, note: String? = nil, into frame: inout Frame) {
        drawBars(status: Self.status(viewport, language: language), note: note, into: &frame)
        let area = pictureArea(in: frame.size)
        guard let tile = try? source.tile(for: viewport) else {
            frame.putCentered(FullViewPhrases.cannotDecode.text(in: language), in: area, row: area.row + area.height / 2)
            return
        }
        ImageCells.draw(tile, into: &frame, in: area, mode: mode)
    }

    /// Draws the view with `preview` fitted while the picture's bytes are on their way.
    public func draw(preview: Bitmap?, note: String?, into frame: inout Frame) {
        drawBars(status: "", note: note, into: &frame)
        let area = pictureArea(in: frame.size)
        if let preview {
            ImageCells.draw(preview, into: &frame, in: area, mode: mode)
        } else {
            frame.putCentered(FullViewPhrases.loading.text(in: language), in: area, row: area.row + area.height / 2)
        }
    }

    private func drawBars(status: String, note: String?, into frame: inout Frame) {
        guard frame.size.rows >= 2 else { return }
        TitleBar(title).draw(into: &frame, row: 0)
        let right = [note, status].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
        let room = max(0, frame.size.columns - displayWidth(of: right) - 4)
        let hints = FullViewPhrases.hints.map { $0.text(in: language) }
        StatusBar(left: TextLayout.fit(hints, separator: "  ", toWidth: room), right: right).draw(into: &frame)
        if let caption, frame.size.rows >= 4 {
            frame.put(caption, column: 1, row: frame.size.rows - 2, maxWidth: max(0, frame.size.columns - 2), truncation: .ellipsis)
        }
    }

    /// The status line's zoom: "zoom 400% · centre 2000,1500 of 4000×3000", or "zoom 4% (fit)".
    public static func status(_ viewport: ZoomViewport, language: Language) -> String {
        let zoom = FullViewPhrases.zoom(viewport.percent).text(in: language)
        guard !viewport.isFitted else { return "\(zoom) \(FullViewPhrases.fitted.text(in: language))" }
        let centre = "\(Int(viewport.centre.x)),\(Int(viewport.centre.y))"
        let size = "\(viewport.imageSize.width)×\(viewport.imageSize.height)"
        return "\(zoom) · " + FullViewPhrases.centre(centre, of: size).text(in: language)
    }

    /// The keys of the view, for a help overlay.
    public static func helpEntries(language: Language) -> [(keys: String, action: String)] {
        FullViewPhrases.help.map { ($0.keys.text(in: language), $0.action.text(in: language)) }
    }
}

/// The words of the full view, in English and Russian.
public enum FullViewPhrases {
    /// The key hints on the status row, most needed first.
    static let hints: [LocalizedText] = [
        LocalizedText(en: "+ - zoom", ru: "+ - масштаб"),
        LocalizedText(en: "←↑↓→ move", ru: "←↑↓→ сдвиг"),
        LocalizedText(en: "0 fit", ru: "0 вписать"),
        LocalizedText(en: "1 1:1", ru: "1 1:1"),
        LocalizedText(en: "Esc back", ru: "Esc назад"),
    ]
    static let loading = LocalizedText(en: "Loading…", ru: "Загрузка…")
    static let cannotDecode = LocalizedText(en: "The picture could not be decoded", ru: "Картинку не удалось раскодировать")
    static let fitted = LocalizedText(en: "(fit)", ru: "(вписано)")
    /// Said on the status row while a larger original is on its way.
    public static let fetchingOriginal = LocalizedText(en: "loading the original…", ru: "загрузка оригинала…")
    static func zoom(_ percent: Int) -> LocalizedText {
        LocalizedText(en: "zoom \(percent)%", ru: "масштаб \(percent)%")
    }
    static func centre(_ point: String, of size: String) -> LocalizedText {
        LocalizedText(en: "centre \(point) of \(size)", ru: "центр \(point) из \(size)")
    }
    /// The keys for a help overlay.
    static let help: [(keys: LocalizedText, action: LocalizedText)] = [
        (LocalizedText(en: "+ -, Ctrl+wheel", ru: "+ -, Ctrl+колесо"),
         LocalizedText(en: "zoom in / out (about the pointer)", ru: "крупнее / мельче (у указателя)")),
        (LocalizedText(en: "← ↑ ↓ →  h k j l, drag", ru: "← ↑ ↓ →  h k j l, тащить"),
         LocalizedText(en: "move over the picture", ru: "двигаться по картинке")),
        (LocalizedText(en: "0", ru: "0"), LocalizedText(en: "fit to the screen", ru: "вписать в экран")),
        (LocalizedText(en: "1", ru: "1"),
         LocalizedText(en: "one picture pixel per screen pixel", ru: "пиксель картинки на пиксель экрана")),
        (LocalizedText(en: "Esc, q", ru: "Esc, q"), LocalizedText(en: "back", ru: "назад")),
    ]
}
