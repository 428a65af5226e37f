import Foundation
import Testing
@testable import Imaging

@Suite("Frame source")
struct FrameSourceTests {
    /// Up to `count` frames of `source`, fewer when its plays end.
    private func play(_ source: FrameSource, frames count: Int) throws -> [AnimationFrame] {
        var frames: [AnimationFrame] = []
        while frames.count < count, let frame = try source.nextFrame() { frames.append(frame) }
        return frames
    }

    @Test("a GIF's frames come one at a time, in order, with the file's delays, as the full decode composes them")
    func gifFramesInOrder() throws {
        let data = try Conformance.data("gif/animated.gif")
        let animation = try #require(AnimatedImage(data))
        #expect(animation.format == .gif && animation.frameCount == 4 && animation.plays == nil)
        let source = try FrameSource(animation, fitting: nil)
        let played = try play(source, frames: 8)
        let reference = try ImageDecoder.frames(data)
        // Forever: the fifth frame is the first again.
        #expect(played.map(\.bitmap) == (reference + reference).map(\.bitmap))
        #expect(played.map(\.delay) == [100, 100, 200, 100, 100, 100, 200, 100].map { .milliseconds($0) })
    }

    @Test("an animated WebP's frames come in order with its 120 ms delays, and loop")
    func webpFramesInOrder() throws {
        let data = try Conformance.data("webp/animated.webp")
        let animation = try #require(AnimatedImage(data))
        #expect(animation.format == .webp && animation.frameCount == 3 && animation.plays == nil)
        let played = try play(try FrameSource(animation, fitting: nil), frames: 6)
        let reference = try ImageDecoder.frames(data)
        #expect(played.map(\.bitmap) == (reference + reference).map(\.bitmap))
        #expect(played.allSatisfy { $0.delay == .milliseconds(120) })
    }

    @Test("frames are scaled to the cell, the first one the same picture the still decoder gives")
    func scaledToTheCell() throws {
        for path in ["gif/animated.gif", "webp/animated.webp"] {
            let data = try Conformance.data(path)
            let cell = PixelSize(width: 24, height: 24)
            let source = try FrameSource(try #require(AnimatedImage(data)), fitting: cell)
            let frames = try play(source, frames: 3)
            let still = try ImageDecoder.decode(data, maxSize: cell)
            #expect(frames.first?.bitmap == still, "\(path)")
            #expect(frames.allSatisfy { $0.bitmap.size == still.size }, "\(path)")
        }
    }

    @Test("a GIF plays as many times as its loop count says, as browsers count it, then stops")
    func loopCount() throws {
        let size = PixelSize(width: 8, height: 8)
        let twice = try ImageEncoder.bandGIF(size: size, frames: 3, delayCentiseconds: 5, loopCount: 1)
        let once = try ImageEncoder.bandGIF(size: size, frames: 3, delayCentiseconds: 5, loopCount: -1)
        let forever = try ImageEncoder.bandGIF(size: size, frames: 3, delayCentiseconds: 5, loopCount: 0)
        #expect(try #require(AnimatedImage(twice)).plays == 2)
        #expect(try #require(AnimatedImage(once)).plays == 1)
        #expect(try #require(AnimatedImage(forever)).plays == nil)
        #expect(try play(try FrameSource(#require(AnimatedImage(twice)), fitting: nil), frames: 100).count == 6)
        #expect(try play(try FrameSource(#require(AnimatedImage(once)), fitting: nil), frames: 100).count == 3)
        #expect(try play(try FrameSource(#require(AnimatedImage(forever)), fitting: nil), frames: 100).count == 100)
        // 50 ms is longer than browsers' floor: it plays as written.
        #expect(try FrameSource(#require(AnimatedImage(once)), fitting: nil).nextFrame()?.delay == .milliseconds(50))
    }

    @Test("a still is no animation: JPEG, PNG, a one-frame GIF, a still WebP")
    func stillsAreNotAnimations() throws {
        for path in ["gif/still.gif", "webp/lossy.webp", "avif/lossy.avif"] {
            #expect(AnimatedImage(try Conformance.data(path)) == nil, "\(path)")
        }
        #expect(AnimatedImage(try ImageEncoder.png(Bitmap(width: 4, height: 4, filledWith: RGBA(r: 1, g: 2, b: 3)))) == nil)
    }

    @Test("with room for them, a loop's frames are kept after the first play and given again as the same bitmaps")
    func keptForLaterPlays() throws {
        let data = try Conformance.data("gif/animated.gif")
        let animation = try #require(AnimatedImage(data))
        let cell = PixelSize(width: 24, height: 24)
        let plain = try play(try FrameSource(animation, fitting: cell), frames: 12)
        let source = try FrameSource(animation, fitting: cell, keepingUpTo: 1 << 20)
        let kept = try play(source, frames: 12)
        // The same pictures and delays as decoding every play...
        #expect(kept == plain)
        #expect(source.isReplaying)
        #expect(source.keptBytes == 4 * source.frameSize.area * 4)
        // ...and from the second play on, the very bitmaps of the first (the screen's caches key
        // pictures by their storage, so these are encoded and sent once).
        let storage = kept.map { frame in frame.bitmap.pixels.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } }
        #expect(Array(storage[4..<8]) == Array(storage[0..<4]) && Array(storage[8..<12]) == Array(storage[0..<4]))
        #expect(Set(storage).count == 4)
    }

    @Test("frames that do not fit the room, or a file that plays once, are decoded every play and nothing is kept")
    func notKeptPastTheRoom() throws {
        let data = try Conformance.data("gif/animated.gif")
        let animation = try #require(AnimatedImage(data))
        let cell = PixelSize(width: 24, height: 24)
        let frameSize = try FrameSource(animation, fitting: cell).frameSize
        // One byte short of its four frames.
        let tight = try FrameSource(animation, fitting: cell, keepingUpTo: 4 * frameSize.area * 4 - 1)
        let frames = try play(tight, frames: 8)
        #expect(frames.count == 8 && !tight.isReplaying && tight.keptBytes == 0)
        let once = try ImageEncoder.bandGIF(size: PixelSize(width: 8, height: 8), frames: 3, delayCentiseconds: 5, loopCount: -1)
        let single = try FrameSource(#require(AnimatedImage(once)), fitting: nil, keepingUpTo: 1 << 20)
        #expect(try play(single, frames: 10).count == 3)
        #expect(single.keptBytes == 0)
        // A loop that plays twice gives its kept frames once more, then stops.
        let twice = try ImageEncoder.bandGIF(size: PixelSize(width: 8, height: 8), frames: 3, delayCentiseconds: 5, loopCount: 1)
        let replayed = try FrameSource(#require(AnimatedImage(twice)), fitting: nil, keepingUpTo: 1 << 20)
        #expect(try play(replayed, frames: 10).count == 6)
        #expect(replayed.isReplaying)
    }

    @Test("playing 100 full-screen frames holds a few canvases, never the frames of a whole play")
    func memoryBound() throws {
        let size = PixelSize(width: 200, height: 80)
        let data = try ImageEncoder.bandGIF(size: size, frames: 100, delayCentiseconds: 4)
        let animation = try #require(AnimatedImage(data))
        #expect(animation.decodedByteCount == 100 * size.area * 4)
        let source = try FrameSource(animation, fitting: PixelSize(width: 100, height: 40))
        let frames = try play(source, frames: 150)
        #expect(frames.count == 150)
        #expect(Set(frames.prefix(100).map(\.bitmap)).count == 100)
        // giflib's canvas, the one kept for disposal, the copy scaled and the scaled frame.
        #expect(source.largestBufferBytes <= 3 * size.area * 4 + 100 * 40 * 4)
        #expect(source.largestBufferBytes * 20 < animation.decodedByteCount)
    }
}
