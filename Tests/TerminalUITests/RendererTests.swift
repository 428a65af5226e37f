import Testing
@testable import TerminalUI

@Suite("Renderer")
struct RendererTests {
    private let size = TerminalSize(columns: 10, rows: 3)
    private let clear = "\u{1b}[0m\u{1b}[H\u{1b}[2J"

    @Test("the first frame clears the screen and writes only the non-blank cells")
    func firstFrame() {
        var renderer = Renderer()
        var frame = Frame(size: size)
        frame.put("hi", column: 2, row: 1)
        #expect(String(decoding: renderer.render(frame), as: UTF8.self) == clear + "\u{1b}[2;3Hhi")
    }

    @Test("an unchanged frame writes nothing")
    func unchanged() {
        var renderer = Renderer()
        var frame = Frame(size: size)
        frame.put("hello", column: 0, row: 0)
        _ = renderer.render(frame)
        #expect(renderer.render(frame).isEmpty)
    }

    @Test("one changed cell writes one cursor move and the cell")
    func oneCell() {
        var renderer = Renderer()
        var frame = Frame(size: size)
        frame.put("hello", column: 0, row: 0)
        _ = renderer.render(frame)
        frame.put("J", column: 0, row: 0)
        #expect(String(decoding: renderer.render(frame), as: UTF8.self) == "\u{1b}[HJ")
        frame.put("x", column: 7, row: 2)
        #expect(String(decoding: renderer.render(frame), as: UTF8.self) == "\u{1b}[3;8Hx")
    }

    @Test("one changed cell of a full 200x60 truecolor picture costs under 64 bytes")
    func oneCellOfPicture() {
        var renderer = Renderer()
        let big = TerminalSize(columns: 200, rows: 60)
        var frame = Frame(size: big)
        for row in 0..<60 {
            for column in 0..<200 {
                frame[column, row] = Cell("▀", style: Style(foreground: .rgb(UInt8(column), UInt8(row), 7),
                                                             background: .rgb(UInt8(row), 9, UInt8(column))))
            }
        }
        _ = renderer.render(frame)
        frame[150, 45] = Cell("▀", style: Style(foreground: .rgb(255, 255, 255), background: .rgb(100, 100, 100)))
        let bytes = renderer.render(frame)
        #expect(bytes.count < 64)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("\u{1b}[46;151H"))
    }

    @Test("neighbouring changes share one cursor move; a gap on the row moves forward")
    func cursorMoves() {
        var renderer = Renderer()
        var frame = Frame(size: size)
        _ = renderer.render(frame)
        frame.put("ab", column: 1, row: 1)
        frame.put("c", column: 6, row: 1)
        #expect(String(decoding: renderer.render(frame), as: UTF8.self) == "\u{1b}[2;2Hab\u{1b}[3Cc")
    }

    @Test("style changes are deltas; turning an attribute off resets")
    func styles() {
        var renderer = Renderer()
        var frame = Frame(size: size)
        frame.put("a", column: 0, row: 0, style: Style(bold: true))
        frame.put("b", column: 1, row: 0, style: Style(foreground: .red, bold: true))
        frame.put("c", column: 2, row: 0, style: Style(foreground: .red))
        frame.put("d", column: 3, row: 0, style: Style(foreground: .palette(200), background: .rgb(1, 2, 3)))
        let output = String(decoding: renderer.render(frame), as: UTF8.self)
        #expect(output == clear + "\u{1b}[1ma\u{1b}[31mb\u{1b}[0;31mc\u{1b}[38;5;200;48;2;1;2;3md")
    }

    @Test("256-colour and no-colour modes rewrite RGB colours")
    func colorModes() {
        var frame = Frame(size: TerminalSize(columns: 2, rows: 1))
        frame[0, 0] = Cell("▀", style: Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 0)))
        var palette = Renderer(colorMode: .palette256)
        #expect(String(decoding: palette.render(frame), as: UTF8.self) == clear + "\u{1b}[38;5;196;48;5;16m▀")
        var none = Renderer(colorMode: .none)
        #expect(String(decoding: none.render(frame), as: UTF8.self) == clear + "▀")
    }

    @Test("a resize redraws everything")
    func resize() {
        var renderer = Renderer()
        var frame = Frame(size: size)
        frame.put("x", column: 0, row: 0)
        _ = renderer.render(frame)
        var bigger = Frame(size: TerminalSize(columns: 12, rows: 3))
        bigger.put("x", column: 0, row: 0)
        #expect(String(decoding: renderer.render(bigger), as: UTF8.self) == clear + "x")
    }

    @Test("wide characters are written once and skip their right half")
    func wide() {
        var renderer = Renderer()
        var frame = Frame(size: size)
        frame.put("中x", column: 0, row: 0)
        #expect(String(decoding: renderer.render(frame), as: UTF8.self) == clear + "中x")
        frame.put("ab", column: 0, row: 0)
        #expect(String(decoding: renderer.render(frame), as: UTF8.self) == "\u{1b}[Hab")
    }

    @Test("random frame sequences replayed on a virtual terminal give the last frame",
          arguments: [1, 2, 3, 4, 5])
    func replay(seed: UInt64) {
        var random = SplitMix(seed: seed)
        let size = TerminalSize(columns: 12, rows: 5)
        var renderer = Renderer()
        var screen = VirtualTerminal(size: size)
        var frame = Frame(size: size)
        let words = ["a", "bc", "中", "😀", "é", "xyz", "日本"]
        let styles = [Style(), Style(bold: true), Style(foreground: .red), Style(background: .rgb(1, 2, 3)),
                      Style(underline: true, reverse: true), Style(dim: true)]
        for _ in 0..<40 {
            for _ in 0..<Int(random.next() % 6) {
                frame.put(words[Int(random.next() % UInt64(words.count))],
                          column: Int(random.next() % 13) - 1, row: Int(random.next() % 5),
                          style: styles[Int(random.next() % UInt64(styles.count))])
            }
            screen.apply(renderer.render(frame))
            #expect(screen.frame == frame)
        }
    }
}

/// A deterministic random number generator for the replay test.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Just enough of a terminal to check the renderer: CUP, CUF, ED 2, SGR, text with wide graphemes.
struct VirtualTerminal {
    var frame: Frame
    var column = 0, row = 0
    var pen = Style()

    init(size: TerminalSize) { frame = Frame(size: size) }

    mutating func apply(_ bytes: [UInt8]) {
        var index = 0
        var text: [UInt8] = []
        func flushText(_ terminal: inout VirtualTerminal) {
            for character in String(decoding: text, as: UTF8.self) {
                let width = displayWidth(of: character)
                terminal.frame[terminal.column, terminal.row] = Cell(String(character), style: terminal.pen)
                if width == 2 { terminal.frame[terminal.column + 1, terminal.row] = Cell("", style: terminal.pen) }
                terminal.column = min(terminal.column + width, terminal.frame.size.columns - 1)
            }
            text.removeAll()
        }
        while index < bytes.count {
            guard bytes[index] == 0x1B else {
                text.append(bytes[index])
                index += 1
                continue
            }
            flushText(&self)
            var end = index + 2
            while !(0x40...0x7E).contains(bytes[end]) { end += 1 }
            let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
            let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            switch bytes[end] {
            case UInt8(ascii: "H"):
                row = max(1, numbers.first ?? 1) - 1
                column = max(1, numbers.count > 1 ? numbers[1] : 1) - 1
            case UInt8(ascii: "C"):
                column += max(1, numbers.first ?? 1)
            case UInt8(ascii: "J"):
                frame = Frame(size: frame.size)
            case UInt8(ascii: "m"):
                applySGR(numbers)
            default:
                Issue.record("unexpected sequence \(parameters)\(Character(Unicode.Scalar(bytes[end])))")
            }
            index = end + 1
        }
        flushText(&self)
    }

    private mutating func applySGR(_ numbers: [Int]) {
        var index = 0
        while index < numbers.count {
            let code = numbers[index]
            switch code {
            case 0: pen = Style()
            case 1: pen.bold = true
            case 2: pen.dim = true
            case 4: pen.underline = true
            case 7: pen.reverse = true
            case 30...37: pen.foreground = .palette(UInt8(code - 30))
            case 40...47: pen.background = .palette(UInt8(code - 40))
            case 39: pen.foreground = .default
            case 49: pen.background = .default
            case 38, 48:
                let color: Color
                if numbers[index + 1] == 5 {
                    color = .palette(UInt8(numbers[index + 2]))
                    index += 2
                } else {
                    color = .rgb(UInt8(numbers[index + 2]), UInt8(numbers[index + 3]), UInt8(numbers[index + 4]))
                    index += 4
                }
                if code == 38 { pen.foreground = color } else { pen.background = color }
            default:
                Issue.record("unexpected SGR \(code)")
            }
            index += 1
        }
    }
}
