import Foundation
import Testing
@testable import Imaging

/// Every file of the conformance set against its reference decoder's output (dwebp, gif2rgb or
/// Pillow, avifdec, heif-convert), made once and committed beside it.
///
/// Thresholds: our decoders call the same libraries as the reference tools (libwebp, giflib,
/// libavif with the same YUV-to-RGB conversion), so the pixels should match exactly; 50 dB (a mean
/// error of about 0.8 of a level in 255) leaves room only for rounding in a conversion step and
/// still fails on any real mistake (a swapped channel, a wrong palette, a row off by one, a frame
/// composed without its disposal scores under 20 dB). The scaled WebP is compared with
/// `dwebp -resize` at 40 dB: the same rescaler, reached through a different output path. HEIC
/// goes through libheif as heif-convert does (same HEVC decoder, same YCbCr-to-RGB step): 50 dB.
@Suite("Conformance: WebP, GIF, AVIF and HEIC against their reference decoders")
struct ConformanceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let file: String
        let reference: String
        var maxSize: PixelSize?
        var threshold = 50.0
        var testDescription: String { file + (maxSize.map { " at \($0)" } ?? "") }
    }

    static let cases: [Case] = [
        Case(file: "webp/lossy.webp", reference: "webp/lossy.png"),
        Case(file: "webp/lossless-alpha.webp", reference: "webp/lossless-alpha.png"),
        Case(file: "webp/lossy-alpha.webp", reference: "webp/lossy-alpha.png"),
        Case(file: "webp/lossy.webp", reference: "webp/lossy.scaled-48x32.png",
             maxSize: PixelSize(width: 48, height: 48), threshold: 40),
        Case(file: "webp/animated.webp", reference: "webp/animated.png"),
        Case(file: "gif/still.gif", reference: "gif/still.png"),
        Case(file: "gif/interlaced.gif", reference: "gif/interlaced.png"),
        Case(file: "gif/transparent.gif", reference: "gif/transparent.png"),
        Case(file: "gif/animated.gif", reference: "gif/animated.frame0.png"),
        Case(file: "avif/lossless.avif", reference: "avif/lossless.png"),
        Case(file: "avif/lossy.avif", reference: "avif/lossy.png"),
        Case(file: "avif/alpha.avif", reference: "avif/alpha.png"),
        Case(file: "heic/lossy.heic", reference: "heic/lossy.png"),
        Case(file: "heic/alpha.heic", reference: "heic/alpha.png"),
        Case(file: "heic/orientation-1.heic", reference: "heic/orientation-1.png"),
    ]

    @Test("each file decodes to its reference decoder's pixels, within the PSNR threshold", arguments: cases)
    func matchesReference(_ test: Case) throws {
        let decoded = try ImageDecoder.decodeImage(try Conformance.data(test.file), maxSize: test.maxSize)
        let reference = try ImageDecoder.decode(try Conformance.data(test.reference))
        #expect(decoded.bitmap.size == reference.size)
        let psnr = Conformance.psnr(decoded.bitmap, reference)
        #expect(psnr >= test.threshold, "\(test.file): \(psnr) dB")
    }

    @Test("a format is told from its bytes: the header probe gives format and size without decoding",
          arguments: [("webp/lossy.webp", ImageFormat.webp), ("gif/still.gif", .gif), ("avif/lossy.avif", .avif),
                      ("webp/animated.webp", .webp), ("heic/lossy.heic", .heic)])
    func probe(file: String, format: ImageFormat) throws {
        let data = try Conformance.data(file)
        let info = try ImageDecoder.probe(data)
        #expect(info == ImageInfo(format: format, width: 96, height: 64))
        // WebP and GIF sizes come from the first bytes; an AVIF's or HEIC's `ispe` box may be
        // anywhere in `meta`.
        if format != .avif, format != .heic { #expect(try ImageDecoder.probe(data.prefix(40)).size == info.size) }
    }

    @Test("every frame of an animated GIF is composed with its disposal method, as the reference composes it")
    func gifDisposal() throws {
        let frames = try ImageDecoder.frames(try Conformance.data("gif/animated.gif"))
        #expect(frames.count == 4)
        for (index, frame) in frames.enumerated() {
            let reference = try ImageDecoder.decode(try Conformance.data("gif/animated.frame\(index).png"))
            let psnr = Conformance.psnr(frame.bitmap, reference)
            #expect(psnr >= 50, "frame \(index): \(psnr) dB")
        }
        // The file says 100, 5, 200 and 100 ms: a 5 ms delay plays at 100 ms, as in browsers.
        #expect(frames.map(\.delay) == [.milliseconds(100), .milliseconds(100), .milliseconds(200), .milliseconds(100)])
    }

    @Test("an animated WebP gives every frame with its timing, the first one its still")
    func webpFrames() throws {
        let frames = try ImageDecoder.frames(try Conformance.data("webp/animated.webp"))
        #expect(frames.count == 3)
        #expect(frames.allSatisfy { $0.delay == .milliseconds(120) })
        let still = try ImageDecoder.decode(try Conformance.data("webp/animated.webp"))
        #expect(frames.first?.bitmap == still)
        #expect(frames[0].bitmap != frames[1].bitmap)
    }

    @Test("a WebP is scaled by libwebp while it decodes: no full-size bitmap on the way to a cell")
    func webpScaledDecoding() throws {
        let decoded = try ImageDecoder.decodeImage(try Conformance.data("webp/lossy.webp"), maxSize: PixelSize(width: 24, height: 24))
        #expect(decoded.bitmap.size == PixelSize(width: 24, height: 16))
        #expect(decoded.codecSize == PixelSize(width: 24, height: 16))
        #expect(decoded.largestBufferBytes == 24 * 16 * 4)
        #expect(decoded.info.size == PixelSize(width: 96, height: 64))
    }

    @Test("each format cut short or damaged fails with a typed error, never a crash",
          arguments: ["webp/lossy.webp", "webp/animated.webp", "gif/still.gif", "gif/animated.gif", "avif/lossy.avif",
                      "heic/lossy.heic"])
    func damaged(file: String) throws {
        let data = try Conformance.data(file)
        for cut in [16, 40, data.count / 2, data.count - 3] {
            do {
                _ = try ImageDecoder.decode(data.prefix(cut))
                // A GIF cut inside a later frame still shows its first frame, as browsers do.
                #expect(file.hasSuffix(".gif") && cut > data.count / 3, "\(file) cut at \(cut) decoded")
            } catch {
                #expect(error == .truncated || { if case .corrupt = error { true } else { false } }(),
                        "\(file) cut at \(cut): \(error)")
            }
        }
        var damaged = data
        for index in stride(from: 40, to: damaged.count, by: 7) { damaged[index] ^= 0x5A }
        _ = try? ImageDecoder.decode(damaged)
    }

    @Test("a HEIC is sniffed from its brands, mif1 with heic among them included, and refused over the pixel limit")
    func heicSniffingAndLimit() throws {
        let data = try Conformance.data("heic/lossy.heic")
        // heif-enc writes `heic` as the major brand; a generic `mif1` one names the codec among the
        // compatible brands.
        var generic = data
        generic.replaceSubrange(8..<12, with: Array("mif1".utf8))
        #expect(try ImageDecoder.probe(generic).format == .heic)
        #expect(try ImageDecoder.decode(generic) == ImageDecoder.decode(data))
        #expect(throws: ImagingError.tooLarge(width: 96, height: 64, limit: 96 * 64 - 1)) {
            try ImageDecoder.decode(data, pixelLimit: 96 * 64 - 1)
        }
        let thumbnail = try ImageDecoder.decodeImage(data, maxSize: PixelSize(width: 48, height: 48))
        #expect(thumbnail.bitmap.size == PixelSize(width: 48, height: 32))
        #expect(thumbnail.info == ImageInfo(format: .heic, width: 96, height: 64))
        let reference = try ImageDecoder.decode(try Conformance.data("heic/lossy.png"), maxSize: PixelSize(width: 48, height: 48))
        #expect(Conformance.psnr(thumbnail.bitmap, reference) >= 50)
    }
}
