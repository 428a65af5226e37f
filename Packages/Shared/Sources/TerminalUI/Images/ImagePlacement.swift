import Imaging

/// A picture shown with real pixels (kitty, sixel or iTerm2) over a rectangle of cells of a
/// `Frame`. The cells themselves hold blanks marked as belonging to the placement; the renderer
/// draws the pixels after the text.
public struct ImagePlacement: Sendable {
    /// The picture, as the screen passed it.
    public let bitmap: Bitmap
    /// Which pixel buffer `bitmap` is: two placements of the same decoded picture share it.
    /// Valid while `bitmap` lives, and the placement keeps it alive.
    public let identity: Int
    /// The cells the whole picture covers, in frame coordinates (may reach outside the frame).
    public var rect: Rect
    /// The part of `rect` that shows: inside the frame and inside every clip it was drawn through.
    public var visible: Rect
    /// The picture's size on screen in pixels (aspect-fitted into `rect`).
    public let pixelSize: PixelSize
    /// The size of one cell in pixels when the placement was laid out.
    public let cellPixels: PixelSize

    init(bitmap: Bitmap, rect: Rect, visible: Rect, pixelSize: PixelSize, cellPixels: PixelSize) {
        self.bitmap = bitmap
        self.identity = bitmap.pixels.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        self.rect = rect
        self.visible = visible
        self.pixelSize = pixelSize
        self.cellPixels = cellPixels
    }

    /// The pixels of the on-screen picture (`pixelSize`) that the visible cells show.
    public var visiblePixels: PixelRect {
        let x = (visible.column - rect.column) * cellPixels.width
        let y = (visible.row - rect.row) * cellPixels.height
        let width = min(visible.width * cellPixels.width, pixelSize.width - x)
        let height = min(visible.height * cellPixels.height, pixelSize.height - y)
        return PixelRect(x: x, y: y, width: max(0, width), height: max(0, height))
    }

    /// Where and how much shows, without the pixels: equal placements need no redraw.
    var geometry: Geometry {
        Geometry(identity: identity, rect: rect, visible: visible, pixelSize: pixelSize)
    }

    struct Geometry: Hashable {
        var identity: Int
        var rect: Rect
        var visible: Rect
        var pixelSize: PixelSize
    }
}

extension ImagePlacement: Hashable {
    public static func == (lhs: ImagePlacement, rhs: ImagePlacement) -> Bool {
        lhs.geometry == rhs.geometry && lhs.cellPixels == rhs.cellPixels
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(geometry)
    }
}
