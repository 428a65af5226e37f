import Foundation
import Imaging
import Testing
@testable import TerminalUI

/// Pictures in text finer than half blocks: the symbols the encoder picks for shapes it can draw
/// exactly, and how close photographs come out to the originals.
@Suite("Pictures in text")
struct TextArtTests {
    private static let white = RGBA(r: 255, g: 255, b: 255), black = RGBA(r: 0, g: 0, b: 0)

    /// A picture of `columns` x `rows` sextant pixels (2x3 a cell), each 6x8 picture pixels, white
    /// where `isSet`, black elsewhere.
    private func sextantPicture(columns: Int, rows: Int, isSet: (Int, Int) -> Bool) -> Bitmap {
        var bitmap = Bitmap(width: columns * 6, height: rows * 8, filledWith: Self.black)
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where isSet(x / 6, y / 8) { bitmap.set(x, y, Self.white) }
        }
        return bitmap
    }

    /// The sextant whose foreground shows the pixels of `bits` (1 top left, 2 top right, 4, 8 the
    /// middle row, 16, 32 the bottom row).
    private func sextant(_ bits: Int) -> String {
        SymbolSet.sextant.glyph(bits)
    }

    private func draw(_ bitmap: Bitmap, columns: Int, rows: Int, mode: ImageCells.Mode) -> Frame {
        var frame = Frame(size: TerminalSize(columns: columns, rows: rows))
        ImageCells.draw(bitmap, into: &frame, in: frame.bounds, mode: mode)
        return frame
    }

    @Test("a one-pixel diagonal line comes out as the sextants it crosses, white on black")
    func diagonal() {
        // Six sextant pixels across and down: three cells by two.
        let frame = draw(sextantPicture(columns: 6, rows: 6) { $0 == $1 }, columns: 3, rows: 2,
                         mode: .symbols(.sextant, .trueColor))
        let expected = [[sextant(1 | 8), sextant(16), " "], [" ", sextant(2), sextant(4 | 32)]]
        for row in 0..<2 {
            for column in 0..<3 {
                #expect(frame[column, row].grapheme == expected[row][column], "cell \(column), \(row)")
            }
        }
        // A sextant's thirds cut through the pixels the encoder reads, which blend a little of each side.
        #expect(isLight(frame[0, 0].style.foreground) && isDark(frame[0, 0].style.background))
        #expect(isLight(frame[2, 1].style.foreground) && isDark(frame[2, 1].style.background))
        #expect(frame[0, 1].style.background == .rgb(0, 0, 0))
    }

    private func isLight(_ color: Color) -> Bool {
        guard case let .rgb(r, g, b) = color else { return false }
        return min(r, g, b) >= 200
    }

    private func isDark(_ color: Color) -> Bool {
        guard case let .rgb(r, g, b) = color else { return false }
        return max(r, g, b) <= 40
    }

    @Test("a checkerboard of sextant pixels comes out as one sextant, its colours swapped from row to row")
    func checkerboard() {
        let frame = draw(sextantPicture(columns: 4, rows: 6) { ($0 + $1) % 2 == 0 }, columns: 2, rows: 2,
                         mode: .symbols(.sextant, .trueColor))
        let pattern = sextant(1 | 8 | 16)
        for column in 0..<2 {
            #expect(frame[column, 0].grapheme == pattern && frame[column, 1].grapheme == pattern)
            #expect(isLight(frame[column, 0].style.foreground) && isDark(frame[column, 0].style.background))
            #expect(isDark(frame[column, 1].style.foreground) && isLight(frame[column, 1].style.background))
        }
    }

    @Test("a flat picture is spaces in its colour, and quadrants draw a picture's quarters")
    func flatAndQuadrants() {
        let grey = draw(Bitmap(width: 8, height: 16, filledWith: RGBA(r: 90, g: 90, b: 90)), columns: 2, rows: 2,
                        mode: .symbols(.sextant, .trueColor))
        #expect(grey[1, 1] == Cell(" ", style: Style(foreground: .rgb(90, 90, 90), background: .rgb(90, 90, 90))))
        // Top-left and bottom-right quarters white: ▚.
        var corners = Bitmap(width: 8, height: 16, filledWith: Self.black)
        for y in 0..<16 { for x in 0..<8 where (x < 4) == (y < 8) { corners.set(x, y, Self.white) } }
        let frame = draw(corners, columns: 1, rows: 1, mode: .symbols(.quadrant, .trueColor))
        #expect(frame[0, 0] == Cell("▚", style: Style(foreground: .rgb(255, 255, 255), background: .rgb(0, 0, 0))))
    }

    @Test("every octant glyph is the character Unicode names for its pixels")
    func octantGlyphs() {
        var octants = 0
        for mask in 0..<256 {
            let glyph = SymbolSet.octant.glyph(mask)
            #expect(SymbolSet.octant.mask(of: glyph) == mask)
            guard let name = glyph.unicodeScalars.first?.properties.name, name.hasPrefix("BLOCK OCTANT-") else { continue }
            let named = name.dropFirst("BLOCK OCTANT-".count).reduce(0) { $0 | 1 << (Int(String($1))! - 1) }
            #expect(named == mask, "\(name) for \(mask)")
            octants += 1
        }
        #expect(octants == 230)
        #expect(SymbolSet.octant.glyph(0b0000_0011) == "\u{1FB82}" && SymbolSet.octant.glyph(0b1000_0000) == "\u{1CEA0}")
        // Octant pixels drawn at exactly their places: a 2x4 checkerboard in one cell.
        var checkers = Bitmap(width: 8, height: 16, filledWith: Self.black)
        for y in 0..<16 { for x in 0..<8 where (x / 4 + y / 4) % 2 == 0 { checkers.set(x, y, Self.white) } }
        let frame = draw(checkers, columns: 1, rows: 1, mode: .symbols(.octant, .trueColor))
        #expect(frame[0, 0] == Cell(SymbolSet.octant.glyph(0b1001_1001),
                                    style: Style(foreground: .rgb(255, 255, 255), background: .rgb(0, 0, 0))))
    }

    @Test("symbol names parse, and auto trusts sextants only to terminals that draw them themselves")
    func choice() {
        #expect(SymbolChoice(argument: "Sextant") == .fixed(.sextant))
        #expect(SymbolChoice(argument: "auto") == .auto)
        #expect(SymbolChoice(argument: "braille") == nil)
        #expect(SymbolChoice.allNames == "auto|half|quadrant|sextant|octant")
        for environment in [["TERM": "xterm-kitty"], ["TERM": "foot"], ["WEZTERM_PANE": "3"], ["TERM_PROGRAM": "ghostty"],
                            ["KONSOLE_VERSION": "230401"], ["TERM": "screen", "TMUX": "/tmp/x", "KITTY_WINDOW_ID": "1"]] {
            #expect(SymbolChoice.auto.resolved(environment: environment) == .sextant, "\(environment)")
        }
        for environment in [["TERM": "xterm-256color"], ["TERM_PROGRAM": "Apple_Terminal"], [:]] {
            #expect(SymbolChoice.auto.resolved(environment: environment) == .quadrant, "\(environment)")
        }
        // The Linux console: half blocks in its 16 colours, dithered.
        let console = TerminalCapabilities.detect(environment: ["TERM": "linux"])
        #expect(console.colorMode == .palette16 && console.symbols == .half)
        #expect(ImageCells.Mode(console) == .symbols(.half, .palette16))
        let chosen = TerminalCapabilities.detect(environment: ["TERM": "xterm-kitty", "WORKBENCH_SYMBOLS": "half"])
        #expect(chosen.symbols == .half)
        let option = TerminalCapabilities.detect(environment: ["WORKBENCH_SYMBOLS": "half"], symbols: .fixed(.sextant))
        #expect(option.symbols == .sextant)
        let mode = ImageCells.Mode(TerminalCapabilities(colorMode: .trueColor, graphics: .blocks))
        #expect(mode == .trueColor)
        #expect(ImageCells.Mode.symbols(.sextant, .trueColor).summary == "graphics: blocks, 24-bit colour, symbols: sextant")
        #expect(ImageCells.Mode.symbols(.sextant, .palette256).russianSummary
            == "графика: блоки, 256 цветов, символы: секстанты")
        #expect(ImageCells.pixelSize(forCells: TerminalSize(columns: 10, rows: 5), mode: .symbols(.sextant, .trueColor))
            == PixelSize(width: 40, height: 40))
    }

    @Test("an unchanged picture in sextants costs no bytes on the next frame")
    func unchangedFrame() {
        let picture = Bitmap(width: 40, height: 40, filledWith: RGBA(r: 200, g: 100, b: 50))
        var renderer = Renderer(colorMode: .trueColor)
        _ = renderer.render(draw(picture, columns: 20, rows: 10, mode: .symbols(.sextant, .trueColor)))
        #expect(renderer.render(draw(picture, columns: 20, rows: 10, mode: .symbols(.sextant, .trueColor))).isEmpty)
    }

    @Test("a gentle gradient in 256 colours is dithered: every stretch of it averages its own colour", arguments: [
        CellColors.palette256, .palette16,
    ])
    func gradientDoesNotBand(colors: CellColors) {
        // Red from 0 to 64 across 64 cells: the palette has 0 and 95 (the cube's first steps), so the
        // nearest entries alone would be one flat band of 0 and one of 95.
        var gradient = Bitmap(width: 256, height: 32, filledWith: Self.black)
        for y in 0..<32 { for x in 0..<256 { gradient.set(x, y, RGBA(r: UInt8(x / 4), g: 0, b: 0)) } }
        let frame = draw(gradient, columns: 64, rows: 4, mode: .symbols(.sextant, colors))
        for stretch in stride(from: 0, to: 64, by: 16) {
            var red = 0.0
            for column in stretch..<(stretch + 16) {
                for row in 0..<4 {
                    guard case let .palette(index) = frame[column, row].style.background else {
                        Issue.record("cell \(column), \(row) is not in the palette")
                        return
                    }
                    #expect(colors == .palette256 || index < 16)
                    red += Double(TextArtRaster.paletteRGB(index).0)
                }
            }
            let expected = Double(stretch) + 7.5
            #expect(abs(red / 64 - expected) < 16, "cells \(stretch)..<\(stretch + 16): \(red / 64), not \(expected)")
        }
    }

    @Test("in 16 colours the renderer writes the named colours only")
    func namedColoursOnly() {
        var frame = Frame(size: TerminalSize(columns: 2, rows: 1))
        frame[0, 0] = Cell("x", style: Style(foreground: .rgb(250, 10, 10), background: .palette(236)))
        var renderer = Renderer(colorMode: .palette16)
        let text = String(decoding: renderer.render(frame), as: UTF8.self)
        #expect(text.contains("91;40m"), "\(text.debugDescription)")
        #expect(!text.contains("38;") && !text.contains("48;"))
    }

    // MARK: Photographs

    /// The photographs of Photos/ (see its LICENSE).
    private static func photos() throws -> [(name: String, bitmap: Bitmap)] {
        let folder = try #require(Bundle.module.url(forResource: "Photos", withExtension: nil))
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "jpg" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        return try files.map { ($0.lastPathComponent, try ImageDecoder.decode(try Data(contentsOf: $0))) }
    }

    /// Mean PSNR and SSIM of the photographs drawn `columns` wide in `mode`, each rasterised at
    /// 6x12 pixels a cell against the photograph scaled to the same pixels.
    private static func quality(_ mode: ImageCells.Mode, columns: Int) throws -> (psnr: Double, ssim: Double) {
        var psnr = 0.0, ssim = 0.0
        let photos = try photos()
        for photo in photos {
            let rows = max(1, Int((Double(columns * photo.bitmap.height) / Double(photo.bitmap.width * 2)).rounded()))
            let size = TerminalSize(columns: columns, rows: rows)
            let original = photo.bitmap.resized(to: PixelSize(width: columns * 6, height: rows * 12), filter: .box)
            // What the gallery decodes for these cells, drawn as it draws it.
            let decoded = photo.bitmap.resized(to: ImageCells.pixelSize(forCells: size, mode: mode), filter: .box)
            var frame = Frame(size: size)
            ImageCells.draw(decoded, into: &frame, in: frame.bounds, mode: mode)
            let drawn = TextArtRaster.draw(frame.cells, columns: columns, cell: PixelSize(width: 6, height: 12))
            psnr += ImageQuality.psnr(drawn, original)
            ssim += ImageQuality.ssim(drawn, original)
        }
        return (psnr / Double(photos.count), ssim / Double(photos.count))
    }

    // The floors: what these eight photographs measured 48 columns wide when the encoder was written
    // (half blocks 23.7 dB / 0.650; sextants 26.0 dB / 0.765, where chafa 1.12's block+quad+sextant
    // at -w 9 measures 25.9 dB / 0.760; 256 colours 22.2 dB / 0.688, chafa's 240 colours 22.1 dB),
    // less about a tenth of what the sextants gain over half blocks, so losing more than that fails.
    @Test("photographs in sextants come out as close as chafa's best, and well above half blocks")
    func photographs() throws {
        let half = try Self.quality(.trueColor, columns: 48)
        let sextants = try Self.quality(.symbols(.sextant, .trueColor), columns: 48)
        #expect(sextants.psnr >= 25.8, "sextants \(sextants)")
        #expect(sextants.ssim >= 0.755, "sextants \(sextants)")
        #expect(sextants.psnr >= half.psnr + 2, "sextants \(sextants), half blocks \(half)")
        #expect(sextants.ssim >= half.ssim + 0.09, "sextants \(sextants), half blocks \(half)")
    }

    @Test("photographs in 256 colours, dithered where flat, stay as close as chafa's 240 colours")
    func photographsIn256Colours() throws {
        let palette = try Self.quality(.symbols(.sextant, .palette256), columns: 48)
        #expect(palette.psnr >= 22.0, "256 colours \(palette)")
        #expect(palette.ssim >= 0.67, "256 colours \(palette)")
    }
}
