import Foundation
import Testing
@testable import Imaging

@Suite("Zoom and pan of a full view")
struct ZoomViewportTests {
    /// The demo's large picture on a 200x60 terminal in half blocks: 200x116 screen pixels.
    static let picture = PixelSize(width: 4000, height: 3000)
    static let screen = PixelSize(width: 200, height: 116)

    static func fitted() -> ZoomViewport { ZoomViewport(imageSize: picture, screen: screen) }

    @Test("a new view fits the whole picture, centred across the wider screen")
    func fitsAtFirst() {
        let view = Self.fitted()
        #expect(view.isFitted)
        #expect(abs(view.scale - 116.0 / 3000) < 1e-12)
        let layout = view.layout
        #expect(layout.region == PixelRect(x: 0, y: 0, width: 4000, height: 3000))
        // 4000 x 116/3000 = 154.67 columns of pixels, centred in 200.
        #expect(layout.drawn == PixelRect(x: 22, y: 0, width: 155, height: 116))
        #expect(view.stepIndex == 0)
    }

    @Test("+ and - go up and down the ladder of √2 steps, and never below the fit")
    func steps() {
        var view = Self.fitted()
        let fit = view.scale
        view.apply(.zoomIn(anchor: nil))
        #expect(abs(view.scale - fit * 2.0.squareRoot()) < 1e-9)
        view.apply(.zoomIn(anchor: nil))
        #expect(abs(view.scale - fit * 2) < 1e-9)
        #expect(view.stepIndex == 2)
        view.apply(.zoomOut(anchor: nil))
        #expect(abs(view.scale - fit * 2.0.squareRoot()) < 1e-9)
        view.apply(.zoomOut(anchor: nil))
        view.apply(.zoomOut(anchor: nil))
        #expect(view.isFitted)
        #expect(view == Self.fitted())
    }

    @Test("zooming in stops at sixteen screen pixels per picture pixel")
    func closest() {
        var view = Self.fitted()
        for _ in 0..<40 { view.apply(.zoomIn(anchor: nil)) }
        #expect(view.scale == ZoomViewport.closest)
        #expect(view.visibleRegion.size.x == 200.0 / 16)
    }

    @Test("a zoom about the centre keeps the picture's centre in the middle and shows less of it")
    func zoomAboutCentre() {
        var view = Self.fitted()
        view.apply(.zoomIn(anchor: nil))
        #expect(view.centre == PixelPoint(x: 2000, y: 1500))
        let region = view.layout.region
        #expect(region.width < 4000 && region.height < 3000)
        #expect(abs(Double(region.x + region.width / 2) - 2000) <= 1)
        #expect(abs(Double(region.y + region.height / 2) - 1500) <= 1)
    }

    @Test("a zoom about the pointer keeps the picture point under it in place")
    func zoomAboutPointer() {
        var view = Self.fitted()
        view.apply(.zoomIn(anchor: nil))
        view.apply(.zoomIn(anchor: nil))
        let pointer = PixelPoint(x: 130, y: 40)
        func pictureUnder(_ view: ZoomViewport) -> PixelPoint {
            PixelPoint(x: view.centre.x + (pointer.x - 100) / view.scale, y: view.centre.y + (pointer.y - 58) / view.scale)
        }
        let before = pictureUnder(view)
        view.apply(.zoomIn(anchor: pointer))
        let after = pictureUnder(view)
        #expect(abs(before.x - after.x) < 1e-6 && abs(before.y - after.y) < 1e-6)
        view.apply(.zoomOut(anchor: pointer))
        let back = pictureUnder(view)
        #expect(abs(before.x - back.x) < 1e-6 && abs(before.y - back.y) < 1e-6)
    }

    @Test("panning moves by screen pixels and stops at the picture's edges")
    func panClamps() {
        var view = Self.fitted()
        view.apply(.actualSize)
        let start = view.layout.region
        view.apply(.pan(dx: 20, dy: 0))
        #expect(view.layout.region.x == start.x + 20)
        for _ in 0..<1000 { view.apply(.pan(dx: 50, dy: 50)) }
        let corner = view.layout.region
        #expect(corner.x + corner.width == 4000 && corner.y + corner.height == 3000)
        #expect(view.centre == PixelPoint(x: 4000 - 100, y: 3000 - 58))
        for _ in 0..<1000 { view.apply(.pan(dx: -50, dy: -50)) }
        #expect(view.layout.region.x == 0 && view.layout.region.y == 0)
    }

    @Test("a fitted picture does not pan: there is nothing beyond the screen")
    func fittedDoesNotPan() {
        var view = Self.fitted()
        view.apply(.pan(dx: 40, dy: -40))
        #expect(view == Self.fitted())
    }

    @Test("1 shows one picture pixel per screen pixel about the middle; 0 fits again, exactly as before")
    func actualSizeAndFit() {
        var view = Self.fitted()
        view.apply(.actualSize)
        #expect(view.scale == 1)
        #expect(view.percent == 100)
        #expect(view.layout.region == PixelRect(x: 1900, y: 1442, width: 200, height: 116))
        #expect(view.layout.drawn == PixelRect(x: 0, y: 0, width: 200, height: 116))
        view.apply(.pan(dx: 300, dy: 10))
        view.apply(.fit)
        #expect(view == Self.fitted())
    }

    @Test("from 1:1, + and - go to the next step of the ladder in that direction")
    func offLadder() {
        var view = Self.fitted()
        let fit = view.scale
        view.apply(.actualSize)
        view.apply(.zoomIn(anchor: nil))
        let rungs = (0..<20).map { fit * pow(2.0.squareRoot(), Double($0)) }
        let above = rungs.first { $0 > 1 }!
        #expect(abs(view.scale - above) < 1e-9)
        view.apply(.actualSize)
        view.apply(.zoomOut(anchor: nil))
        #expect(abs(view.scale - rungs.last { $0 < 1 }!) < 1e-9)
    }

    @Test("a picture smaller than the screen fits enlarged, and 1 shows it at its own size, centred")
    func smallPicture() {
        var view = ZoomViewport(imageSize: PixelSize(width: 50, height: 20), screen: Self.screen)
        #expect(view.scale == 4)
        view.apply(.actualSize)
        #expect(view.scale == 4, "1:1 is below the fit, which is the least")
        view.apply(.zoomOut(anchor: nil))
        #expect(view.isFitted)
    }

    @Test("a resize keeps a fitted view fitted, and a zoomed one at its zoom on the same place")
    func resize() {
        var view = Self.fitted()
        view.apply(.resize(PixelSize(width: 100, height: 60)))
        #expect(view == ZoomViewport(imageSize: Self.picture, screen: PixelSize(width: 100, height: 60)))
        view.apply(.actualSize)
        view.apply(.pan(dx: 400, dy: 0))
        let centre = view.centre
        view.apply(.resize(Self.screen))
        #expect(view.scale == 1 && view.centre == centre)
    }
}
