import Foundation
import ImagePipeline
import Imaging
import StateStore
import TestSupport
import Testing
@testable import ImageGallery

@Suite("Animated pictures play in their cells while on screen")
@MainActor
struct PlaybackTests {
    /// Cells 20 pixels square: two of them on screen with `Fixture.layout()`.
    static let cell = PixelSize(width: 20, height: 20)

    /// A 40x40 GIF of three frames shown for 100 ms, 300 ms and 10 ms (which plays at 100 ms).
    static func animation() throws -> AnimatedImage {
        var palette: [UInt8] = []
        for level in 0..<4 { palette += [UInt8(level * 80), 40, UInt8(255 - level * 80)] }
        let whole = PixelRect(x: 0, y: 0, width: 40, height: 40)
        let frames = [10, 30, 1].enumerated().map { index, delay in
            GIFFrame(indices: [UInt8](repeating: UInt8(index + 1), count: 40 * 40), rect: whole, delay: delay)
        }
        let data = try ImageEncoder.gif(size: PixelSize(width: 40, height: 40), palette: palette, frames: frames)
        return try #require(AnimatedImage(data))
    }

    /// The frames of `animation` as a cell of `cell` shows them, in order.
    static func frames(of animation: AnimatedImage, count: Int) throws -> [Bitmap] {
        let source = try FrameSource(animation, fitting: cell)
        return try (0..<count).map { _ in try #require(try source.nextFrame()).bitmap }
    }

    static func picture(_ animation: AnimatedImage) throws -> LoadedPicture {
        var response = Fixture.picture().response
        response.bitmap = try frames(of: animation, count: 1)[0]
        response.animation = animation
        return LoadedPicture(response)
    }

    /// A store over `count` cells whose loads all answer at once: cell `animated` with the animation.
    func makeStore(
        count: Int = 6, animated: Int = 0, animates: Bool = true, clock: ManualClock
    ) throws -> (TestStore<GalleryModel, GalleryEffects>, AnimatedImage) {
        let animation = try Self.animation()
        let loader = MockImageLoader()
        for (index, url) in Fixture.urls(count).enumerated() {
            loader.answerImmediately(url, with: .success(index == animated ? try Self.picture(animation) : Fixture.picture()))
        }
        let state = GalleryState(urls: Fixture.urls(count), configuration: GalleryConfiguration(animates: animates))
        return (TestStore(GalleryStore(state: state, loader: loader, clock: clock), exhaustive: false), animation)
    }

    func playback(_ store: TestStore<GalleryModel, GalleryEffects>, _ index: Int) throws -> PlaybackID {
        try #require(store.store.state.playing[ItemID(index)])
    }

    @Test("a loop that fits its room shows the first play's own bitmaps again, so the screen sends each frame once")
    func loopsShowTheirKeptFrames() async throws {
        let clock = ManualClock()
        let (store, animation) = try makeStore(clock: clock)
        let frames = try Self.frames(of: animation, count: 7)
        store.send(.layoutChanged(Fixture.layout()))
        await store.receiveAll(count: 3)
        let id = try playback(store, 0)
        var storage: [Int] = []
        // Frames 1, 2, 0 of the first play, then 1, 2, 0 of the second.
        for (step, delay) in [100, 300, 100, 100, 300, 100].enumerated() {
            await clock.waitForSleepers()
            clock.advance(by: .milliseconds(delay))
            await store.receive(.animationFrame(id, frames[step + 1])) {
                $0.items[0].status = $0.items[0].status.withBitmap(frames[step + 1])
            }
            let shown = try #require(store.store.state.items[0].status.picture?.bitmap)
            storage.append(shown.pixels.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) })
        }
        #expect(Set(storage[..<3]).count == 3)
        #expect(Array(storage[3...]) == Array(storage[..<3]))
        store.store.cancelAll()
    }

    @Test("a cell on screen shows the next frame exactly when the file's delay for the last one has passed")
    func framesAtTheFilesDelays() async throws {
        let clock = ManualClock()
        let (store, animation) = try makeStore(clock: clock)
        let frames = try Self.frames(of: animation, count: 4)
        store.send(.layoutChanged(Fixture.layout()))
        await store.receiveAll(count: 3)
        let id = try playback(store, 0)
        #expect(store.state.items[0].status.picture?.bitmap == frames[0])

        // 100 ms, then 300 ms, then 10 ms played at 100 ms; then the first frame again (it loops).
        for (step, delay) in [100, 300, 100].enumerated() {
            await clock.waitForSleepers()
            clock.advance(by: .milliseconds(delay - 1))
            #expect(clock.sleeperCount == 1, "frame \(step + 1) is not due 1 ms early")
            clock.advance(by: .milliseconds(1))
            await store.receive(.animationFrame(id, frames[step + 1])) {
                $0.items[0].status = $0.items[0].status.withBitmap(frames[step + 1])
            }
        }
        #expect(frames[3] == frames[0])
        #expect(store.store.state.items[1].status.picture?.animation == nil)
        store.store.cancelAll()
    }

    @Test("a playback stops when its cell scrolls away: no timer and no decoding off screen")
    func stopsOffScreen() async throws {
        let clock = ManualClock()
        let (store, animation) = try makeStore(clock: clock)
        let frames = try Self.frames(of: animation, count: 2)
        store.send(.layoutChanged(Fixture.layout()))
        await store.receiveAll(count: 3)
        let id = try playback(store, 0)
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(100))
        await store.receive(.animationFrame(id, frames[1]))
        await clock.waitForSleepers()

        // Set up; the scroll is asserted whole: the playback ends with its cell gone from screen,
        // the pictures scrolled past stay, the next row's loads start.
        store.exhaustive = true
        store.send(.scroll(by: 30)) {
            $0.scrollOffset = 30
            $0.selectedIndex = 2
            $0.playing = [:]
            for index in 3..<6 {
                $0.items[index].status = .loading
                $0.expectLoadToken(for: index, onScreenEnd: 5)
            }
        }
        store.exhaustive = false
        #expect(!store.store.isRunning(id))
        #expect(clock.sleeperCount == 0)
        await store.store.settle()
        // A frame of the stopped playback that was already on its way is dropped.
        let before = store.store.state
        store.send(.animationFrame(id, frames[0]))
        #expect(store.store.state == before)

        // Back on screen, it plays again, under a new playback.
        store.send(.scroll(by: -30))
        let again = try playback(store, 0)
        #expect(again != id && store.store.isRunning(again))
        await clock.waitForSleepers()
        store.store.cancelAll()
    }

    @Test("an animated picture off screen never starts a playback")
    func offScreenCostsNothing() async throws {
        let clock = ManualClock()
        // Cell 3 is loaded ahead of the screen (cells 1 and 2 show) but is not visible.
        let (store, _) = try makeStore(animated: 2, clock: clock)
        store.send(.layoutChanged(Fixture.layout()))
        await store.store.settle()
        #expect(store.store.state.items[2].status.picture?.animation != nil)
        #expect(store.store.state.playing.isEmpty)
        #expect(clock.sleeperCount == 0)
    }

    @Test("removing a playing cell stops its playback")
    func stopsWhenRemoved() async throws {
        let clock = ManualClock()
        let (store, _) = try makeStore(clock: clock)
        store.send(.layoutChanged(Fixture.layout()))
        await store.receiveAll(count: 3)
        let id = try playback(store, 0)
        await clock.waitForSleepers()
        // Set up; the removal's start is asserted whole: the animation begins, the playback ends.
        store.exhaustive = true
        store.send(.activateSelected) {
            $0.removal = RemovalAnimation(itemID: ItemID(0), index: 0)
            $0.playing[ItemID(0)] = nil
        }
        store.exhaustive = false
        #expect(!store.store.isRunning(id))
        // The one sleeper left is the removal's own tick.
        await clock.waitForSleepers()
        #expect(clock.sleeperCount == 1)
        var late = store.store.state
        _ = GalleryModel().reduce(into: &late, action: .animationFrame(id, Bitmap(width: 1, height: 1, filledWith: RGBA(r: 0, g: 0, b: 0))))
        #expect(late.items == store.store.state.items)
        store.store.cancelAll()
    }

    @Test("a refresh stops the playback while the picture downloads again, and plays the new one")
    func refreshRestarts() throws {
        var state = GalleryState(urls: Fixture.urls(3))
        let model = GalleryModel()
        _ = model.reduce(into: &state, action: .layoutChanged(Fixture.layout()))
        let token = try #require(state.inFlight[ItemID(0)])
        let picture = try Self.picture(try Self.animation())
        let started = model.reduce(into: &state, action: .loadFinished(token, .success(picture)))
        let first = try #require(state.playing[ItemID(0)])
        #expect(started.contains(.play(PlaybackRequest(id: first, animation: try Self.animation(), targetSize: Self.cell))))

        let refreshed = model.reduce(into: &state, action: .refresh)
        #expect(refreshed.contains(.stopPlaying(first)))
        #expect(state.playing.isEmpty)
        let reload = try #require(state.inFlight[ItemID(0)])
        let again = model.reduce(into: &state, action: .loadFinished(reload, .success(picture)))
        let second = try #require(state.playing[ItemID(0)])
        #expect(second != first)
        #expect(again.contains(.play(PlaybackRequest(id: second, animation: try Self.animation(), targetSize: Self.cell))))
    }

    @Test("with --no-animation a loaded animation shows its first frame and nothing plays")
    func noAnimation() async throws {
        let clock = ManualClock()
        let (store, animation) = try makeStore(animates: false, clock: clock)
        store.send(.layoutChanged(Fixture.layout()))
        await store.store.settle()
        #expect(store.store.state.items[0].status.picture?.bitmap == (try Self.frames(of: animation, count: 1)[0]))
        #expect(store.store.state.playing.isEmpty)
        #expect(clock.sleeperCount == 0)
    }

    /// `Fixture.layout()` for a terminal that plays animations itself (kitty).
    static func playingLayout() -> GalleryLayout {
        var layout = Fixture.layout()
        layout.screenPlaysAnimations = true
        return layout
    }

    @Test("a terminal that plays animations itself is given the file: no playback, no timer, no frames")
    func screenPlaysItself() async throws {
        let clock = ManualClock()
        let (store, animation) = try makeStore(clock: clock)
        store.send(.layoutChanged(Self.playingLayout()))
        await store.store.settle()
        #expect(store.store.state.playing.isEmpty)
        #expect(clock.sleeperCount == 0)
        #expect(store.store.state.animationPlayedByScreen(at: 0) == animation)
        #expect(store.store.state.animationPlayedByScreen(at: 1) == nil)
        #expect(store.store.state.items[0].status.picture?.bitmap == (try Self.frames(of: animation, count: 1)[0]))

        // Scrolled away it is not asked to play; back on screen it is, and still no timer wakes.
        store.send(.scroll(by: 30))
        #expect(store.store.state.animationPlayedByScreen(at: 0) == nil)
        store.send(.scroll(by: -30))
        #expect(store.store.state.animationPlayedByScreen(at: 0) == animation)
        #expect(store.store.state.playing.isEmpty && clock.sleeperCount == 0)
        store.store.cancelAll()
    }

    @Test("a cell the terminal plays stops playing when it starts sliding away")
    func screenStopsOnRemoval() async throws {
        let clock = ManualClock()
        let (store, animation) = try makeStore(clock: clock)
        store.send(.layoutChanged(Self.playingLayout()))
        await store.store.settle()
        #expect(store.store.state.animationPlayedByScreen(at: 0) == animation)
        store.send(.activateSelected) { #expect($0.removal?.itemID == ItemID(0)) }
        #expect(store.store.state.animationPlayedByScreen(at: 0) == nil)
        #expect(store.store.state.playing.isEmpty)
        store.store.cancelAll()
    }

    @Test("with --no-animation a terminal that plays animations is given none to play")
    func screenPlaysNothingWithNoAnimation() async throws {
        let clock = ManualClock()
        let (store, _) = try makeStore(animates: false, clock: clock)
        store.send(.layoutChanged(Self.playingLayout()))
        await store.store.settle()
        #expect(store.store.state.animationPlayedByScreen(at: 0) == nil)
        #expect(store.store.state.playing.isEmpty && clock.sleeperCount == 0)
    }

    @Test("a loop too large for the terminal to hold at the cell's size is played from here")
    func largeLoopsPlayFromHere() throws {
        var state = GalleryState(urls: Fixture.urls(3))
        let model = GalleryModel()
        // A cell so large that even this short loop's frames pass the room at its size.
        var layout = Self.playingLayout()
        let side = Int((Double(GalleryState.screenPlayedLimit) / 4 / 3).squareRoot()) + 1
        layout.cellPixelSize = PixelSize(width: side, height: side)
        _ = model.reduce(into: &state, action: .layoutChanged(layout))
        let token = try #require(state.inFlight[ItemID(0)])
        var picture = try Self.picture(try Self.animation())
        // The file's canvas is what bounds its frames: claim a large one.
        let large = try #require(AnimatedImage(try Self.largeGIF(side: side)))
        picture.response.animation = large
        let effects = model.reduce(into: &state, action: .loadFinished(token, .success(picture)))
        #expect(state.animationPlayedByScreen(at: 0) == nil)
        #expect(effects.contains { if case .play = $0 { true } else { false } })
    }

    /// A three-frame GIF on a canvas of `side` x `side` pixels, each frame one pixel of it.
    static func largeGIF(side: Int) throws -> Data {
        let dot = PixelRect(x: 0, y: 0, width: 1, height: 1)
        let frames = (0..<3).map { GIFFrame(indices: [UInt8($0)], rect: dot, delay: 10) }
        return try ImageEncoder.gif(size: PixelSize(width: side, height: side),
                                    palette: [UInt8](repeating: 128, count: 12), frames: frames)
    }
}

extension LoadStatus {
    /// The same picture showing `bitmap`.
    func withBitmap(_ bitmap: Bitmap) -> LoadStatus {
        guard case .loaded(var picture) = self else { return self }
        picture.bitmap = bitmap
        return .loaded(picture)
    }
}
