import Imaging
import Testing
import TerminalUI
@testable import gallery
import ImageGallery

@MainActor
@Suite("Cells laid out in pixels when the terminal tells its cell size")
struct PixelLayoutTests {
    /// 40x30 cells of 8x16 pixels: a screen 320 pixels wide.
    static let cell = PixelSize(width: 8, height: 16)

    @Test("each picture is an exact square, the screen's width less 10 pixels on every side, loaded at its pixels")
    func exactSquares() async throws {
        let screen = await ScreenHarness(columns: 40, rows: 30, cellPixels: Self.cell)
        let geometry = screen.geometry
        // 320 - 2 * 10 = 300; the cell is the rows holding 10 + 300 + 10 pixels: 20 rows of 16.
        #expect(geometry.squarePixels == PixelRect(x: 10, y: 10, width: 300, height: 300))
        #expect(geometry.pictureSize == PixelSize(width: 300, height: 300))
        #expect(geometry.cellHeight == 20 && geometry.gap == 0)
        #expect(screen.model.state.layout.cellPixelSize == PixelSize(width: 300, height: 300))

        await screen.model.finishAll(with: Fixture.picture(size: PixelSize(width: 300, height: 225)))
        let placement = try #require(screen.frame().visibleImages.first)
        // The square starts 10 pixels in: column 1 plus 2 pixels, row 2 (the list's top) plus 10.
        #expect(placement.inset == PixelOffset(x: 2, y: 10))
        #expect(placement.rect.column == 1 && placement.rect.row == ScreenGeometry.listTop)
        #expect(placement.matte?.size == PixelSize(width: 300, height: 300))
        #expect(placement.pixelSize == PixelSize(width: 300, height: 225))
        // 2 + 300 pixels end in column 38; column 39 (pixels 312-319) is all margin, as is the
        // last 10 pixels of row 21 (the square ends at pixel 310 of 320).
        #expect(placement.rect.width == 38 && placement.rect.height == 20)
        #expect(placement.canvasSize == PixelSize(width: 302, height: 310))
    }

    @Test("the selected cell's margin is lit around its square; the next cell starts on the next row")
    func selectedMargin() async throws {
        let screen = await ScreenHarness(columns: 40, rows: 30, cellPixels: Self.cell)
        await screen.model.finishAll(with: Fixture.picture(size: PixelSize(width: 300, height: 300)))
        let frame = screen.frame()
        let top = ScreenGeometry.listTop
        #expect(frame[0, top].style.background == GalleryRenderer.selectedMargin.background)
        #expect(frame[39, top + 5].style.background == GalleryRenderer.selectedMargin.background)
        // The picture's cells carry the margin's background too: it shows through the inset.
        #expect(frame[1, top].style.background == GalleryRenderer.selectedMargin.background)
        #expect(frame[0, top + 20].style.background == Style.plain.background)
        let rows = frame.visibleImages.map(\.rect.row)
        #expect(rows.prefix(2) == [top, top + 20])
    }

    @Test("a picture in pixels under the help's box is not placed, its square black inside the lit margin; one clear of it stays")
    func helpOverPictures() async throws {
        // 29 rows: the help's box (ten keys) ends just above the second cell.
        let screen = await ScreenHarness(columns: 40, rows: 29, cellPixels: Self.cell)
        await screen.model.finishAll(with: Fixture.picture(size: PixelSize(width: 300, height: 300)))
        let top = ScreenGeometry.listTop
        // Rows only: a placement printed whole is its every pixel.
        #expect(screen.frame().visibleImages.map(\.rect.row) == [top, top + 20])
        await screen.model.send(.toggleHelp)
        #expect(screen.model.state.isShowingHelp)
        let frame = screen.frame()
        // The first cell is under the box; the second starts below it.
        #expect(frame.visibleImages.map(\.rect.row) == [top + 20])
        // Above the help box: the square black, not the margin's yellow; the margin still lit.
        #expect(frame[2, top + 1].style.background == GalleryRenderer.matte.background)
        #expect(frame[0, top + 1].style.background == GalleryRenderer.selectedMargin.background)
        #expect(frame.plainText().contains("any key closes"))
        await screen.model.send(.toggleHelp)
        #expect(screen.frame().visibleImages.map(\.rect.row) == [top, top + 20])
    }

    @Test("a click anywhere across the width of a pixel cell taps it")
    func clicks() async {
        let screen = await ScreenHarness(columns: 40, rows: 30, cellPixels: Self.cell)
        await screen.loadAll()
        #expect(screen.geometry.itemIndex(atColumn: 0, row: 3, state: screen.model.state) == 0)
        #expect(screen.geometry.itemIndex(atColumn: 39, row: 23, state: screen.model.state) == 1)
    }

    @Test("a cell still loading says so inside its square, clear of the margin")
    func loadingText() async {
        let screen = await ScreenHarness(columns: 40, rows: 30, cellPixels: Self.cell)
        let lines = screen.frame().plainText().components(separatedBy: "\n")
        #expect(lines[ScreenGeometry.listTop + 1].hasPrefix("    1"))
        #expect(lines[ScreenGeometry.listTop + 10].contains("Loading"))
    }

    @Test("without the cell size, or on a screen too narrow for a square, cells are laid out in half-blocks")
    func fallback() async {
        #expect(ScreenGeometry(size: TerminalSize(columns: 40, rows: 30)).squareSide == nil)
        #expect(ScreenGeometry(size: TerminalSize(columns: 4, rows: 30), cellPixels: Self.cell).squareSide == nil)
        #expect(ScreenGeometry(size: TerminalSize(columns: 40, rows: 30)).gap == 1)
    }

    @Test("pictures in sextants load at the encoder's 4x8 pixels a cell, the same cells as half blocks")
    func symbolsLoadFiner() {
        let size = TerminalSize(columns: 40, rows: 30)
        let half = ScreenGeometry(size: size)
        let mode = ImageCells.Mode.symbols(.sextant, .trueColor)
        let sextants = ScreenGeometry(size: size, textGrid: mode.textGrid)
        #expect(half.pictureSize == PixelSize(width: 36, height: 34))
        #expect(sextants.pictureSize == PixelSize(width: 36 * 4, height: 17 * 8))
        #expect(sextants.cellHeight == half.cellHeight && sextants.cellWidth == half.cellWidth)
        #expect(GalleryRenderer(imageMode: mode).geometry(size: size) == sextants)
    }
}
