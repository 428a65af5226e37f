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
}
