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
                ScreenGeometry(size: size, cellPixels: geometry.cellPixels, fitsHeight: geometry.fitsHeight).galleryLayout))
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
        case .up, .character("k"): return .action(rowScroll(by: -1, state: state) ?? .moveSelection(by: -1))
        case .down, .character("j"): return .action(rowScroll(by: 1, state: state) ?? .moveSelection(by: 1))
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

    /// Scrolling by rows within the selected cell while part of it is off screen in the arrow's
    /// direction (a cell taller than the screen), so every row of its picture can be seen; nil
    /// when the arrow should move the selection.
    static func rowScroll(by direction: Int, state: GalleryState) -> GalleryAction? {
        guard let index = state.selectedIndex else { return nil }
        let layout = state.layout
        let top = layout.top(ofCellAt: index), bottom = top + layout.cellHeight
        let viewTop = state.scrollOffset, viewBottom = viewTop + layout.viewportHeight
        if direction > 0, bottom > viewBottom, viewTop >= top - layout.gap {
            return .scroll(by: min(wheelStep, bottom - viewBottom))
        }
        if direction < 0, top < viewTop, viewBottom <= bottom + layout.gap {
            return .scroll(by: -min(wheelStep, viewTop - top))
        }
        return nil
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
