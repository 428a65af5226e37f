import Foundation
import Imaging
import TerminalUI
import Testing
@testable import gallery
import ImageGallery

/// A gallery store laid out for a terminal of `size`, rendered as text.
@MainActor
final class ScreenHarness {
    let size: TerminalSize
    var model: GalleryTestStore
    var renderer = GalleryRenderer(language: .english, imageMode: .trueColor, spinnerPhase: 0)

    /// A screen of `columns` x `rows`; with `cellPixels`, pictures are drawn with kitty's real
    /// pixels in cells of that size and laid out in pixels.
    init(columns: Int, rows: Int, count: Int = 6, cellPixels: PixelSize? = nil) async {
        size = TerminalSize(columns: columns, rows: rows)
        model = await GalleryTestStore(count: count, layout: ScreenGeometry(size: size, cellPixels: cellPixels).galleryLayout)
        if let cellPixels { renderer.imageMode = .pixels(.kitty, cell: cellPixels) }
    }

    var geometry: ScreenGeometry { renderer.geometry(size: size) }

    /// Turns `f` (cells that fit the height) on or off, as the screen does.
    func toggleFit() async {
        renderer.fitsHeight.toggle()
        await model.send(.layoutChanged(geometry.galleryLayout))
    }

    /// The screen as a frame.
    func frame() -> Frame { renderer.render(model.state, size: size) }

    /// A 4:3 picture as wide as the cell's picture area, like a downsampled 1200x900 photo.
    var picture: LoadedPicture {
        let width = geometry.pictureSize.width
        return Fixture.picture(size: PixelSize(width: width, height: width * 3 / 4))
    }

    /// Loads every cell that is loading.
    func loadAll() async { await model.finishAll(with: picture) }

    /// The screen as text.
    func text() -> String { renderer.render(model.state, size: size).plainText() }

    /// The screen's rows.
    func lines() -> [String] { text().components(separatedBy: "\n") }

    /// Sends the event through the screen's input mapping.
    @discardableResult
    func input(_ event: Event) async -> GalleryInput {
        let meaning = GalleryInput.interpret(event, geometry: geometry, state: model.state)
        if case .action(let action) = meaning { await model.send(action) }
        return meaning
    }
}
