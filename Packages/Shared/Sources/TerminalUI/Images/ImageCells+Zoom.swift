import Imaging

extension ImageCells {
    /// The screen pixels of `cells` a zoomed view counts in: the cells' real pixels with a graphics
    /// protocol, else one across and two down per cell (half blocks; finer symbols are drawn from
    /// those pixels too), so 1:1 is one picture pixel per half cell.
    public static func zoomPixels(forCells cells: TerminalSize, mode: Mode) -> PixelSize {
        if let cell = mode.cellPixels {
            return PixelSize(width: cells.columns * cell.width, height: cells.rows * cell.height)
        }
        return PixelSize(width: cells.columns, height: cells.rows * 2)
    }

    /// Draws the part of a picture a zoomed view shows into `area` (whose pixels are
    /// ``zoomPixels(forCells:mode:)``).
    ///
    /// With real pixels the decoded part is placed whole at its exact pixel, reaching beyond the
    /// area, and only what falls in the view shows: panning inside it moves where the same picture
    /// is placed, so kitty gets a new placement of the image it holds (a source rectangle) and no
    /// pixels. In text the pixels that show are drawn as cells, and the renderer's diff writes
    /// only the cells that changed.
    public static func draw(_ tile: ZoomTile, into frame: inout Frame, in area: Rect, mode: Mode) {
        guard !area.isEmpty, tile.crop.width > 0, tile.crop.height > 0 else { return }
        if let cell = mode.cellPixels, cell.width > 0, cell.height > 0 {
            placeTile(tile, into: &frame, in: area, cell: cell)
            return
        }
        // The whole view as half-block pixels on black, the shown part where the layout puts it.
        let pixels = zoomPixels(forCells: area.size, mode: mode)
        var canvas = Bitmap(width: pixels.width, height: pixels.height, filledWith: RGBA(r: 0, g: 0, b: 0))
        canvas.copy(tile.bitmap, from: tile.crop, to: PixelPoint(x: Double(tile.drawn.x), y: Double(tile.drawn.y)))
        draw(canvas, into: &frame, in: area, mode: mode)
    }

    private static func placeTile(_ tile: ZoomTile, into frame: inout Frame, in area: Rect, cell: PixelSize) {
        // The decoded part's top-left, in pixels from the area's top-left (left of it or above when
        // the view is inside the part).
        let x = tile.drawn.x - tile.crop.x, y = tile.drawn.y - tile.crop.y
        let column = Self.floorDivide(x, cell.width), row = Self.floorDivide(y, cell.height)
        let inset = PixelOffset(x: x - column * cell.width, y: y - row * cell.height)
        let rect = Rect(column: area.column + column, row: area.row + row,
                        width: (inset.x + tile.bitmap.width + cell.width - 1) / cell.width,
                        height: (inset.y + tile.bitmap.height + cell.height - 1) / cell.height)
        // The cells the drawn part covers, whole.
        let left = Self.floorDivide(tile.drawn.x, cell.width), top = Self.floorDivide(tile.drawn.y, cell.height)
        let shown = Rect(column: area.column + left, row: area.row + top,
                         width: (tile.drawn.x + tile.drawn.width + cell.width - 1) / cell.width - left,
                         height: (tile.drawn.y + tile.drawn.height + cell.height - 1) / cell.height - top)
        frame.place(ImagePlacement(bitmap: tile.bitmap, rect: rect, visible: rect.intersection(shown).intersection(area),
                                   pixelSize: tile.bitmap.size, cellPixels: cell, inset: inset))
    }

    private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }
}

extension Bitmap {
    /// Copies the `source` pixels of `bitmap` here, their top-left at `origin` (clipped).
    mutating func copy(_ bitmap: Bitmap, from source: PixelRect, to origin: PixelPoint) {
        let area = source.intersection(PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height))
        let left = Int(origin.x), top = Int(origin.y)
        let width = min(area.width, self.width - left), height = min(area.height, self.height - top)
        guard width > 0, height > 0, left >= 0, top >= 0 else { return }
        let targetWidth = self.width
        bitmap.pixels.withUnsafeBufferPointer { from in
            pixels.withUnsafeMutableBufferPointer { to in
                for row in 0..<height {
                    let read = ((area.y + row) * bitmap.width + area.x) * 4
                    let write = ((top + row) * targetWidth + left) * 4
                    for offset in 0..<(width * 4) { to[write + offset] = from[read + offset] }
                }
            }
        }
    }
}
