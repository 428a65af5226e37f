import Foundation
import Imaging

/// The colours a picture in text may use.
public enum CellColors: Sendable, Hashable {
    /// Any 24-bit colour.
    case trueColor
    /// The 240 fixed entries of the 256-colour palette (the 6x6x6 cube and the grey ramp), with
    /// error diffusion across smooth cells so that gradients do not band.
    case palette256
    /// The 16 named colours (xterm's defaults assumed), with error diffusion across smooth cells.
    case palette16
}

/// Pixels laid out for character art: `width` x `height` colours in sRGB (0...255 per channel,
/// three floats a pixel), a whole number of cells' grids across and down.
package struct SubpixelCanvas: Sendable {
    package let width: Int
    package let height: Int
    /// Row-major, red, green, blue.
    package var values: [Float]

    /// A canvas of `width` x `height` pixels of `color`.
    package init(width: Int, height: Int, color: RGBAFloat = RGBAFloat(0, 0, 0)) {
        self.width = width
        self.height = height
        var values = [Float](repeating: 0, count: width * height * 3)
        for index in stride(from: 0, to: values.count, by: 3) {
            values[index] = color.r
            values[index + 1] = color.g
            values[index + 2] = color.b
        }
        self.values = values
    }

    /// A colour of the canvas.
    package struct RGBAFloat: Sendable {
        package var r: Float, g: Float, b: Float
        package init(_ r: Float, _ g: Float, _ b: Float) {
            self.r = r
            self.g = g
            self.b = b
        }
    }
}

/// Character art: for every cell, the symbol and the two colours that best show the cell's pixels.
///
/// A cell's pixels (1x2 for half blocks; 4x8 for the finer sets, the picture as decoded for them)
/// are split in two groups, foreground and background, along the shapes the set's symbols draw:
/// a sextant's sixths, a quadrant's quarters, the cut of an eighth block, each taking a pixel it
/// cuts through by the part of it on either side. Of all those splits the encoder keeps the one
/// whose groups are the tightest in Oklab, where equal distances look equally different, and
/// shows each group as the mean of its pixels in sRGB, the colour closest to them on the screen.
/// In a palette, the two colours are the nearest entries, and what a smooth cell misses on
/// average is carried on to the next cells (Floyd-Steinberg), so that gradients do not band.
///
/// ```swift
/// let encoder = TextArtEncoder(symbols: .sextant, colors: .trueColor)
/// let cells = encoder.encode(canvas)   // canvas.width / 4 x canvas.height / 8 cells, row-major
/// ```
package struct TextArtEncoder: Sendable {
    package var symbols: SymbolSet
    package var colors: CellColors

    package init(symbols: SymbolSet, colors: CellColors) {
        self.symbols = symbols
        self.colors = colors
    }

    /// The cells showing `canvas` (``SymbolSet/canvasGrid`` pixels a cell), row by row.
    package func encode(_ canvas: SubpixelCanvas) -> [Cell] {
        let (gridColumns, gridRows) = symbols.canvasGrid
        let columns = canvas.width / gridColumns, rows = canvas.height / gridRows
        var cells: [Cell] = []
        cells.reserveCapacity(columns * rows)
        encode(canvas) { _, _, cell in cells.append(cell) }
        return cells
    }

    /// Calls `body` with each cell showing `canvas` and its column and row, row by row.
    package func encode(_ canvas: SubpixelCanvas, _ body: (_ column: Int, _ row: Int, _ cell: Cell) -> Void) {
        let (gridColumns, gridRows) = symbols.canvasGrid
        let columns = canvas.width / gridColumns, rows = canvas.height / gridRows
        guard columns > 0, rows > 0 else { return }
        let count = gridColumns * gridRows
        let table = symbols.table
        let familyCount = table.familyCount
        let familyBlocks = table.familyBlocks, familyBlockCount = table.familyBlockCount
        let familyMasks = table.familyMasks, blockTaps = table.blockTaps
        let tapPixel = table.tapPixel, tapWeight = table.tapWeight, maskWeight = table.maskWeight
        let maskInverse = table.maskInverse, restInverse = table.restInverse
        let dithers = colors != .trueColor
        // The error each pixel of a cell carries to the cells after it: this row's and the next.
        let errorStride = count * 3
        let errorCount = dithers ? (columns + 2) * errorStride : 0
        var errorHere = UnsafeMutablePointer<Float>.allocate(capacity: errorCount)
        var errorNext = UnsafeMutablePointer<Float>.allocate(capacity: errorCount)
        errorHere.initialize(repeating: 0, count: errorCount)
        errorNext.initialize(repeating: 0, count: errorCount)
        // The cell's pixels in sRGB and in Oklab, its blocks' sums, its groups' sums, each pixel's share
        // in the foreground.
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: count * 9 + 8 * 3 + 128 * 3)
        defer {
            errorHere.deallocate()
            errorNext.deallocate()
            scratch.deallocate()
        }
        let pixel = scratch, lab = scratch + count * 3, share = scratch + count * 6
        let blocks = scratch + count * 9, sums = blocks + 8 * 3
        let width = canvas.width

        canvas.values.withUnsafeBufferPointer { values in
            for row in 0..<rows {
                for column in 0..<columns {
                    // The cell's pixels, with the error carried to them, and their Oklab.
                    let errorBase = (column + 1) * errorStride
                    var totalL: Float = 0, totalA: Float = 0, totalB: Float = 0
                    for k in 0..<count {
                        let x = column * gridColumns + k % gridColumns, y = row * gridRows + k / gridColumns
                        let source = (y * width + x) * 3
                        var red = values[source], green = values[source + 1], blue = values[source + 2]
                        if dithers {
                            red = min(255, max(0, red + errorHere[errorBase + k * 3]))
                            green = min(255, max(0, green + errorHere[errorBase + k * 3 + 1]))
                            blue = min(255, max(0, blue + errorHere[errorBase + k * 3 + 2]))
                        }
                        pixel[k * 3] = red
                        pixel[k * 3 + 1] = green
                        pixel[k * 3 + 2] = blue
                        let (l, a, b) = Oklab.convert(red: red, green: green, blue: blue)
                        lab[k * 3] = l
                        lab[k * 3 + 1] = a
                        lab[k * 3 + 2] = b
                        totalL += l
                        totalA += a
                        totalB += b
                    }
                    // Of every family's splits, the one that leaves the least error.
                    var bestFamily = 0, best = 1, bestScore = -Float.infinity
                    let whole = Float(count)
                    for family in 0..<familyCount {
                        // Every block but the last: no split the search tries holds it.
                        let firstBlock = familyBlocks[family], blockCount = familyBlockCount[family]
                        for block in 0..<(blockCount - 1) {
                            var l: Float = 0, a: Float = 0, b: Float = 0
                            for tap in blockTaps[firstBlock + block]..<blockTaps[firstBlock + block + 1] {
                                let weight = tapWeight[tap], source = tapPixel[tap] * 3
                                l += lab[source] * weight
                                a += lab[source + 1] * weight
                                b += lab[source + 2] * weight
                            }
                            blocks[block * 3] = l
                            blocks[block * 3 + 1] = a
                            blocks[block * 3 + 2] = b
                        }
                        // Sums of every group that leaves out the last block; the other group is the rest.
                        sums[0] = 0
                        sums[1] = 0
                        sums[2] = 0
                        let masks = familyMasks[family]
                        for mask in 1..<(1 << (blockCount - 1)) {
                            let low = mask.trailingZeroBitCount, rest = mask & (mask - 1)
                            let l = sums[rest * 3] + blocks[low * 3]
                            let a = sums[rest * 3 + 1] + blocks[low * 3 + 1]
                            let b = sums[rest * 3 + 2] + blocks[low * 3 + 2]
                            sums[mask * 3] = l
                            sums[mask * 3 + 1] = a
                            sums[mask * 3 + 2] = b
                            // Less error is more of this: each group's squared sum over its weight.
                            let l2 = totalL - l, a2 = totalA - a, b2 = totalB - b
                            let score = (l * l + a * a + b * b) * maskInverse[masks + mask]
                                + (l2 * l2 + a2 * a2 + b2 * b2) * restInverse[masks + mask]
                            if score > bestScore {
                                bestScore = score
                                best = mask
                                bestFamily = family
                            }
                        }
                    }
                    // Each group's mean in sRGB, and each pixel's share in the foreground.
                    for k in 0..<count { share[k] = 0 }
                    let firstBlock = familyBlocks[bestFamily]
                    for block in 0..<familyBlockCount[bestFamily] where best & (1 << block) != 0 {
                        for tap in blockTaps[firstBlock + block]..<blockTaps[firstBlock + block + 1] {
                            share[tapPixel[tap]] += tapWeight[tap]
                        }
                    }
                    var front: (Float, Float, Float) = (0, 0, 0), all: (Float, Float, Float) = (0, 0, 0)
                    for k in 0..<count {
                        front.0 += pixel[k * 3] * share[k]
                        front.1 += pixel[k * 3 + 1] * share[k]
                        front.2 += pixel[k * 3 + 2] * share[k]
                        all.0 += pixel[k * 3]
                        all.1 += pixel[k * 3 + 1]
                        all.2 += pixel[k * 3 + 2]
                    }
                    let frontWeight = maskWeight[familyMasks[bestFamily] + best]
                    let frontScale = 1 / frontWeight, backScale = 1 / (whole - frontWeight)
                    let back = ((all.0 - front.0) * backScale, (all.1 - front.1) * backScale, (all.2 - front.2) * backScale)
                    front = (front.0 * frontScale, front.1 * frontScale, front.2 * frontScale)
                    let foreground: Color, background: Color
                    if dithers {
                        let (frontIndex, frontShown) = CellPalette.nearest(front, colors: colors)
                        let (backIndex, backShown) = CellPalette.nearest(back, colors: colors)
                        foreground = .palette(frontIndex)
                        background = .palette(backIndex)
                        // What the cell misses on average goes on, not each pixel's miss: that keeps
                        // gradients from banding without sprinkling noise over the cells' edges.
                        var missed: (Float, Float, Float) = (0, 0, 0)
                        for k in 0..<count {
                            let part = share[k]
                            missed.0 += pixel[k * 3] - (frontShown.0 * part + backShown.0 * (1 - part))
                            missed.1 += pixel[k * 3 + 1] - (frontShown.1 * part + backShown.1 * (1 - part))
                            missed.2 += pixel[k * 3 + 2] - (frontShown.2 * part + backShown.2 * (1 - part))
                        }
                        // Only flat cells pass their error on: a gradient bands, a texture does not, and
                        // there the noise would only blur what the symbols drew.
                        let contrast = max(abs(front.0 - back.0), abs(front.1 - back.1), abs(front.2 - back.2))
                        let scale = contrast < Self.smoothContrast ? 1 / whole : 0
                        let errors = (missed.0 * scale, missed.1 * scale, missed.2 * scale)
                        for k in 0..<count {
                            for (channel, error) in [errors.0, errors.1, errors.2].enumerated() {
                                let index = errorBase + k * 3 + channel
                                errorHere[index + errorStride] += error * (7.0 / 16)
                                errorNext[index - errorStride] += error * (3.0 / 16)
                                errorNext[index] += error * (5.0 / 16)
                                errorNext[index + errorStride] += error * (1.0 / 16)
                            }
                        }
                    } else {
                        foreground = .rgb(Self.byte(front.0), Self.byte(front.1), Self.byte(front.2))
                        background = .rgb(Self.byte(back.0), Self.byte(back.1), Self.byte(back.2))
                    }
                    body(column, row, cell(split: best, family: bestFamily, table: table,
                                           foreground: foreground, background: background))
                }
                if dithers {
                    swap(&errorHere, &errorNext)
                    errorNext.update(repeating: 0, count: errorCount)
                }
            }
        }
    }

    /// The cell drawing `split` (the foreground's blocks) of `family` in `foreground` over `background`.
    private func cell(split: Int, family: Int, table: SymbolSet.ShapeTable, foreground: Color, background: Color) -> Cell {
        // Half blocks are always the upper half, top pixel in the foreground, as they have always been.
        if symbols == .half { return Cell("▀", style: Style(foreground: foreground, background: background)) }
        if foreground == background { return Cell(" ", style: Style(foreground: background, background: background)) }
        // The foreground covers the smaller group, fewer pixels drawn by the glyph's strokes (of
        // halves, the one with the top-left block), unless only the other group has a glyph.
        let blockCount = table.familyBlockCount[family], glyphs = table.familyGlyphs[family]
        let other = split ^ ((1 << blockCount) - 1), size = split.nonzeroBitCount * 2
        let swapped = table.glyphs[glyphs + split] == nil
            || ((size > blockCount || (size == blockCount && split & 1 == 0)) && table.glyphs[glyphs + other] != nil)
        if swapped, let glyph = table.glyphs[glyphs + other] {
            return Cell(glyph, style: Style(foreground: background, background: foreground))
        }
        return Cell(table.glyphs[glyphs + split] ?? " ", style: Style(foreground: foreground, background: background))
    }

    /// The difference (sRGB, 0...255) between a cell's two colours below which the cell counts as flat.
    static let smoothContrast: Float = 2

    private static func byte(_ value: Float) -> UInt8 {
        UInt8(min(255, max(0, value + 0.5)))
    }
}

/// Oklab (Björn Ottosson's perceptual colour space) from sRGB.
enum Oklab {
    /// sRGB byte to linear light.
    private static let linear: [Float] = (0..<256).map { value in
        let c = Float(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// Writes L, a, b of the sRGB colour (0...255 per channel) into `lab` from `offset`.
    @inline(__always)
    static func convert(red: Float, green: Float, blue: Float, into lab: inout [Float], at offset: Int) {
        let (l, a, b) = convert(red: red, green: green, blue: blue)
        lab[offset] = l
        lab[offset + 1] = a
        lab[offset + 2] = b
    }

    /// L, a, b of the sRGB colour (0...255 per channel).
    @inline(__always)
    static func convert(red: Float, green: Float, blue: Float) -> (Float, Float, Float) {
        let r = linear[Int(min(255, max(0, red + 0.5)))]
        let g = linear[Int(min(255, max(0, green + 0.5)))]
        let b = linear[Int(min(255, max(0, blue + 0.5)))]
        let l = cubeRoot(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cubeRoot(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cubeRoot(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return (0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    /// The cube root of `x` in 0...1: a guess from the float's exponent, then one Newton step
    /// (within a few thousandths: the encoder compares errors, it does not show these values).
    @inline(__always)
    static func cubeRoot(_ x: Float) -> Float {
        guard x > 1e-9 else { return 0 }
        var y = Float(bitPattern: x.bitPattern / 3 &+ 709_921_077)
        y = (2 * y + x / (y * y)) * (1.0 / 3)
        return y
    }
}

/// The fixed palettes cells may use, searched in sRGB (nearer there is nearer on the screen for
/// the flat colours a palette cell shows).
enum CellPalette {
    private static let cubeLevels: [Float] = [0, 95, 135, 175, 215, 255]

    /// Entries 16-255 of the 256-colour palette: the cube, then the grey ramp.
    private static let extended: [(Float, Float, Float)] = (16..<256).map { index in
        if index >= 232 {
            let level = Float(8 + 10 * (index - 232))
            return (level, level, level)
        }
        let cube = index - 16
        return (cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
    }

    /// xterm's default 16 colours.
    private static let named: [(Float, Float, Float)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

        
    /// The entry of `colors` nearest `color`, and its value.
    static func nearest(_ color: (Float, Float, Float), colors: CellColors) -> (UInt8, (Float, Float, Float)) {
        let lab = color
        func distance(_ other: (Float, Float, Float)) -> Float {
            let dl = lab.0 - other.0, da = lab.1 - other.1, db = lab.2 - other.2
            return dl * dl + da * da + db * db
        }
        if colors == .palette16 {
            var best = 0, bestDistance = Float.infinity
            for index in 0..<16 {
                let d = distance(named[index])
                if d < bestDistance { bestDistance = d; best = index }
            }
            return (UInt8(best), named[best])
        }
        // Only the cube corners around the colour and the two greys around its mean can be nearest.
        func bracket(_ value: Float) -> (Int, Int) {
            var lower = 0
            while lower < 5, cubeLevels[lower + 1] <= value { lower += 1 }
            return (lower, min(5, lower + 1))
        }
        let (r0, r1) = bracket(color.0), (g0, g1) = bracket(color.1), (b0, b1) = bracket(color.2)
        var best = 0, bestDistance = Float.infinity
        for r in [r0, r1] {
            for g in [g0, g1] {
                for b in [b0, b1] {
                    let index = 36 * r + 6 * g + b
                    let d = distance(extended[index])
                    if d < bestDistance { bestDistance = d; best = index }
                }
            }
        }
        let mean = (color.0 + color.1 + color.2) / 3
        let grey = min(23, max(0, Int((mean - 8) / 10)))
        for step in [grey, min(23, grey + 1)] {
            let d = distance(extended[216 + step])
            if d < bestDistance { bestDistance = d; best = 216 + step }
        }
        return (UInt8(16 + best), extended[best])
    }
}

extension SubpixelCanvas {
    /// Draws `bitmap` resized to `width` x `height` pixels with its top-left corner at (`x`, `y`):
    /// each pixel the mean of the bitmap's pixels it covers where the picture shrinks, the nearest
    /// one where it grows; transparent pixels are blended over `background`; what falls outside
    /// the canvas is skipped.
    package mutating func draw(_ bitmap: Bitmap, width: Int, height: Int, x: Int, y: Int, background: RGBA) {
        guard width > 0, height > 0, bitmap.width > 0, bitmap.height > 0 else { return }
        let columns = max(0, -x)..<min(width, self.width - x)
        let rows = max(0, -y)..<min(height, self.height - y)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let across = Taps(source: bitmap.width, target: width, range: columns)
        let down = Taps(source: bitmap.height, target: height, range: rows)
        let sourceColumns = across.sourceRange
        let back = (Float(background.r), Float(background.g), Float(background.b))
        var line = [Float](repeating: 0, count: sourceColumns.count * 3)
        let canvasWidth = self.width
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            values.withUnsafeMutableBufferPointer { values in
                for row in rows {
                    for index in line.indices { line[index] = 0 }
                    for tap in down.taps(row) {
                        let weight = down.weight[tap], sourceRow = down.index[tap] * bitmap.width
                        for column in sourceColumns {
                            let offset = (sourceRow + column) * 4
                            let alpha = Float(pixels[offset + 3]) * (1.0 / 255)
                            var red = Float(pixels[offset]), green = Float(pixels[offset + 1])
                            var blue = Float(pixels[offset + 2])
                            if alpha < 1 {
                                red = red * alpha + back.0 * (1 - alpha)
                                green = green * alpha + back.1 * (1 - alpha)
                                blue = blue * alpha + back.2 * (1 - alpha)
                            }
                            let target = (column - sourceColumns.lowerBound) * 3
                            line[target] += red * weight
                            line[target + 1] += green * weight
                            line[target + 2] += blue * weight
                        }
                    }
                    let base = (y + row) * canvasWidth + x
                    for column in columns {
                        var red: Float = 0, green: Float = 0, blue: Float = 0
                        for tap in across.taps(column) {
                            let weight = across.weight[tap]
                            let source = (across.index[tap] - sourceColumns.lowerBound) * 3
                            red += line[source] * weight
                            green += line[source + 1] * weight
                            blue += line[source + 2] * weight
                        }
                        let target = (base + column) * 3
                        values[target] = red
                        values[target + 1] = green
                        values[target + 2] = blue
                    }
                }
            }
        }
    }

    /// Which source pixels make each target pixel along one axis, and how much of it each makes.
    private struct Taps {
        var first: [Int] = [], index: [Int] = [], weight: [Float] = []
        let range: Range<Int>

        init(source: Int, target: Int, range: Range<Int>) {
            self.range = range
            let scale = Double(source) / Double(target)
            for position in range {
                first.append(index.count)
                if scale <= 1 {
                    index.append(min(source - 1, Int((Double(position) + 0.5) * scale)))
                    weight.append(1)
                    continue
                }
                let start = Double(position) * scale, end = min(Double(source), start + scale)
                var pixel = Int(start)
                while Double(pixel) < end, pixel < source {
                    let covered = min(end, Double(pixel + 1)) - max(start, Double(pixel))
                    if covered > 1e-9 {
                        index.append(pixel)
                        weight.append(Float(covered / scale))
                    }
                    pixel += 1
                }
            }
            first.append(index.count)
        }

        /// The taps of target pixel `position`, as indices into `index` and `weight`.
        func taps(_ position: Int) -> Range<Int> {
            first[position - range.lowerBound]..<first[position - range.lowerBound + 1]
        }

        /// The source pixels any target pixel in `range` reads.
        var sourceRange: Range<Int> {
            guard let low = index.min(), let high = index.max() else { return 0..<0 }
            return low..<(high + 1)
        }
    }
}

extension CellColors {
    /// "24-bit colour", "256 colours" or "16 colours", for help and status lines.
    public var summary: String {
        switch self {
        case .trueColor: "24-bit colour"
        case .palette256: "256 colours"
        case .palette16: "16 colours"
        }
    }

    /// ``summary`` in Russian.
    public var russianSummary: String {
        switch self {
        case .trueColor: "24-битный цвет"
        case .palette256: "256 цветов"
        case .palette16: "16 цветов"
        }
    }
}
