import Foundation
import Imaging
import Testing
@testable import TerminalUI

/// What went through tmux's passthrough (`ESC P tmux; ... ESC \`, inner ESCs doubled), unwrapped,
/// and everything else, as tmux would see it.
struct TmuxStream {
    var passedThrough: [UInt8] = []
    var outside: [UInt8] = []

    init(_ bytes: [UInt8]) {
        let opening = Array("\u{1b}Ptmux;".utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index...].starts(with: opening) else {
                outside.append(bytes[index])
                index += 1
                continue
            }
            index += opening.count
            while index + 1 < bytes.count {
                if bytes[index] == 0x1B, bytes[index + 1] == 0x1B {
                    passedThrough.append(0x1B)
                    index += 2
                } else if bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "\\") {
                    index += 2
                    break
                } else {
                    passedThrough.append(bytes[index])
                    index += 1
                }
            }
        }
    }
}

/// The placeholder cells a stream of cell text draws: at each screen cell, the image id (the
/// 256-colour foreground) and the row and column of the picture the cell shows.
struct PlaceholderGrid {
    struct Cell: Equatable {
        var id: Int?
        var row: Int, column: Int
    }

    var cells: [Rect.Point: Cell] = [:]

    init(_ bytes: [UInt8]) {
        var index = 0, row = 0, column = 0
        var foreground: Int?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B, index + 1 < bytes.count {
                let kind = bytes[index + 1]
                if kind == UInt8(ascii: "["), let end = bytes[(index + 2)...].firstIndex(where: { (0x40...0x7E).contains($0) }) {
                    let text = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                    let numbers = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                    switch bytes[end] {
                    case UInt8(ascii: "H"):
                        row = (numbers.first.map { max($0, 1) } ?? 1) - 1
                        column = (numbers.count > 1 ? max(numbers[1], 1) : 1) - 1
                    case UInt8(ascii: "C"):
                        column += max(1, numbers.first ?? 1)
                    case UInt8(ascii: "m") where !text.hasPrefix("?"):
                        var position = 0
                        while position < numbers.count {
                            switch numbers[position] {
                            case 0, 39: foreground = nil
                            case 38 where position + 2 < numbers.count && numbers[position + 1] == 5:
                                foreground = numbers[position + 2]
                                position += 2
                            case 38, 48: position += numbers[position + 1] == 5 ? 2 : 4
                            default: break
                            }
                            position += 1
                        }
                    default:
                        break
                    }
                    index = end + 1
                    continue
                }
                // DCS, APC, OSC: skip to the string terminator.
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
                index = end + 2
                continue
            }
            // One character: its UTF-8 bytes, with the combining marks that follow it.
            var end = index + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            var scalars = String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars.map { $0 }
            if scalars.first == KittyPlaceholders.placeholder {
                for _ in 0..<2 {
                    var next = end + 1
                    while next < bytes.count, bytes[next] & 0xC0 == 0x80 { next += 1 }
                    scalars += String(decoding: bytes[end..<next], as: UTF8.self).unicodeScalars
                    end = next
                }
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars)
                if let position = KittyPlaceholders.position(of: text) {
                    cells[Rect.Point(column: column, row: row)] = Cell(id: foreground, row: position.row, column: position.column)
                }
            }
            column += 1
            index = end
        }
    }
}

extension Rect {
    /// A cell's position, for dictionaries in tests.
    struct Point: Hashable {
        var column: Int, row: Int
    }
}

@Suite("kitty pictures inside tmux, as Unicode placeholders")
struct KittyPlaceholderTests {
    static let cell = PixelSize(width: 4, height: 6)

    private func renderer() -> Renderer {
        Renderer(capabilities: TerminalCapabilities(colorMode: .trueColor, graphics: .kitty, cellPixelSize: Self.cell,
                                                    isInsideTmux: true))
    }

    private func frame(_ picture: Bitmap, at rect: Rect, size: TerminalSize = TerminalSize(columns: 30, rows: 12)) -> Frame {
        var frame = Frame(size: size)
        frame.put("title", column: 0, row: 0)
        ImageCells.draw(picture, into: &frame, in: rect, mode: .pixels(.kitty, cell: Self.cell))
        return frame
    }

    @Test("inside tmux the picture passes through to the terminal with a virtual placement; its cells are placeholders naming their row and column")
    func placeholders() throws {
        let picture = gradientPicture()
        var renderer = renderer()
        let stream = TmuxStream(renderer.render(frame(picture, at: Rect(column: 2, row: 3, width: 10, height: 5))))
        // Every graphics command went through tmux's passthrough; none reached tmux itself.
        #expect(stream.outside.firstRange(of: Array("\u{1b}_G".utf8)) == nil)
        let kitty = KittyStream(stream.passedThrough)
        let (id, image) = try #require(kitty.images.first)
        #expect(image == picture)
        #expect(kitty.virtualPlacements == [id: TerminalSize(columns: 10, rows: 5)])
        #expect(kitty.placements.isEmpty)
        #expect(KittyPlaceholders.ids.contains(id))

        let grid = PlaceholderGrid(stream.outside)
        #expect(grid.cells.count == 50)
        for row in 0..<5 {
            for column in 0..<10 {
                #expect(grid.cells[Rect.Point(column: 2 + column, row: 3 + row)] == PlaceholderGrid.Cell(id: id, row: row, column: column))
            }
        }
    }

    @Test("scrolling moves the placeholder text and sends no pixels; cut by the screen's top, only the rows still on screen show, numbered from the picture's top")
    func scrollAndClip() throws {
        let picture = gradientPicture()
        var renderer = renderer()
        _ = renderer.render(frame(picture, at: Rect(column: 2, row: 3, width: 10, height: 5)))
        let scrolled = TmuxStream(renderer.render(frame(picture, at: Rect(column: 2, row: -2, width: 10, height: 5))))
        #expect(scrolled.passedThrough.isEmpty)
        let grid = PlaceholderGrid(scrolled.outside)
        // Rows 2...4 of the picture now show on screen rows 0...2.
        #expect(grid.cells[Rect.Point(column: 2, row: 0)]?.row == 2)
        #expect(grid.cells[Rect.Point(column: 11, row: 2)].map { [$0.row, $0.column] } == [4, 9])
        #expect(grid.cells.values.allSatisfy { $0.row >= 2 })
        #expect(renderer.render(frame(picture, at: Rect(column: 2, row: -2, width: 10, height: 5))).isEmpty)
    }

    @Test("kitty or Ghostty outside tmux means placeholders inside it; leaving deletes the images through the passthrough")
    func detectionAndCleanup() {
        let kitty = TerminalCapabilities.detect(environment: ["TERM": "tmux-256color", "TMUX": "/tmp/t,1,0", "KITTY_WINDOW_ID": "1"])
        #expect(kitty.graphics == .kitty && kitty.usesKittyPlaceholders)
        let ghostty = TerminalCapabilities.detect(environment: ["TMUX": "/tmp/t,1,0", "GHOSTTY_RESOURCES_DIR": "/usr/share/ghostty"])
        #expect(ghostty.usesKittyPlaceholders)
        let asked = TerminalCapabilities.detect(environment: ["TMUX": "/tmp/t,1,0"], choice: .fixed(.kitty))
        #expect(asked.usesKittyPlaceholders)
        #expect(!TerminalCapabilities.detect(environment: ["KITTY_WINDOW_ID": "1"]).usesKittyPlaceholders)
        #expect(TerminalCapabilities.detect(environment: ["TMUX": "/tmp/t,1,0"]).graphics == .blocks)

        let cleanup = TmuxStream(renderer().cleanupBytes)
        #expect(cleanup.outside.isEmpty)
        #expect(cleanup.passedThrough == Array(KittyGraphics.deleteAllImages.utf8))
    }

    @Test("the diacritics number 297 rows and columns, and every cell's text reads back to its position")
    func diacritics() {
        #expect(KittyPlaceholders.diacritics.count == 297)
        #expect(KittyPlaceholders.diacritics.first == "\u{0305}" && KittyPlaceholders.diacritics.last == "\u{1D244}")
        for (row, column) in [(0, 0), (1, 296), (255, 7), (296, 296)] {
            let text = KittyPlaceholders.cell(row: row, column: column)
            #expect(text.flatMap(KittyPlaceholders.position(of:)).map { [$0.row, $0.column] } == [row, column])
        }
        #expect(KittyPlaceholders.cell(row: 297, column: 0) == nil)
    }
}
