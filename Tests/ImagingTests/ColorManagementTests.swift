import Foundation
import Testing
@testable import Imaging

/// Embedded ICC profiles are converted to sRGB (Little CMS); no profile means sRGB.
@Suite("Colour: embedded ICC profiles to sRGB")
struct ColorManagementTests {
    /// Display P3 to sRGB for a linear colour (the matrix of the two sets of primaries, both D65).
    static func p3ToSRGB(_ rgb: (Double, Double, Double)) -> (Int, Int, Int) {
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        func encoded(_ v: Double) -> Int {
            let c = min(max(v, 0), 1)
            return Int(((c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055) * 255).rounded())
        }
        let (r, g, b) = (linear(rgb.0 / 255), linear(rgb.1 / 255), linear(rgb.2 / 255))
        return (encoded(1.2249 * r - 0.2247 * g), encoded(-0.0420 * r + 1.0419 * g),
                encoded(-0.0197 * r - 0.0786 * g + 1.0979 * b))
    }

    @Test("a JPEG tagged Display P3 comes out in sRGB as the primaries say; untagged it is taken as sRGB")
    func displayP3JPEG() throws {
        let colour = RGBA(r: 200, g: 100, b: 50)
        let plain = try ImageEncoder.jpeg(Bitmap(width: 16, height: 16, filledWith: colour), quality: 100)
        let profile = ColorManagement.displayP3Profile()
        #expect(profile.count > 200)
        let tagged = Data(ColorManagement.embedding(profile, in: Array(plain)))

        let untagged = try ImageDecoder.decode(plain)[8, 8]
        #expect(abs(Int(untagged.r) - 200) <= 1 && abs(Int(untagged.g) - 100) <= 1 && abs(Int(untagged.b) - 50) <= 1)

        let converted = try ImageDecoder.decode(tagged)[8, 8]
        let expected = Self.p3ToSRGB((Double(untagged.r), Double(untagged.g), Double(untagged.b)))
        #expect(abs(Int(converted.r) - expected.0) <= 2, "\(converted) vs \(expected)")
        #expect(abs(Int(converted.g) - expected.1) <= 2, "\(converted) vs \(expected)")
        #expect(abs(Int(converted.b) - expected.2) <= 2, "\(converted) vs \(expected)")
        // Scaled to a cell, the same conversion.
        let scaled = try ImageDecoder.decode(tagged, maxSize: PixelSize(width: 4, height: 4))[2, 2]
        #expect(abs(Int(scaled.r) - Int(converted.r)) <= 1 && abs(Int(scaled.b) - Int(converted.b)) <= 1)
    }

    @Test("a damaged profile is ignored: the picture is taken as sRGB rather than refused")
    func damagedProfile() throws {
        let plain = try ImageEncoder.jpeg(Bitmap(width: 16, height: 16, filledWith: RGBA(r: 200, g: 100, b: 50)), quality: 100)
        var profile = ColorManagement.displayP3Profile()
        for index in stride(from: 0, to: profile.count, by: 3) { profile[index] ^= 0xA5 }
        let tagged = Data(ColorManagement.embedding(profile, in: Array(plain)))
        #expect(try ImageDecoder.decode(tagged) == ImageDecoder.decode(plain))
    }

    @Test("a PNG's gAMA other than 1/2.2 is honoured with the sRGB primaries; 1/2.2 or an sRGB chunk mean sRGB")
    func pngGamma() throws {
        let plain = try ImageEncoder.png(Bitmap(width: 8, height: 8, filledWith: RGBA(r: 128, g: 64, b: 200)))
        // Gamma 1.0: the samples are linear light, which sRGB encodes with its own curve.
        let linear = try ImageDecoder.decode(Self.png(plain, inserting: "gAMA", Fixtures.bigEndian(100_000)))[4, 4]
        func encoded(_ value: Int) -> Int {
            let v = Double(value) / 255
            return Int(((v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055) * 255).rounded())
        }
        #expect(abs(Int(linear.r) - encoded(128)) <= 1 && abs(Int(linear.g) - encoded(64)) <= 1
                && abs(Int(linear.b) - encoded(200)) <= 1, "\(linear)")
        let reference = try ImageDecoder.decode(plain)
        #expect(try ImageDecoder.decode(Self.png(plain, inserting: "gAMA", Fixtures.bigEndian(45_455))) == reference)
        let tagged = Self.png(Self.png(plain, inserting: "gAMA", Fixtures.bigEndian(100_000)), inserting: "sRGB", Data([0]))
        #expect(try ImageDecoder.decode(tagged) == reference)
    }

    /// `png` with a chunk of `type` holding `body` right after IHDR.
    static func png(_ png: Data, inserting type: String, _ body: Data) -> Data {
        let chunk = Data(type.utf8) + body
        let afterHeader = 8 + 25
        return png.prefix(afterHeader) + Fixtures.bigEndian(UInt32(body.count)) + chunk + Fixtures.bigEndian(Fixtures.crc32(chunk))
            + png.dropFirst(afterHeader)
    }

    /// A colour-managed file against its sRGB reference (Little CMS through Pillow, make-fixtures.py),
    /// and the same file without its profile against that reference: the second must score well
    /// under the first, or the fixture would not show that the profile is read.
    struct Tagged: CustomTestStringConvertible, Sendable {
        let file: String
        let reference: String
        var threshold = 50.0
        var scaledThreshold = 40.0
        var testDescription: String { file }
    }

    /// Thresholds: both sides run Little CMS with the same profile and intent on the same decoded
    /// pixels (libpng, libjpeg-turbo with the same IDCT, libheif), so at full size they should agree
    /// to rounding: 50 dB, as for the decoders. Scaled to a cell, 40 dB: we convert the cell's
    /// pixels after resampling (a fraction of the work), the reference converts and then resamples,
    /// and on these saturated pictures the order shows at edges. Ignoring the profile scores far
    /// under 35 dB on each file, so the threshold cannot be met by accident.
    static let tagged: [Tagged] = [
        Tagged(file: "colour/display-p3.png", reference: "colour/display-p3.srgb.png"),
        Tagged(file: "colour/cmyk.jpg", reference: "colour/cmyk.srgb.png"),
        Tagged(file: "heic/display-p3.heic", reference: "heic/display-p3.png"),
    ]

    @Test("a PNG (iCCP), a CMYK JPEG and a HEIC with embedded profiles match Little CMS's sRGB, full size and scaled",
          arguments: tagged)
    func embeddedProfiles(_ test: Tagged) throws {
        let data = try Conformance.data(test.file)
        let reference = try ImageDecoder.decode(try Conformance.data(test.reference))
        let decoded = try ImageDecoder.decode(data)
        let psnr = Conformance.psnr(decoded, reference)
        #expect(psnr >= test.threshold, "\(test.file): \(psnr) dB")

        let cell = PixelSize(width: 48, height: 48)
        let scaled = try ImageDecoder.decode(data, maxSize: cell)
        let scaledPSNR = Conformance.psnr(scaled, try ImageDecoder.decode(try Conformance.data(test.reference), maxSize: cell))
        #expect(scaledPSNR >= test.scaledThreshold, "\(test.file) scaled: \(scaledPSNR) dB")

        let untagged = try ImageDecoder.decode(Self.withoutProfile(data))
        let ignored = Conformance.psnr(untagged, reference)
        #expect(ignored < 35, "\(test.file) without its profile: \(ignored) dB")
    }

    /// `data` with its ICC profile taken out: PNG's iCCP chunk, JPEG's APP2 ICC_PROFILE segments,
    /// or, in a HEIC, the `colr` box's type renamed so libheif no longer finds it.
    static func withoutProfile(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        if bytes.starts(with: FormatSniffer.pngSignature) {
            var out = Array(bytes[0..<8])
            var offset = 8
            while offset + 8 <= bytes.count {
                let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
                let end = offset + 12 + length
                if String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self) != "iCCP" { out += bytes[offset..<end] }
                offset = end
            }
            return Data(out)
        }
        if bytes.starts(with: FormatSniffer.jpegSignature) {
            var out = Array(bytes[0..<2])
            var offset = 2
            while bytes[offset + 1] != 0xDA {
                let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                let end = offset + 2 + length
                let isICC = bytes[offset + 1] == 0xE2 && bytes[offset + 4..<offset + 15].elementsEqual("ICC_PROFILE".utf8)
                if !isICC { out += bytes[offset..<end] }
                offset = end
            }
            return Data(out + bytes[offset...])
        }
        var out = bytes
        for index in 0..<(out.count - 8) where out[index..<index + 8].elementsEqual("colrprof".utf8) {
            out.replaceSubrange(index..<index + 4, with: Array("free".utf8))
        }
        return Data(out)
    }
}
