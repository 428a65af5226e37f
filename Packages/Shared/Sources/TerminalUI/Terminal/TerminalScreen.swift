/// A full-screen view driven by `TerminalApp.run`: it turns events into changes of its state and
/// draws its state into a `Frame`.
///
/// ```swift
/// @MainActor final class Counter: TerminalScreen {
///     var count = 0
///     func handle(_ event: Event, context: ScreenContext) {
///         switch event {
///         case .key(.character("q")): context.quit()
///         case .key(.character("+")): count += 1
///         default: break
///         }
///     }
///     func render(size: TerminalSize) -> Frame {
///         var frame = Frame(size: size)
///         frame.put("count: \(count)", column: 0, row: 0)
///         return frame
///     }
/// }
/// ```
@MainActor
public protocol TerminalScreen: AnyObject {
    /// Reacts to one event. The screen is rendered again after every event (at most once per
    /// ~16 ms), so there is no need to call `requestRender()` here.
    func handle(_ event: Event, context: ScreenContext)
    /// Draws the current state into a frame of exactly `size` cells.
    func render(size: TerminalSize) -> Frame
    /// Called once before the first frame: the place to start loading and to keep the context for
    /// work whose results arrive before the first key is pressed.
    func start(context: ScreenContext)
}

extension TerminalScreen {
    public func start(context: ScreenContext) {}
}
