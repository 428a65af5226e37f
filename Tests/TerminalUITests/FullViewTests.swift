import Foundation
import Imaging
import Testing
@testable import TerminalUI

@Suite("The full view: keys, mouse, drawing, and kitty's pan")
struct FullViewTests {
    static let size = TerminalSize(columns: 80, rows: 24)

    static func input(_ event: Event, mode: ImageCells.Mode = .trueColor, dragFrom: (column: Int, row: Int)? = nil) -> FullView.Input {
        FullView.interpret(event, size: size, mode: mode, dragFrom: dragFrom)
    }

    @Test("+ - 0 1 zoom, arrows and hjkl pan by an eighth of the view in whole cells, Esc and q go back")
    func keys() {
        #expect(Self.input(.key(.character("+"))) == .zoom(.zoomIn(anchor: nil)))
        #expect(Self.input(.key(.character("-"))) == .zoom(.zoomOut(anchor: nil)))
        #expect(Self.input(.key(.character("0"))) == .zoom(.fit))
        #expect(Self.input(.key(.character("1"))) == .zoom(.actualSize))
        // 80 columns: 10 cells; 22 picture rows: 2 cells, of two half-block pixels each.
        #expect(Self.input(.key(.character("l"))) == .zoom(.pan(dx: 10, dy: 0)))
        #expect(Self.input(.key(.left)) == .zoom(.pan(dx: -10, dy: 0)))
        #expect(Self.input(.key(.character("j"))) == .zoom(.pan(dx: 0, dy: 4)))
        // With pixels, whole cells of 10x20: a picture placed in pixels moves by cells.
        #expect(Self.input(.key(.up), mode: .pixels(.kitty, cell: PixelSize(width: 10, height: 20))) == .zoom(.pan(dx: 0, dy: -40)))
        #expect(Self.input(.key(.escape)) == .close && Self.input(.key(.character("q"))) == .close)
        #expect(Self.input(.key(.control("c"))) == .quit)
        #expect(Self.input(.key(.character("?"))) == .toggleHelp)
    }

    @Test("Ctrl and the wheel zoom about the pointer; the wheel alone pans; a drag moves the picture with the pointer")
    func mouse() {
        // Cell (9, 4) is the fifth row of the picture area (row 1 on): pixels 9.5 across, 7 down.
        let anchor = PixelPoint(x: 9.5, y: 7)
        #expect(Self.input(.mouse(MouseEvent(kind: .wheelUp, column: 9, row: 4, control: true))) == .zoom(.zoomIn(anchor: anchor)))
        #expect(Self.input(.mouse(MouseEvent(kind: .wheelDown, column: 9, row: 4, control: true))) == .zoom(.zoomOut(anchor: anchor)))
        #expect(Self.input(.mouse(MouseEvent(kind: .wheelDown, column: 9, row: 4))) == .zoom(.pan(dx: 0, dy: 4)))
        #expect(Self.input(.mouse(MouseEvent(kind: .press(.left), column: 9, row: 4))) == .beginDrag(column: 9, row: 4))
        // Dragged three cells right and one down: the view goes three left and two pixels up.
        #expect(Self.input(.mouse(MouseEvent(kind: .drag(.left), column: 12, row: 5)), dragFrom: (9, 4)) == .zoom(.pan(dx: -3, dy: -2)))
    }

    @Test("the terminal's Ctrl bit on a wheel report reaches the event")
    func controlWheel() {
        var decoder = InputDecoder()
        #expect(decoder.decode(Array("\u{1b}[<80;10;5M".utf8)) == [.mouse(MouseEvent(kind: .wheelUp, column: 9, row: 4, control: true))])
        #expect(decoder.decode(Array("\u{1b}[<64;10;5M".utf8)) == [.mouse(MouseEvent(kind: .wheelUp, column: 9, row: 4))])
    }

    @Test("the status row says the zoom and where the view is, in English and Russian")
    func status() {
        var viewport = ZoomViewport(imageSize: PixelSize(width: 4000, height: 3000), screen: PixelSize(width: 80, height: 44))
        #expect(FullView.status(viewport, language: .english) == "zoom 1% (fit)")
        #expect(FullView.status(viewport, language: .russian) == "масштаб 1% (вписано)")
        viewport.apply(.actualSize)
        #expect(FullView.status(viewport, language: .english) == "zoom 100% · centre 2000,1500 of 4000×3000")
        #expect(FullView.status(viewport, language: .russian) == "масштаб 100% · центр 2000,1500 из 4000×3000")
    }

    @Test("in kitty a pan by one step is a new placement of the image the terminal holds: no pixels sent again")
    func kittyPan() throws {
        var picture = Bitmap(width: 1600, height: 1200, filledWith: RGBA(r: 30, g: 60, b: 90))
        picture.drawText("ZOOM", x: 700, y: 580, scale: 8, color: RGBA(r: 250, g: 250, b: 250))
        let source = try ZoomSource(data: ImageEncoder.jpeg(picture))
        let cell = PixelSize(width: 10, height: 20)
        let mode = ImageCells.Mode.pixels(.kitty, cell: cell)
        var viewport = ZoomViewport(imageSize: source.size, screen: FullView.screenPixels(of: FullView.pictureArea(in: Self.size), mode: mode))
        viewport.apply(.actualSize)
        func frame() -> Frame {
            var frame = Frame(size: Self.size)
            FullView(title: "zoom", language: .english, mode: mode).draw(source: source, viewport: viewport, into: &frame)
            return frame
        }
        var renderer = Renderer(colorMode: .trueColor, graphics: .kitty, cellSizeKnown: true, synchronizedOutput: true)
        let opened = String(decoding: renderer.render(frame()), as: UTF8.self)
        #expect(opened.contains("a=t,"))
        guard case .zoom(let step) = Self.input(.key(.character("l")), mode: mode) else {
            Issue.record("l does not pan")
            return
        }
        viewport.apply(step)
        let panned = String(decoding: renderer.render(frame()), as: UTF8.self)
        #expect(!panned.contains("a=t,"), "no pixels again")
        #expect(panned.contains("a=p,"), "a new placement")
        #expect(panned.utf8.count < 1024, "\(panned.utf8.count) bytes")
    }
}
