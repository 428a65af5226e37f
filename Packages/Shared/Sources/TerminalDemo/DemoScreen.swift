import Imaging
import TerminalUI

/// The demo screen: a filterable list, a text field, a spinner, a picture drawn in cells, an
/// alert and a status bar; enough to try every part of TerminalUI by hand or from a test.
@MainActor
final class DemoScreen: TerminalScreen {
    static let fruits = [
        "Apple", "Apricot", "Banana", "Blackberry", "Blueberry", "Cherry", "Coconut", "Cranberry",
        "Date", "Dragonfruit", "Fig", "Grape", "Grapefruit", "Guava", "Kiwi", "Lemon", "Lime",
        "Lychee", "Mango", "Melon", "Nectarine", "Orange", "Papaya", "Peach", "Pear", "Pineapple",
        "Plum", "Pomegranate", "Raspberry", "Strawberry", "Tangerine", "Watermelon",
    ]

    enum Focus { case list, field }

    private var list = ListView()
    private var field = TextField(placeholder: "type to filter")
    private var focus = Focus.list
    private var alert: Alert?
    private var spinner = Spinner()
    private var progress = 0.0
    private var picture: (size: TerminalSize, bitmap: Bitmap)?
    private var lastSize = TerminalSize(columns: 80, rows: 24)
    /// How pictures are drawn on this terminal (from the run loop's capabilities).
    private var imageMode = ImageCells.Mode.trueColor
    private var started = false
    /// Runs once, at the first tick after the first frame is on screen (the exit-path tests
    /// leave from there).
    private var afterFirstFrame: (@MainActor () -> Void)?

    init(afterFirstFrame: (@MainActor () -> Void)? = nil) {
        self.afterFirstFrame = afterFirstFrame
    }

    private var items: [String] {
        let query = field.text.lowercased()
        return query.isEmpty ? Self.fruits : Self.fruits.filter { $0.lowercased().contains(query) }
    }

    // MARK: Layout

    private func listRect(in size: TerminalSize) -> Rect {
        Rect(column: 0, row: 4, width: min(28, size.columns / 2), height: size.rows - 5)
    }

    private func pictureRect(in size: TerminalSize) -> Rect {
        let list = listRect(in: size)
        return Rect(column: list.maxColumn + 2, row: 4, width: size.columns - list.maxColumn - 4, height: size.rows - 7)
    }

    // MARK: Events

    func start(context: ScreenContext) {
        imageMode = context.imageMode
        if afterFirstFrame != nil {
            started = true
            context.scheduleTick(after: Spinner.interval)
        }
    }

    func handle(_ event: Event, context: ScreenContext) {
        if !started {
            started = true
            context.scheduleTick(after: Spinner.interval)
        }
        if let alert {
            if alert.dismisses(event, size: context.size) { self.alert = nil }
            if event == .tick { animate(context) }
            return
        }
        switch event {
        case .tick:
            animate(context)
        case let .resize(size):
            lastSize = size
        case let .paste(text):
            field.insert(text)
            focus = .field
            list.select(0, itemCount: items.count, height: listRect(in: context.size).height)
        case let .mouse(mouse):
            list.handle(mouse, itemCount: items.count, in: listRect(in: context.size))
            if mouse.row == 2, case .press = mouse.kind { focus = .field }
        case let .key(key):
            handle(key, context: context)
        }
    }

    private func handle(_ key: Key, context: ScreenContext) {
        let height = listRect(in: context.size).height
        if key == .tab || key == .backTab {
            focus = focus == .list ? .field : .list
            return
        }
        switch focus {
        case .field:
            if key == .escape || key == .enter || key == .down {
                focus = .list
            } else if field.handle(key) {
                list.select(0, itemCount: items.count, height: height)
            }
        case .list:
            switch key {
            case .character("q"): context.quit()
            case .character("a"):
                let chosen = items.isEmpty ? "nothing" : items[min(list.selection, items.count - 1)]
                alert = Alert(title: "Alert", message: "You picked \(chosen).", button: "OK")
            case .character("/"): focus = .field
            default: _ = list.handle(key, itemCount: items.count, height: height)
            }
        }
    }

    private func animate(_ context: ScreenContext) {
        if let hook = afterFirstFrame {
            afterFirstFrame = nil
            hook()
        }
        spinner.advance()
        progress = progress >= 1 ? 0 : progress + 0.01
        context.scheduleTick(after: Spinner.interval)
    }

    // MARK: Drawing

    func render(size: TerminalSize) -> Frame {
        var frame = Frame(size: size)
        guard size.columns >= 20, size.rows >= 8 else {
            frame.put("Window too small", column: 0, row: 0, maxWidth: size.columns, truncation: .ellipsis)
            return frame
        }
        TitleBar("TerminalUI demo", trailing: "\(size.columns)x\(size.rows)").draw(into: &frame)
        frame.put(imageMode.summary, column: 1, row: 1, style: Style(dim: true), maxWidth: size.columns - 2,
                  truncation: .ellipsis)
        frame.put("Filter:", column: 1, row: 2, style: Style(bold: true))
        field.draw(into: &frame, in: Rect(column: 9, row: 2, width: min(30, size.columns - 10), height: 1),
                   style: Style(underline: true), focused: focus == .field)

        let shown = items
        let listArea = listRect(in: size)
        if shown.isEmpty {
            frame.put("No match", column: 1, row: listArea.row, style: Style(dim: true))
        } else {
            list.draw(shown, into: &frame, in: listArea,
                      selectedStyle: focus == .list ? Style(bold: true, reverse: true) : Style(reverse: true))
        }

        let area = pictureRect(in: size)
        if area.width >= 4, area.height >= 2 {
            ImageCells.draw(bitmap(for: area.size), into: &frame, in: area,
                            mode: imageMode,
                            label: "gradient picture")
            let bar = Rect(column: area.column, row: area.maxRow + 1, width: area.width, height: 1)
            spinner.draw(into: &frame, column: bar.column, row: bar.row, label: "working")
            ProgressBar(fraction: progress).draw(
                into: &frame, in: Rect(column: bar.column + 11, row: bar.row, width: max(0, bar.width - 11), height: 1))
        }

        let selected = shown.isEmpty ? "-" : shown[min(list.selection, shown.count - 1)]
        StatusBar(left: "↑↓ jk move  Tab filter  a alert  q quit", right: "selected: \(selected)").draw(into: &frame)
        alert?.draw(into: &frame)
        return frame
    }

    /// A gradient with a disc, generated once per picture size.
    private func bitmap(for cells: TerminalSize) -> Bitmap {
        if let picture, picture.size == cells { return picture.bitmap }
        let size = ImageCells.pixelSize(forCells: cells, mode: imageMode)
        let (width, height) = (size.width, size.height)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        let centerX = Double(width) / 2, centerY = Double(height) / 2
        let radius = Double(min(width, height)) * 0.35
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x) - centerX, dy = Double(y) - centerY
                if dx * dx + dy * dy <= radius * radius {
                    pixels += [250, 220, 40, 255]
                } else {
                    pixels += [UInt8(x * 255 / max(1, width - 1)), 60, UInt8(y * 255 / max(1, height - 1)), 255]
                }
            }
        }
        let bitmap = Bitmap(width: width, height: height, pixels: pixels)
        picture = (cells, bitmap)
        return bitmap
    }
}
