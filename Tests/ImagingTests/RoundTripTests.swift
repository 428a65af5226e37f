import Foundation
import Testing
@testable import Imaging

@Suite("Encode then decode")
struct RoundTripTests {
    @Test("an 8-bit RGBA PNG decodes to exactly the pixels that were encoded")
    func pngIsLossless() throws {
        let original = Fixtures.photo(width: 67, height: 41, alpha: true)
        let decoded = try ImageDecoder.decode(try ImageEncoder.png(original))
        #expect(decoded == original)
    }

    /// Each PNG layout with a picture it can hold exactly, plain and Adam7-interlaced.
    static let layouts: [(PNGPixelFormat, Bitmap)] = [
        (.rgba8, Fixtures.photo(width: 33, height: 21, alpha: true)),
        (.rgb8, Fixtures.photo(width: 33, height: 21)),
        (.gray8, Fixtures.grays(width: 33, height: 21)),
        (.grayAlpha8, Fixtures.grays(width: 33, height: 21, alpha: true)),
        (.rgba16, Fixtures.photo(width: 33, height: 21, alpha: true)),
        (.gray16, Fixtures.grays(width: 33, height: 21)),
        (.palette, Fixtures.fewColours(width: 33, height: 21)),
    ]

    @Test("every PNG colour type and depth decodes to the same RGBA8", arguments: layouts, [false, true])
    func pngLayouts(layout: (format: PNGPixelFormat, bitmap: Bitmap), interlaced: Bool) throws {
        let data = try ImageEncoder.png(layout.bitmap, options: PNGEncodingOptions(pixelFormat: layout.format, interlaced: interlaced))
        #expect(data[28] == (interlaced ? 1 : 0), "IHDR interlace byte")
        let decoded = try ImageDecoder.decode(data)
        #expect(decoded == layout.bitmap)
    }

    @Test("a 16-bit PNG is written with 16-bit samples and decodes back")
    func sixteenBit() throws {
        let original = Fixtures.photo(width: 20, height: 10, alpha: true)
        let data = try ImageEncoder.png(original, options: PNGEncodingOptions(pixelFormat: .rgba16))
        #expect(data[24] == 16, "IHDR bit depth")
        #expect(data[25] == 6, "IHDR colour type RGBA")
        #expect(try ImageDecoder.decode(data) == original)
    }

    @Test("a palette PNG uses the smallest bit depth and a tRNS chunk for translucent entries",
          arguments: [(2, 1), (4, 2), (5, 4), (16, 4), (200, 8)])
    func paletteDepth(colours: Int, expectedDepth: UInt8) throws {
        let original = Fixtures.fewColours(width: 40, height: 30, count: colours)
        let data = try ImageEncoder.png(original, options: PNGEncodingOptions(pixelFormat: .palette))
        #expect(data[24] == expectedDepth)
        #expect(data[25] == 3, "IHDR colour type palette")
        #expect(data.range(of: Data("tRNS".utf8)) != nil)
        #expect(try ImageDecoder.decode(data) == original)
    }

    @Test("a palette PNG refuses more than 256 colours")
    func paletteOverflow() {
        #expect(throws: ImagingError.self) {
            try ImageEncoder.png(Fixtures.photo(width: 64, height: 64), options: PNGEncodingOptions(pixelFormat: .palette))
        }
    }

    @Test("a baseline JPEG decodes close to the original", arguments: [75, 90])
    func baselineJPEG(quality: Int) throws {
        let original = Fixtures.photo(width: 120, height: 90)
        let data = try ImageEncoder.jpeg(original, quality: quality)
        #expect(Fixtures.startOfFrameOffset(in: [UInt8](data)).map { data[$0 + 1] } == 0xC0)
        let decoded = try ImageDecoder.decode(data)
        #expect(decoded.size == original.size)
        #expect(Fixtures.meanAbsoluteError(decoded, original) < 3)
        #expect(decoded.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
    }

    @Test("a progressive JPEG is written as SOF2 and decodes close to the original")
    func progressiveJPEG() throws {
        let original = Fixtures.photo(width: 120, height: 90)
        let data = try ImageEncoder.jpeg(original, quality: 90, progressive: true)
        let frame = try #require(Fixtures.startOfFrameOffset(in: [UInt8](data)))
        #expect(data[frame + 1] == 0xC2)
        let decoded = try ImageDecoder.decode(data)
        #expect(Fixtures.meanAbsoluteError(decoded, original) < 3)
        #expect(try ImageDecoder.probe(data) == ImageInfo(format: .jpeg, width: 120, height: 90))
    }

    @Test("a grayscale JPEG decodes to gray RGBA close to the luma of the original")
    func grayscaleJPEG() throws {
        let original = Fixtures.grays(width: 64, height: 48)
        let data = try ImageEncoder.jpeg(original, quality: 95, grayscale: true)
        let decoded = try ImageDecoder.decode(data)
        for y in 0..<decoded.height {
            for x in 0..<decoded.width {
                let pixel = decoded[x: x, y: y]
                #expect(pixel.r == pixel.g && pixel.g == pixel.b && pixel.a == 255)
            }
        }
        #expect(Fixtures.meanAbsoluteError(decoded, original) < 4)
    }

    @Test("encoding refuses an empty bitmap")
    func emptyBitmap() {
        let empty = Bitmap(width: 0, height: 0, pixels: [])
        #expect(throws: ImagingError.self) { try ImageEncoder.jpeg(empty) }
        #expect(throws: ImagingError.self) { try ImageEncoder.png(empty) }
    }
}

extension RoundTripTests {
    @Test("an Adobe CMYK JPEG decodes to RGB (inverted CMYK, as Photoshop writes it)")
    func cmykJPEG() throws {
        // Stored inverted: a byte is how much light passes, so R = C * K / 255.
        let stored = Bitmap(width: 32, height: 16, filledWith: RGBA(r: 255, g: 128, b: 0, a: 255))
        let data = try ImageEncoder.jpeg(stored, quality: 95, progressive: false, model: .cmyk)
        #expect(data.range(of: Data("Adobe".utf8)) != nil)
        let decoded = try ImageDecoder.decode(data)
        let pixel = decoded[x: 5, y: 5]
        #expect(abs(Int(pixel.r) - 255) <= 3 && abs(Int(pixel.g) - 128) <= 3 && Int(pixel.b) <= 3 && pixel.a == 255)
        let scaled = try ImageDecoder.decode(data, maxSize: PixelSize(width: 8, height: 8))
        #expect(scaled.size == PixelSize(width: 8, height: 4))
        #expect(abs(Int(scaled[x: 3, y: 2].g) - 128) <= 3)
    }
}
