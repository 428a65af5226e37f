import Imaging
import Testing
@testable import TerminalUI

@Suite("Images as cells")
struct ImageCellsTests {
    /// 2x4 pixels: column 0 red, green, blue, white; column 1 black, yellow, half-transparent red, clear.
    private func sample() -> Bitmap {
        var bitmap = Bitmap(width: 2, height: 4, filledWith: RGBA(r: 0, g: 0, b: 0))
        bitmap.set(0, 0, RGBA(r: 255, g: 0, b: 0))
        bitmap.set(0, 1, RGBA(r: 0, g: 255, b: 0))
        bitmap.set(0, 2, RGBA(r: 0, g: 0, b: 255))
        bitmap.set(0, 3, RGBA(r: 255, g: 255, b: 255))
        bitmap.set(1, 0, RGBA(r: 0, g: 0, b: 0))
        bitmap.set(1, 1, RGBA(r: 255, g: 255, b: 0))
        bitmap.set(1, 2, RGBA(r: 255, g: 0, b: 0, a: 128))
        bitmap.set(1, 3, RGBA(r: 9, g: 9, b: 9, a: 0))
        return bitmap
    }

    @Test("a 2x4 bitmap becomes 2x2 half-block cells: foreground the top pixel, background the bottom")
    func halfBlocks() {
        var frame = Frame(size: TerminalSize(columns: 2, rows: 2))
        ImageCells.draw(sample(), into: &frame, in: frame.bounds, mode: .trueColor,
                        background: RGBA(r: 0, g: 0, b: 100))
        #expect(frame.plainText() == "▀▀\n▀▀")
        #expect(frame[0, 0].style == Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 255, 0)))
        #expect(frame[0, 1].style == Style(foreground: .rgb(0, 0, 255), background: .rgb(255, 255, 255)))
        #expect(frame[1, 0].style == Style(foreground: .rgb(0, 0, 0), background: .rgb(255, 255, 0)))
        // Alpha blends over the background: 128/255 of red over (0, 0, 100); fully clear shows the background.
        #expect(frame[1, 1].style == Style(foreground: .rgb(128, 0, 50), background: .rgb(0, 0, 100)))
    }

    @Test("the 256-colour fallback uses the nearest palette entries")
    func palette() {
        var frame = Frame(size: TerminalSize(columns: 2, rows: 2))
        ImageCells.draw(sample(), into: &frame, in: frame.bounds, mode: .palette256)
        #expect(frame[0, 0].style == Style(foreground: .palette(196), background: .palette(46)))
        #expect(frame[0, 1].style == Style(foreground: .palette(21), background: .palette(231)))
    }

    @Test("without colour the picture is shading with its label centred")
    func text() {
        var frame = Frame(size: TerminalSize(columns: 12, rows: 3))
        let white = Bitmap(width: 12, height: 6, filledWith: RGBA(r: 255, g: 255, b: 255))
        ImageCells.draw(white, into: &frame, in: frame.bounds, mode: .text, label: "cat")
        #expect(frame.plainText() == "████████████\n███ cat ████\n████████████")
        #expect(frame[0, 0].style == .plain)
    }

    @Test("a picture bigger than its cells is shrunk to fit, keeping its aspect, and centred")
    func fitting() {
        var frame = Frame(size: TerminalSize(columns: 6, rows: 2))
        let wide = Bitmap(width: 40, height: 20, filledWith: RGBA(r: 10, g: 20, b: 30))
        ImageCells.draw(wide, into: &frame, in: frame.bounds, mode: .trueColor)
        #expect(frame.plainText() == "▀▀▀▀▀▀\n▀▀▀▀▀▀")
        var tall = Frame(size: TerminalSize(columns: 6, rows: 2))
        ImageCells.draw(Bitmap(width: 10, height: 40, filledWith: RGBA(r: 1, g: 1, b: 1)), into: &tall,
                        in: tall.bounds, mode: .trueColor)
        #expect(tall.plainText() == "  ▀\n  ▀")
    }

    @Test("pixel size for cells is columns x rows*2")
    func pixelSize() {
        let size = ImageCells.pixelSize(forCells: TerminalSize(columns: 80, rows: 20))
        #expect(size.width == 80 && size.height == 40)
    }

    @Test("RGB maps to the nearest 256-colour entry", arguments: [
        ((255, 0, 0), 196), ((0, 0, 0), 16), ((255, 255, 255), 231), ((128, 128, 128), 244),
        ((95, 135, 175), 67), ((0, 255, 0), 46), ((8, 8, 8), 232), ((240, 240, 240), 255),
    ] as [((Int, Int, Int), Int)])
    func paletteMapping(rgb: (Int, Int, Int), expected: Int) {
        #expect(Color.nearestPaletteIndex(red: UInt8(rgb.0), green: UInt8(rgb.1), blue: UInt8(rgb.2)) == UInt8(expected))
    }
}

@Suite("Terminal capabilities")
struct CapabilitiesTests {
    @Test("colour depth comes from NO_COLOR and COLORTERM; an unknown terminal gets quadrants", arguments: [
        (["COLORTERM": "truecolor"], ColorMode.trueColor), (["COLORTERM": "24bit"], .trueColor),
        (["TERM": "xterm-256color"], .palette256), ([:], .palette256),
        (["COLORTERM": "truecolor", "NO_COLOR": "1"], .none),
    ])
    func colors(environment: [String: String], expected: ColorMode) {
        #expect(TerminalCapabilities.detect(environment: environment).colorMode == expected)
        #expect(ImageCells.Mode(TerminalCapabilities.detect(environment: environment))
            == (expected == .trueColor ? .symbols(.quadrant, .trueColor) : expected == .none ? .text
                : .symbols(.quadrant, .palette256)))
    }

    @Test("pixel protocols come from the environment; inside tmux only kitty placeholders, when kitty is outside or asked for")
    func graphicsFromEnvironment() {
        #expect(TerminalCapabilities.detect(environment: ["TERM": "xterm-kitty"]).graphics == .kitty)
        #expect(TerminalCapabilities.detect(environment: ["WEZTERM_PANE": "0"]).graphics == .kitty)
        #expect(TerminalCapabilities.detect(environment: ["TERM_PROGRAM": "iTerm.app"]).graphics == .iTerm2)
        #expect(TerminalCapabilities.detect(environment: ["TERM": "foot"]).graphics == .sixel)
        let tmux = TerminalCapabilities.detect(environment: ["TERM": "xterm-kitty", "TMUX": "/tmp/x,1,0"])
        #expect(tmux.graphics == .blocks)
        #expect(!tmux.needsProbe)
        let unknown = TerminalCapabilities.detect(environment: ["TERM": "xterm-256color"])
        #expect(unknown.graphics == .blocks)
        #expect(unknown.needsProbe)
    }

    @Test("the option beats the environment variable, which beats detection")
    func graphicsChoice() {
        let variable = TerminalCapabilities.detect(environment: ["TERM": "xterm-kitty", "WORKBENCH_GRAPHICS": "sixel"])
        #expect(variable.graphics == .sixel)
        let option = TerminalCapabilities.detect(
            environment: ["TERM": "xterm-kitty", "WORKBENCH_GRAPHICS": "sixel"], choice: .fixed(.blocks))
        #expect(option.graphics == .blocks)
        #expect(!option.needsProbe)
        #expect(GraphicsChoice(argument: "ITERM2") == .fixed(.iTerm2))
        #expect(GraphicsChoice(argument: "auto") == .auto)
        #expect(GraphicsChoice(argument: "png") == nil)
        #expect(GraphicsChoice.allNames == "auto|kitty|sixel|iterm2|blocks|none")
    }

    @Test("pixel modes lay pictures out in the cell size the terminal told")
    func pixelMode() {
        let capabilities = TerminalCapabilities(colorMode: .trueColor, graphics: .sixel,
                                                cellPixelSize: PixelSize(width: 9, height: 18))
        #expect(ImageCells.Mode(capabilities) == .pixels(.sixel, cell: PixelSize(width: 9, height: 18)))
        #expect(ImageCells.pixelSize(forCells: TerminalSize(columns: 10, rows: 5), mode: ImageCells.Mode(capabilities))
            == PixelSize(width: 90, height: 90))
        #expect(ImageCells.Mode(TerminalCapabilities(colorMode: .trueColor, graphics: .none)) == .text)
    }
}

extension Bitmap {
    /// Sets one pixel through the RGBA byte layout.
    mutating func set(_ x: Int, _ y: Int, _ color: RGBA) {
        let offset = (y * width + x) * 4
        pixels[offset] = color.r
        pixels[offset + 1] = color.g
        pixels[offset + 2] = color.b
        pixels[offset + 3] = color.a
    }
}
