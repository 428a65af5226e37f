import ImageGallery
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

    /// Maps `event` to what it means on a screen laid out as `geometry` showing `state`.
    static func interpret(_ event: Event, geometry: ScreenGeometry, state: GalleryState) -> GalleryInput {
        switch event {
        case .key(let key):
            return interpret(key, state: state)
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

    private static func interpret(_ key: Key, state: GalleryState) -> GalleryInput {
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
        case .character("r"): return .action(.refresh)
        case .character("?"), .character("h"): return .action(.toggleHelp)
        case .character("q"), .control("c"): return .quit
        default: return .ignore
        }
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
