import Foundation

/// A point in pixels, with fractions: a place in a picture or on a screen.
public struct PixelPoint: Sendable, Hashable {
    /// Pixels to the right.
    public var x: Double
    /// Pixels down.
    public var y: Double

    /// The point `x` pixels right and `y` down.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// What a person can do to a picture in a full view: zoom by steps (about the centre or a point),
/// pan, fit it to the screen or show it one image pixel per screen pixel.
public enum ZoomCommand: Sendable, Hashable {
    /// One step closer, keeping the picture's point under `anchor` (screen pixels from the top-left
    /// of the view) where it is; the centre of the view when nil.
    case zoomIn(anchor: PixelPoint?)
    /// One step further, as ``zoomIn(anchor:)``.
    case zoomOut(anchor: PixelPoint?)
    /// Moves the view over the picture by screen pixels (positive: towards the right and the bottom).
    case pan(dx: Int, dy: Int)
    /// The whole picture, as large as the screen allows.
    case fit
    /// One image pixel per screen pixel, about the centre of the view.
    case actualSize
    /// The view's area on screen changed (resize): the same place stays in the middle.
    case resize(PixelSize)
}

/// Which part of a picture a full view shows, and how large: a pure value, changed only by
/// ``apply(_:)``, so zooming and panning are tested without a terminal.
///
/// Coordinates are the picture's upright pixels (``imageSize``); ``scale`` is screen pixels per
/// picture pixel, where a screen pixel is a real one with a graphics protocol and half a cell with
/// text. Zoom goes by steps of √2 from the fitted scale up to ``maximumScale``; it never goes below
/// the fit, and the view never leaves the picture: when the picture is narrower than the screen it
/// is centred across, else its edge stops at the screen's edge.
///
/// ```swift
/// var view = ZoomViewport(imageSize: PixelSize(width: 4000, height: 3000), screen: PixelSize(width: 200, height: 116))
/// view.apply(.zoomIn(anchor: nil))      // √2 times the fit, about the centre
/// view.apply(.pan(dx: 50, dy: 0))       // a quarter of the screen to the right
/// let layout = view.layout              // the picture's pixels to decode, and where they go
/// ```
public struct ZoomViewport: Sendable, Hashable {
    /// The size of the picture, upright, in its own pixels.
    public let imageSize: PixelSize
    /// The view's area in screen pixels.
    public private(set) var screen: PixelSize
    /// Screen pixels per picture pixel.
    public private(set) var scale: Double
    /// The picture point in the middle of the view (clamped, see the type's summary).
    public private(set) var centre: PixelPoint

    /// The factor of one zoom step.
    public static let step = 2.0.squareRoot()
    /// The closest a person may look: screen pixels per picture pixel (or the fit, when larger).
    public static let closest = 16.0

    /// The picture fitted to `screen`, centred.
    public init(imageSize: PixelSize, screen: PixelSize) {
        self.imageSize = PixelSize(width: max(1, imageSize.width), height: max(1, imageSize.height))
        self.screen = PixelSize(width: max(1, screen.width), height: max(1, screen.height))
        self.scale = 1
        self.centre = PixelPoint(x: Double(self.imageSize.width) / 2, y: Double(self.imageSize.height) / 2)
        self.scale = fitScale
    }

    /// The scale at which the whole picture is as large as the screen allows.
    public var fitScale: Double {
        min(Double(screen.width) / Double(imageSize.width), Double(screen.height) / Double(imageSize.height))
    }

    /// The largest scale: ``closest``, or the fit when the picture is smaller than that on screen.
    public var maximumScale: Double { max(fitScale, Self.closest) }

    /// True when the whole picture shows, fitted.
    public var isFitted: Bool { abs(scale - fitScale) <= fitScale * 1e-9 }

    /// The zoom as a percentage of the picture's own pixels (100: one picture pixel per screen pixel).
    public var percent: Int { Int((scale * 100).rounded()) }

    /// The zoom step the scale is on, counted from the fit (0); between steps (1:1), the nearest.
    package var stepIndex: Int { Int((log(scale / fitScale) / log(Self.step)).rounded()) }

    /// Applies a person's command.
    public mutating func apply(_ command: ZoomCommand) {
        switch command {
        case .zoomIn(let anchor):
            zoom(to: nextStep(up: true), anchor: anchor)
        case .zoomOut(let anchor):
            zoom(to: nextStep(up: false), anchor: anchor)
        case .pan(let dx, let dy):
            centre.x += Double(dx) / scale
            centre.y += Double(dy) / scale
            clampCentre()
        case .fit:
            scale = fitScale
            centre = PixelPoint(x: Double(imageSize.width) / 2, y: Double(imageSize.height) / 2)
        case .actualSize:
            zoom(to: min(max(1, fitScale), maximumScale), anchor: nil)
        case .resize(let size):
            let wasFitted = isFitted
            screen = PixelSize(width: max(1, size.width), height: max(1, size.height))
            scale = wasFitted ? fitScale : min(max(scale, fitScale), maximumScale)
            clampCentre()
        }
    }

    /// The scale one step up or down from the current one, on the ladder fit x √2^k, within bounds.
    private func nextStep(up: Bool) -> Double {
        let position = log(scale / fitScale) / log(Self.step)
        // Off the ladder (at 1:1), the next rung in the asked direction; on it, the neighbour.
        let rung = up ? (position + 1e-6).rounded(.down) + 1 : (position - 1e-6).rounded(.up) - 1
        let target = fitScale * pow(Self.step, rung)
        return min(max(target, fitScale), maximumScale)
    }

    /// Sets `newScale`, keeping the picture point under `anchor` (screen pixels) in place.
    private mutating func zoom(to newScale: Double, anchor: PixelPoint?) {
        let middle = PixelPoint(x: Double(screen.width) / 2, y: Double(screen.height) / 2)
        let point = anchor ?? middle
        // The picture point under the anchor before the zoom...
        let pinned = PixelPoint(x: centre.x + (point.x - middle.x) / scale, y: centre.y + (point.y - middle.y) / scale)
        scale = newScale
        // ...is under it after.
        centre = PixelPoint(x: pinned.x - (point.x - middle.x) / scale, y: pinned.y - (point.y - middle.y) / scale)
        clampCentre()
    }

    /// Keeps the view on the picture: centred along an axis where the picture is smaller than the
    /// screen, else no further than the picture's edge.
    private mutating func clampCentre() {
        centre.x = Self.clamp(centre.x, extent: Double(imageSize.width), view: Double(screen.width) / scale)
        centre.y = Self.clamp(centre.y, extent: Double(imageSize.height), view: Double(screen.height) / scale)
    }

    private static func clamp(_ value: Double, extent: Double, view: Double) -> Double {
        guard view < extent else { return extent / 2 }
        return min(max(value, view / 2), extent - view / 2)
    }

    // MARK: Layout

    /// The picture's rectangle as the view shows it, in picture pixels with fractions: from
    /// `origin` (top-left), `size` across and down; parts beyond the picture are not in it.
    public var visibleRegion: (origin: PixelPoint, size: PixelPoint) {
        let width = min(Double(imageSize.width), Double(screen.width) / scale)
        let height = min(Double(imageSize.height), Double(screen.height) / scale)
        return (PixelPoint(x: centre.x - width / 2, y: centre.y - height / 2), PixelPoint(x: width, y: height))
    }

    /// Where the picture goes on the view: the screen pixels it covers (`drawn`, from the view's
    /// top-left) and the picture's pixels they show (`region`, the visible region rounded out to
    /// whole pixels).
    public var layout: Layout {
        let visible = visibleRegion
        let drawnWidth = min(screen.width, Int((Double(imageSize.width) * scale).rounded()))
        let drawnHeight = min(screen.height, Int((Double(imageSize.height) * scale).rounded()))
        let drawn = PixelRect(x: (screen.width - drawnWidth) / 2, y: (screen.height - drawnHeight) / 2,
                              width: max(1, drawnWidth), height: max(1, drawnHeight))
        let left = max(0, Int(visible.origin.x.rounded(.down)))
        let top = max(0, Int(visible.origin.y.rounded(.down)))
        let right = min(imageSize.width, Int((visible.origin.x + visible.size.x).rounded(.up)))
        let bottom = min(imageSize.height, Int((visible.origin.y + visible.size.y).rounded(.up)))
        return Layout(drawn: drawn, region: PixelRect(x: left, y: top, width: max(1, right - left), height: max(1, bottom - top)),
                      origin: visible.origin, scale: scale)
    }

    /// Where the picture goes on the view and which of its pixels show there.
    public struct Layout: Sendable, Hashable {
        /// The screen pixels the picture covers, from the view's top-left.
        public var drawn: PixelRect
        /// The picture's pixels that show, rounded out to whole pixels.
        public var region: PixelRect
        /// The picture point at the top-left of `drawn`, with fractions.
        public var origin: PixelPoint
        /// Screen pixels per picture pixel.
        public var scale: Double
    }
}
