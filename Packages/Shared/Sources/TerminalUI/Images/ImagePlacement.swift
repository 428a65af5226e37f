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
    /// How far the picture starts from the top-left corner of `rect`, in pixels (less than a
    /// cell): a picture laid out to the pixel starts inside its first cell. The pixels before
    /// it are transparent, so the cells' background shows there.
    public let inset: PixelOffset
    /// When set, the picture is centred on an opaque area of this size and colour (a square cell
    /// showing a wide picture), and the whole area is what the terminal shows.
    public let matte: Matte?
    /// The animation `bitmap` is the first frame of, when the terminal is to play it itself
    /// (kitty): its frames are sent once and the terminal keeps time. Nil for a still, and for an
    /// animation the program plays (or that does not play) by changing `bitmap`.
    public let animation: AnimatedImage?
    /// The file `bitmap` is exactly the pixels of (a PNG or JPEG decoded at full size, upright,
    /// with no colour conversion), which may be sent in its place.
    public let original: OriginalFile?

    init(bitmap: Bitmap, rect: Rect, visible: Rect, pixelSize: PixelSize, cellPixels: PixelSize,
         inset: PixelOffset = .zero, matte: Matte? = nil, animation: AnimatedImage? = nil, original: OriginalFile? = nil) {
        self.bitmap = bitmap
        self.identity = bitmap.pixels.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        self.rect = rect
        self.visible = visible
        self.pixelSize = pixelSize
        self.cellPixels = cellPixels
        self.inset = inset
        self.matte = matte
        self.animation = animation
        self.original = original
    }

    /// The picture's file when the terminal may be sent it as it is: the picture shows at 1:1
    /// (neither scaled, nor after an inset, nor on a matte larger than itself), so the file's
    /// pixels are the canvas's. A picture the terminal scales into its cells (cell size unknown)
    /// is still sent as our pixels: its placement's source rectangle is counted in them.
    var fileShownAsIs: OriginalFile? {
        guard let original, original.size == bitmap.size, pixelSize == bitmap.size, inset == .zero,
              matte.map({ $0.size == pixelSize }) ?? true
        else { return nil }
        return original
    }

    /// The size of what the terminal is sent: the picture with its inset before it.
    public var canvasSize: PixelSize {
        let shown = matte?.size ?? pixelSize
        return PixelSize(width: shown.width + inset.x, height: shown.height + inset.y)
    }

    /// The pixels of the canvas (the on-screen picture after its inset) that the visible cells show.
    public var visiblePixels: PixelRect {
        let canvas = canvasSize
        let x = (visible.column - rect.column) * cellPixels.width
        let y = (visible.row - rect.row) * cellPixels.height
        let width = min(visible.width * cellPixels.width, canvas.width - x)
        let height = min(visible.height * cellPixels.height, canvas.height - y)
        return PixelRect(x: x, y: y, width: max(0, width), height: max(0, height))
    }

    /// Where and how much shows, without the pixels: equal placements need no redraw.
    var geometry: Geometry {
        Geometry(identity: identity, rect: rect, visible: visible, pixelSize: pixelSize, inset: inset, matte: matte)
    }

    struct Geometry: Hashable {
        var identity: Int
        var rect: Rect
        var visible: Rect
        var pixelSize: PixelSize
        var inset: PixelOffset
        var matte: Matte?

        /// Where and how it shows, whichever picture it is.
        var place: Geometry {
            var place = self
            place.identity = 0
            return place
        }
    }

    /// True when drawing it covers every pixel it shows: on an opaque matte, or with no
    /// transparent pixel and no inset.
    var paintsEveryPixel: Bool {
        if matte.map({ $0.color.a == 255 }) == true { return true }
        guard inset == .zero else { return false }
        return bitmap.pixels.withUnsafeBufferPointer { pixels in
            stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }
        }
    }

    /// An opaque area a picture is centred on.
    public struct Matte: Sendable, Hashable {
        /// The area's size in pixels (at least the picture's).
        public var size: PixelSize
        /// Its colour.
        public var color: RGBA
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

/// A distance in pixels to the right (`x`) and down (`y`).
public struct PixelOffset: Sendable, Hashable {
    /// Pixels to the right.
    public var x: Int
    /// Pixels down.
    public var y: Int

    /// An offset of `x` pixels right and `y` down.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// No offset.
    public static let zero = PixelOffset(x: 0, y: 0)
}
