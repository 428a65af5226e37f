import Imaging

/// Draws character cells as pixels, each block character exactly by the area it covers, so a
/// rendering in text can be compared with its picture (the tests' and the bench's yardstick).
package enum TextArtRaster {
    /// `cells` (`columns` across, row-major) drawn at `cell` pixels a cell. A character it does
    /// not know is drawn as its background; palette colours are xterm's.
    package static func draw(_ cells: [Cell], columns: Int, cell: PixelSize) -> Bitmap {
        let rows = columns > 0 ? cells.count / columns : 0
        let width = columns * cell.width, height = rows * cell.height
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var shapes: [String: [Box]] = [:]
        for (index, item) in cells.enumerated() {
            let column = index % columns, row = index / columns
            let front = rgb(item.style.foreground, fallback: (255, 255, 255))
            let back = rgb(item.style.background, fallback: (0, 0, 0))
            let boxes = shapes[item.grapheme] ?? {
                let boxes = Self.boxes(of: item.grapheme)
                shapes[item.grapheme] = boxes
                return boxes
            }()
            for y in 0..<cell.height {
                for x in 0..<cell.width {
                    // The pixel's share covered by the character's boxes (they never overlap).
                    var covered = 0.0
                    let left = Double(x) / Double(cell.width), right = Double(x + 1) / Double(cell.width)
                    let top = Double(y) / Double(cell.height), bottom = Double(y + 1) / Double(cell.height)
                    for box in boxes {
                        let w = min(right, box.right) - max(left, box.left)
                        let h = min(bottom, box.bottom) - max(top, box.top)
                        if w > 0, h > 0 { covered += w * h * box.density }
                    }
                    covered *= Double(cell.width * cell.height)
                    let offset = ((row * cell.height + y) * width + column * cell.width + x) * 4
                    pixels[offset] = mix(front.0, back.0, covered)
                    pixels[offset + 1] = mix(front.1, back.1, covered)
                    pixels[offset + 2] = mix(front.2, back.2, covered)
                }
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// A part of a cell in the cell's unit square, and how much of it the foreground covers.
    private struct Box {
        var left: Double, top: Double, right: Double, bottom: Double, density = 1.0
    }

    private static func boxes(of grapheme: String) -> [Box] {
        for symbols in SymbolSet.allCases.reversed() {
            guard let mask = symbols.mask(of: grapheme) else { continue }
            let (columns, rows) = symbols.grid
            return (0..<(columns * rows)).filter { mask & (1 << $0) != 0 }.map { bit in
                let x = Double(bit % columns), y = Double(bit / columns)
                return Box(left: x / Double(columns), top: y / Double(rows),
                           right: (x + 1) / Double(columns), bottom: (y + 1) / Double(rows))
            }
        }
        guard let scalar = grapheme.unicodeScalars.first?.value else { return [] }
        switch scalar {
        case 0x2581...0x2587:  // ▁ to ▇: the lower eighths
            return [Box(left: 0, top: 1 - Double(scalar - 0x2580) / 8, right: 1, bottom: 1)]
        case 0x2589...0x258F:  // ▉ to ▏: the left eighths
            return [Box(left: 0, top: 0, right: Double(0x2590 - scalar) / 8, bottom: 1)]
        case 0x2594: return [Box(left: 0, top: 0, right: 1, bottom: 1.0 / 8)]  // ▔
        case 0x2595: return [Box(left: 7.0 / 8, top: 0, right: 1, bottom: 1)]  // ▕
        case 0x2591...0x2593:  // ░ ▒ ▓
            return [Box(left: 0, top: 0, right: 1, bottom: 1, density: Double(scalar - 0x2590) / 4)]
        default: return []
        }
    }

    private static func rgb(_ color: Color, fallback: (UInt8, UInt8, UInt8)) -> (UInt8, UInt8, UInt8) {
        switch color {
        case .default: return fallback
        case let .rgb(r, g, b): return (r, g, b)
        case let .palette(index): return paletteRGB(index)
        }
    }

    /// xterm's colour for palette entry `index`.
    package static func paletteRGB(_ index: UInt8) -> (UInt8, UInt8, UInt8) {
        let named: [(UInt8, UInt8, UInt8)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
            (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
            (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
        switch index {
        case 0..<16: return named[Int(index)]
        case 232...255:
            let level = UInt8(8 + 10 * (Int(index) - 232))
            return (level, level, level)
        default:
            let cube = Int(index) - 16
            return (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
        }
    }

    private static func mix(_ front: UInt8, _ back: UInt8, _ covered: Double) -> UInt8 {
        UInt8(min(255, max(0, (Double(front) * covered + Double(back) * (1 - covered)).rounded())))
    }
}
