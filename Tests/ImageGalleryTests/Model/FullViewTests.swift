import Foundation
import Imaging
import Testing
import ImageGallery

/// The full view (`v`, a double click) as the model keeps it: only a loaded picture opens, its
/// bytes are read once, zoom commands change its viewport, and closing leaves the list as it was.
@Suite("The full view: open, read the bytes, zoom, close")
struct FullViewTests {
    static let screen = PixelSize(width: 100, height: 76)

    /// A gallery of three with every picture on screen loaded.
    static func loaded() -> GalleryState {
        var state = GalleryState(urls: Fixture.urls(3))
        let effects = GalleryModel().reduce(into: &state, action: .layoutChanged(Fixture.layout()))
        for case .load(let request) in effects {
            _ = GalleryModel().reduce(into: &state, action: .loadFinished(request.token, .success(Fixture.picture())))
        }
        return state
    }

    static func source() throws -> ZoomSource {
        try ZoomSource(data: ImageEncoder.jpeg(Bitmap(width: 400, height: 300, filledWith: RGBA(r: 10, g: 200, b: 90))))
    }

    @Test("v on a loaded picture opens it and reads its bytes; they come back as a fitted viewport")
    func opens() throws {
        var state = Self.loaded()
        let effects = GalleryModel().reduce(into: &state, action: .openFullView(index: 1, screen: Self.screen))
        let view = try #require(state.fullView)
        #expect(view.itemID == state.items[1].id && state.selectedIndex == 1)
        guard case .loadOriginal(let token, let url)? = effects.first else {
            Issue.record("no read of the bytes: \(effects)")
            return
        }
        #expect(url == state.items[1].url)
        let source = try Self.source()
        _ = GalleryModel().reduce(into: &state, action: .originalLoaded(token, .success(source)))
        #expect(state.fullView?.viewport == ZoomViewport(imageSize: PixelSize(width: 400, height: 300), screen: Self.screen))
        _ = GalleryModel().reduce(into: &state, action: .zoom(.zoomIn(anchor: nil)))
        #expect(state.fullView?.viewport?.stepIndex == 1)
        _ = GalleryModel().reduce(into: &state, action: .zoom(.resize(PixelSize(width: 80, height: 40))))
        #expect(state.fullView?.screen == PixelSize(width: 80, height: 40) && state.fullView?.viewport?.screen == PixelSize(width: 80, height: 40))
        let before = state.items
        #expect(GalleryModel().reduce(into: &state, action: .closeFullView).isEmpty, "nothing in flight to cancel")
        #expect(state.fullView == nil && state.items == before && state.selectedIndex == 1)
    }

    @Test("a picture that has not loaded does not open, and the status says why")
    func notLoaded() {
        var state = GalleryState(urls: Fixture.urls(3))
        _ = GalleryModel().reduce(into: &state, action: .layoutChanged(Fixture.layout()))
        #expect(GalleryModel().reduce(into: &state, action: .openFullView(index: 0, screen: Self.screen)).allSatisfy {
            if case .loadOriginal = $0 { false } else { true }
        })
        #expect(state.fullView == nil && state.status == .cannotOpenNotLoaded)
    }

    @Test("closing before the bytes arrive cancels the read, and a late answer is dropped")
    func closeCancels() throws {
        var state = Self.loaded()
        let effects = GalleryModel().reduce(into: &state, action: .openFullView(index: 0, screen: Self.screen))
        guard case .loadOriginal(let token, _)? = effects.first else {
            Issue.record("no read of the bytes")
            return
        }
        #expect(GalleryModel().reduce(into: &state, action: .closeFullView).contains(.cancel(token)))
        _ = GalleryModel().reduce(into: &state, action: .originalLoaded(token, .success(try Self.source())))
        #expect(state.fullView == nil)
    }

    @Test("the second click of a double click takes back the removal the first one started")
    func doubleClick() {
        var state = Self.loaded()
        _ = GalleryModel().reduce(into: &state, action: .tap(index: 2))
        #expect(state.removal != nil)
        _ = GalleryModel().reduce(into: &state, action: .openFullView(index: 2, screen: Self.screen))
        #expect(state.removal == nil && state.items.count == 3 && state.fullView?.itemID == state.items[2].id)
    }
}
