import Foundation
import Testing
@testable import Imaging

/// AVIF and HEIC whose colour is told by `nclx` code points (H.273) rather than an ICC profile are
/// converted to sRGB; HEIC's premultiplied alpha is divided out. The fixtures (Conformance/nclx,
/// make-fixtures.py) hold the sRGB photo converted by Little CMS to Display P3 or BT.2020 and stored
/// losslessly: the reference is the sRGB photo itself, what a browser shows for the file.
@Suite("Colour: nclx code points and premultiplied alpha")
struct CodePointColourTests {
    struct Tagged: CustomTestStringConvertible, Sendable {
        let file: String
        var testDescription: String { file }
    }

    /// Thresholds: the files hold the photo's sRGB pixels converted to the wider space and rounded
    /// to eight bits; converted back, each pixel comes within about a level of the photo (a wider
    /// gamut spreads the same levels over more colours, so BT.2020 loses a little more than P3):
    /// 45 dB. Shown without the conversion, the wider space's pixels are visibly duller: far under
    /// 35 dB, so the threshold cannot be met by accident.
    static let tagged: [Tagged] = [
        Tagged(file: "nclx/display-p3.avif"),
        Tagged(file: "nclx/bt2020.avif"),
        Tagged(file: "nclx/display-p3.heic"),
    ]

    @Test("an AVIF or HEIC in Display P3 or BT.2020 by its nclx code points comes out as the sRGB original",
          arguments: tagged)
    func codePointsToSRGB(_ test: Tagged) throws {
        let data = try Conformance.data(test.file)
        let original = try ImageDecoder.decode(try Conformance.data("nclx/srgb.png"))
        let converted = Conformance.psnr(try ImageDecoder.decode(data), original)
        let unconverted = Conformance.psnr(try ImageDecoder.decode(Self.taggedSRGB(data)), original)
        #expect(converted >= 45, "\(test.file): \(converted) dB converted, \(unconverted) dB as sRGB")
        #expect(unconverted < 35, "\(test.file) taken as sRGB: \(unconverted) dB, converted \(converted) dB")

        let cell = PixelSize(width: 48, height: 48)
        let scaled = Conformance.psnr(try ImageDecoder.decode(data, maxSize: cell),
                                      try ImageDecoder.decode(try Conformance.data("nclx/srgb.png"), maxSize: cell))
        #expect(scaled >= 40, "\(test.file) scaled: \(scaled) dB")
    }

    /// The same frames told Display P3 by code points and by an ICC profile: the player builds the
    /// conversion at the first frame and must keep applying it, in every play.
    @Test("an animated AVIF in Display P3 plays in sRGB: every frame matches its sRGB original",
          arguments: ["nclx/animated-display-p3.avif", "nclx/animated-display-p3-icc.avif"])
    func animatedCodePoints(file: String) throws {
        let data = try Conformance.data(file)
        let animation = try #require(AnimatedImage(data))
        #expect(animation.format == .avif && animation.frameCount == 3)
        let source = try FrameSource(animation, fitting: nil)
        var played: [Bitmap] = []
        // Two plays: the second opens the file again, the conversion stays.
        while played.count < 6, let frame = try source.nextFrame() { played.append(frame.bitmap) }
        let decoded = try ImageDecoder.frames(data).map(\.bitmap)
        let plain = try ImageDecoder.frames(Self.taggedSRGB(data)).map(\.bitmap)
        #expect(played.count == 6 && decoded.count == 3 && plain.count == 3)
        #expect(Array(played.prefix(3)) == Array(played.dropFirst(3)), "the second play is the first again")
        for index in 0..<min(played.count, decoded.count, plain.count) {
            let original = try ImageDecoder.decode(try Conformance.data("nclx/animated.frame\(index).png"))
            let converted = Conformance.psnr(played[index], original)
            let unconverted = Conformance.psnr(plain[index], original)
            #expect(converted >= 45, "frame \(index): \(converted) dB played, \(unconverted) dB as sRGB")
            #expect(Conformance.psnr(decoded[index], original) >= 45, "frame \(index) of the full decode")
            #expect(unconverted < 35, "frame \(index) taken as sRGB: \(unconverted) dB")
        }
    }

    @Test("nclx saying sRGB, BT.709 or nothing, or HDR (PQ, HLG), leaves the pixels as decoded; one transform per space")
    func codePointsLeftAlone() throws {
        typealias Points = ColorManagement.CodePoints
        for points in [Points(primaries: 1, transfer: 13), Points(primaries: 2, transfer: 2), Points(primaries: 1, transfer: 1),
                       Points(primaries: 1, transfer: 6), Points(primaries: 9, transfer: 16), Points(primaries: 9, transfer: 18),
                       Points(primaries: 10, transfer: 13), Points(primaries: 12, transfer: 200)] {
            #expect(try ColorManagement.transform(for: points) == nil, "\(points)")
        }
        let p3 = try ColorManagement.transform(for: Points(primaries: 12, transfer: 13))
        #expect(p3 != nil)
        #expect(try p3 === ColorManagement.transform(for: Points(primaries: 12, transfer: 13)))
        // The BT.709 family shares the sRGB curve, hence the transform.
        #expect(try p3 === ColorManagement.transform(for: Points(primaries: 12, transfer: 1)))
    }

    @Test("nclx linear, gamma 2.2 and gamma 2.8 transfers are undone with their curves, then sRGB-encoded")
    func powerTransfers() throws {
        func srgbEncoded(_ linear: Double) -> Int {
            Int(((linear <= 0.0031308 ? linear * 12.92 : 1.055 * pow(linear, 1 / 2.4) - 0.055) * 255).rounded())
        }
        for (transfer, exponent) in [(8, 1.0), (4, 2.2), (5, 2.8)] {
            var bitmap = Bitmap(width: 2, height: 1, filledWith: RGBA(r: 128, g: 64, b: 200, a: 77))
            try ColorManagement.convertToSRGB(&bitmap, codePoints: .init(primaries: 1, transfer: transfer))
            let pixel = bitmap[1, 0]
            let expected = [128, 64, 200].map { srgbEncoded(pow(Double($0) / 255, exponent)) }
            #expect(abs(Int(pixel.r) - expected[0]) <= 1 && abs(Int(pixel.g) - expected[1]) <= 1
                    && abs(Int(pixel.b) - expected[2]) <= 1 && pixel.a == 77, "transfer \(transfer): \(pixel) vs \(expected)")
        }
    }

    /// Threshold: the file holds the colour multiplied by alpha and rounded, and the encoder is off
    /// by a level at most; divided again the colour is within a level of the straight original where
    /// it counts (the measure weights colour by alpha): 45 dB. Left premultiplied it is far darker.
    @Test("a HEIC stored with premultiplied alpha comes out with straight alpha, as browsers show it")
    func premultipliedHEIC() throws {
        let decoded = try ImageDecoder.decode(try Conformance.data("nclx/premultiplied.heic"))
        let original = try ImageDecoder.decode(try Conformance.data("nclx/premultiplied.png"))
        let straight = Conformance.psnr(decoded, original)
        // What a decoder that forgot to divide would give: the same pixels multiplied by alpha again.
        var premultiplied = decoded
        for offset in stride(from: 0, to: premultiplied.pixels.count, by: 4) {
            let alpha = Int(premultiplied.pixels[offset + 3])
            for channel in 0..<3 {
                premultiplied.pixels[offset + channel] = UInt8((Int(premultiplied.pixels[offset + channel]) * alpha + 127) / 255)
            }
        }
        let undivided = Conformance.psnr(premultiplied, original)
        #expect(straight >= 45, "\(straight) dB, left premultiplied \(undivided) dB")
        #expect(undivided < 35, "left premultiplied: \(undivided) dB, divided \(straight) dB")
    }

    /// `data` with its `nclx` box saying BT.709 primaries and the sRGB transfer, and its ICC
    /// profile's `colr` box renamed so libavif no longer finds it: the same pixels taken as sRGB, as a
    /// decoder that ignored the box would show them.
    static func taggedSRGB(_ data: Data) -> Data {
        var bytes = [UInt8](data)
        for index in 0..<(bytes.count - 12) {
            if bytes[index..<index + 8].elementsEqual("colrnclx".utf8) {
                bytes.replaceSubrange(index + 8..<index + 12, with: [0, 1, 0, 13])
            } else if bytes[index..<index + 8].elementsEqual("colrprof".utf8) {
                bytes.replaceSubrange(index..<index + 4, with: Array("free".utf8))
            }
        }
        return Data(bytes)
    }
}
