import DemoServer
import Foundation
import Imaging
import TerminalUI
import Testing
@testable import gallery
import ImageGallery
import ImagePipeline

/// The gallery drawing its pictures in sextants: what works in half blocks works the same.
@Suite("The gallery in sextants")
@MainActor
struct SymbolScreenTests {
    /// An 80x24 screen drawing sextants, every cell loaded with a detailed picture at the pixels
    /// the layout asks for.
    private func screen() async -> ScreenHarness {
        let screen = await ScreenHarness(columns: 80, rows: 24)
        screen.renderer.imageMode = .symbols(.sextant, .trueColor)
        await screen.model.send(.layoutChanged(screen.geometry.galleryLayout))
        let width = screen.geometry.pictureSize.width
        let bitmap = DemoPictures.picture(number: 2, size: PixelSize(width: width, height: width * 3 / 4))
        await screen.model.finishAll(with: LoadedPicture(ImageResponse(
            bitmap: bitmap, source: .network, originalSize: PixelSize(width: 1200, height: 900), encodedByteCount: 1)))
        return screen
    }

    @Test("J scrolls inside a tall picture: every row of the list moves up three, its cells unchanged")
    func scrollingMovesCells() async {
        let screen = await screen()
        let before = screen.frame()
        #expect(before.cells.contains { $0.grapheme.unicodeScalars.first.map { (0x1FB00...0x1FB3B).contains($0.value) } == true },
                "the picture is drawn in sextants")
        _ = await screen.input(.key(.character("J")))
        #expect(screen.model.state.scrollOffset == GalleryInput.wheelStep)
        let after = screen.frame()
        let listTop = ScreenGeometry.listTop, listBottom = listTop + screen.geometry.listHeight
        for row in listTop..<(listBottom - GalleryInput.wheelStep) {
            for column in 1..<79 {
                #expect(after[column, row] == before[column, row + GalleryInput.wheelStep], "cell \(column), \(row)")
            }
        }
    }

    @Test("a frame that did not change costs nothing, before and after a scroll")
    func frameDiff() async {
        let screen = await screen()
        var renderer = Renderer(colorMode: .trueColor)
        _ = renderer.render(screen.frame())
        #expect(renderer.render(screen.frame()).isEmpty)
        _ = await screen.input(.key(.character("J")))
        #expect(!renderer.render(screen.frame()).isEmpty)
        #expect(renderer.render(screen.frame()).isEmpty)
    }
}
