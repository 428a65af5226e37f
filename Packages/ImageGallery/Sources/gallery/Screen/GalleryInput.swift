import ImageGallery
import Imaging
import TerminalUI

/// What an input event means to the gallery.
enum GalleryInput: Equatable {
    /// Send this action to the store.
    case action(GalleryAction)
    /// Toggle cells that fit the screen's height (`f`).
    case toggleFit
    /// Leave the app.
    case quit
    /// Nothing to do.
    case ignore

    /// Rows the mouse wheel scrolls per notch.
    static let wheelStep = 3

    /// Maps `event` to what it means on a screen laid out as `geometry` showing `state`, whose
    /// pictures are drawn in `mode`; `dragFrom` is where the left button went down or last dragged.
    static func interpret(
        _ event: Event, geometry: ScreenGeometry, state: GalleryState, mode: ImageCells.Mode = .trueColor,
        dragFrom: (column: Int, row: Int)? = nil
    ) -> GalleryInput {
        if state.fullView != nil, !(state.isShowingHelp && event.isKeyOrClick) {
            switch FullView.interpret(event, size: geometry.size, mode: mode, dragFrom: dragFrom) {
            case .zoom(let command): return .action(.zoom(command))
            case .close: return .action(.closeFullView)
            case .quit: return .quit
            case .toggleHelp: return .action(.toggleHelp)
            case .beginDrag, .ignore: return .ignore
            }
        }
        switch event {
        case .key(let key):
            return interpret(key, state: state, fullViewPixels: fullViewPixels(geometry, mode: mode))
        case .mouse(let mouse):
            return interpret(mouse, geometry: geometry, state: state)
        case .resize(let size):
            return .action(.layoutChanged(
                ScreenGeometry(size: size, cellPixels: geometry.cellPixels, fitsHeight: geometry.fitsHeight,
                               textGrid: geometry.textGrid).galleryLayout))
        case .paste, .tick:
            return .ignore
        }
    }

    private static func interpret(_ key: Key, state: GalleryState, fullViewPixels: PixelSize) -> GalleryInput {
        if state.isShowingHelp {
            // Any key closes the help; q still quits.
            switch key {
            case .character("q"), .control("c"): return .quit
            default: return .action(.toggleHelp)
            }
        }
        switch key {
        // One press, one picture, at any size: a cell taller than the screen is scrolled through
        // with keys of its own (and the wheel), never by the keys that move on.
        case .up, .character("k"): return .action(.moveSelection(by: -1))
        case .down, .character("j"): return .action(.moveSelection(by: 1))
        case .character("K"), .control("y"): return .action(.scroll(by: -wheelStep))
        case .character("J"), .control("e"): return .action(.scroll(by: wheelStep))
        case .character("f"): return .toggleFit
        case .pageUp: return .action(.page(by: -1))
        case .pageDown, .character(" "): return .action(.page(by: 1))
        case .home, .character("g"): return .action(.selectFirst)
        case .end, .character("G"): return .action(.selectLast)
        case .enter: return .action(.activateSelected)
        case .character("v"):
            guard let selected = state.selectedIndex else { return .ignore }
            return .action(.openFullView(index: selected, screen: fullViewPixels))
        case .character("r"): return .action(.refresh)
        case .character("?"), .character("h"): return .action(.toggleHelp)
        case .character("q"), .control("c"): return .quit
        default: return .ignore
        }
    }

    /// The picture area of the full view on a screen laid out as `geometry`, in screen pixels.
    static func fullViewPixels(_ geometry: ScreenGeometry, mode: ImageCells.Mode) -> PixelSize {
        FullView.screenPixels(of: FullView.pictureArea(in: geometry.size), mode: mode)
    }

    private static func interpret(_ mouse: MouseEvent, geometry: ScreenGeometry, state: GalleryState) -> GalleryInput {
        switch mouse.kind {
        case .wheelUp:
            return .action(.scroll(by: -wheelStep))
        case .wheelDown:
            return .action(.scroll(by: wheelStep))
        case .press(.left):
            if state.isShowingHelp { return .action(.toggleHelp) }
            guard let index = geometry.itemIndex(atColumn: mouse.column, row: mouse.row, state: state) else {
                return .ignore
            }
            return .action(.tap(index: index))
        default:
            return .ignore
        }
    }
}

extension Event {
    /// True for a key, a paste or a left click: what closes an open help.
    var isKeyOrClick: Bool {
        switch self {
        case .key, .paste: true
        case .mouse(let mouse): mouse.kind == .press(.left)
        case .resize, .tick: false
        }
    }
}
