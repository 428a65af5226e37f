import ErrorReporting
import Foundation
import Testing
@testable import Imaging

/// The decompression-bomb guards of the new formats: per frame, and for a whole animation.
@Suite("Limits of every format, per frame and per animation")
struct AnimationLimitTests {
    @Test("a GIF whose logical screen is 65535x65535 is refused as too large from its header")
    func hugeGIFScreen() {
        let bomb = Conformance.gif(width: 65_535, height: 65_535, frames: 1)
        #expect(throws: ImagingError.tooLarge(width: 65_535, height: 65_535, limit: 50_000_000)) {
            try ImageDecoder.decode(bomb)
        }
        #expect(throws: ImagingError.tooLarge(width: 65_535, height: 65_535, limit: 50_000_000)) {
            try ImageDecoder.frames(bomb)
        }
    }

    @Test("a GIF of 100,000 frames is refused from a scan of its blocks, before a frame is decoded")
    func hundredThousandFrames() throws {
        let bomb = Conformance.gif(width: 1, height: 1, frames: 100_000)
        let refusal = ImagingError.animationTooLarge(frames: ImageDecoder.frameLimit + 1, frameLimit: ImageDecoder.frameLimit)
        #expect(throws: refusal) { try ImageDecoder.decode(bomb) }
        #expect(throws: refusal) { try ImageDecoder.frames(bomb) }
        // The same file within the limit is an ordinary animation.
        #expect(try ImageDecoder.frames(Conformance.gif(width: 1, height: 1, frames: 3)).count == 3)
    }

    @Test("a GIF whose frames add up to more pixels than the animation budget is refused")
    func gifTotalPixels() {
        // 30 frames of 100x100 on a 100x100 screen, with a limit of 10,000 pixels: 300,000 in all.
        var bytes = [UInt8](Conformance.gif(width: 100, height: 100, frames: 0).dropLast())
        for _ in 0..<30 { bytes += [0x2C, 0, 0, 0, 0, 100, 0, 100, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00] }
        bytes.append(0x3B)
        #expect(throws: ImagingError.animationTooLarge(frames: 30, frameLimit: ImageDecoder.frameLimit)) {
            try ImageDecoder.decode(Data(bytes), pixelLimit: 10_000)
        }
    }

    @Test("a GIF frame larger than the pixel limit is refused even on a small screen")
    func gifHugeFrame() {
        var bytes = [UInt8](Conformance.gif(width: 1, height: 1, frames: 0).dropLast())
        bytes += [0x2C, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]
        #expect(throws: ImagingError.tooLarge(width: 65_535, height: 65_535, limit: 50_000_000)) {
            try ImageDecoder.decode(Data(bytes))
        }
    }

    @Test("a WebP whose canvas claims 16384x16384 is refused from its header")
    func hugeWebP() {
        var bytes: [UInt8] = Array("RIFF".utf8) + [22, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0]
        bytes += [0, 0, 0, 0] + [0xFF, 0x3F, 0x00, 0xFF, 0x3F, 0x00]
        #expect(throws: ImagingError.tooLarge(width: 16_384, height: 16_384, limit: 50_000_000)) {
            try ImageDecoder.decode(Data(bytes))
        }
    }

    @Test("the configured pixel limit applies to WebP, GIF and AVIF as to JPEG and PNG",
          arguments: ["webp/lossy.webp", "gif/still.gif", "avif/lossy.avif", "webp/animated.webp"])
    func configuredLimit(file: String) throws {
        #expect(throws: ImagingError.tooLarge(width: 96, height: 64, limit: 6_000)) {
            try ImageDecoder.decode(try Conformance.data(file), pixelLimit: 6_000)
        }
    }

    @Test("an animation that is too large is an invalidImage error in English and Russian")
    func userFacing() {
        let error = UserFacingError.from(ImagingError.animationTooLarge(frames: 5_001, frameLimit: 5_000))
        #expect(error.code == "invalidImage")
        #expect(error.message(in: .english).contains("5001"))
        #expect(error.message(in: .russian).contains("Анимация"))
    }
}
