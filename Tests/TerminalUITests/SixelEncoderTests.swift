import DemoServer
import Foundation
import Imaging
import Testing
@testable import TerminalUI

/// A sixel stream read back into pixels, as a terminal would draw it: unset pixels stay transparent.
struct SixelPicture {
    var bitmap: Bitmap
    var transparentBackground: Bool
    var colorsDefined: Int

    init?(_ bytes: [UInt8]) {
        guard let q = bytes.firstIndex(of: UInt8(ascii: "q")), bytes.starts(with: [0x1B, UInt8(ascii: "P")]) else { return nil }
        let parameters = String(decoding: bytes[2..<q], as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false)
        transparentBackground = parameters.count > 1 && parameters[1] == "1"
        var index = q + 1
        func number() -> Int {
            var value = 0
            while index < bytes.count, (48...57).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 48)
                index += 1
            }
            return value
        }
        func numbers() -> [Int] {
            var values = [number()]
            while index < bytes.count, bytes[index] == UInt8(ascii: ";") {
                index += 1
                values.append(number())
            }
            return values
        }
        var width = 0, height = 0
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            let raster = numbers()
            width = raster[2]
            height = raster[3]
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var palette: [Int: RGBA] = [:]
        var color = RGBA(r: 0, g: 0, b: 0)
        var x = 0, band = 0, repeats = 1
        colorsDefined = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                index = bytes.count
            case UInt8(ascii: "#"):
                index += 1
                let values = numbers()
                if values.count == 5 {
                    func level(_ percent: Int) -> UInt8 { UInt8((percent * 255 + 50) / 100) }
                    palette[values[0]] = RGBA(r: level(values[2]), g: level(values[3]), b: level(values[4]))
                    colorsDefined += 1
                }
                color = palette[values[0]] ?? color
            case UInt8(ascii: "!"):
                index += 1
                repeats = number()
            case UInt8(ascii: "$"):
                x = 0
                index += 1
            case UInt8(ascii: "-"):
                x = 0
                band += 1
                index += 1
            case 63...126:
                let sixel = Int(byte - 63)
                for _ in 0..<repeats {
                    for row in 0..<6 where sixel & (1 << row) != 0 {
                        let y = band * 6 + row
                        guard x < width, y < height else { continue }
                        let offset = (y * width + x) * 4
                        pixels[offset] = color.r
                        pixels[offset + 1] = color.g
                        pixels[offset + 2] = color.b
                        pixels[offset + 3] = 255
                    }
                    x += 1
                }
                repeats = 1
                index += 1
            default:
                index += 1
            }
        }
        bitmap = Bitmap(width: width, height: height, pixels: pixels)
    }
}

/// PSNR in dB of `decoded` against `source` over the RGB channels.
func psnr(_ decoded: Bitmap, _ source: Bitmap) -> Double {
    var squared = 0.0
    for offset in stride(from: 0, to: source.pixels.count, by: 4) {
        for channel in 0..<3 {
            let difference = Double(decoded.pixels[offset + channel]) - Double(source.pixels[offset + channel])
            squared += difference * difference
        }
    }
    let mean = squared / Double(source.width * source.height * 3)
    return mean == 0 ? .infinity : 10 * log10(255 * 255 / mean)
}

@Suite("Our sixel encoder")
struct SixelEncoderTests {
    @Test("a detailed picture decodes back to itself: every pixel set, 256 colours, PSNR above 28 dB")
    func detailedRoundTrip() throws {
        let source = DemoPictures.picture(number: 3, size: PixelSize(width: 240, height: 200))
        let decoded = try #require(SixelPicture(SixelEncoder.encode(source)))
        #expect(decoded.bitmap.size == source.size)
        #expect(decoded.colorsDefined == 256)
        #expect(stride(from: 3, to: decoded.bitmap.pixels.count, by: 4).allSatisfy { decoded.bitmap.pixels[$0] == 255 })
        let figure = psnr(decoded.bitmap, source)
        #expect(figure > 28, "PSNR \(figure) dB")
    }

    @Test("a picture of few colours comes back exactly, but for the registers' percent steps")
    func fewColors() throws {
        var source = Bitmap(width: 37, height: 23, filledWith: RGBA(r: 0, g: 0, b: 0))
        let colors = [RGBA(r: 255, g: 0, b: 0), RGBA(r: 0, g: 128, b: 255), RGBA(r: 250, g: 250, b: 250), RGBA(r: 16, g: 16, b: 16)]
        for y in 0..<23 {
            for x in 0..<37 { source[x, y] = colors[(x / 3 + y / 2) % colors.count] }
        }
        let decoded = try #require(SixelPicture(SixelEncoder.encode(source)))
        #expect(decoded.colorsDefined == 4)
        for y in 0..<23 {
            for x in 0..<37 {
                let (a, b) = (decoded.bitmap[x, y], source[x, y])
                #expect(abs(Int(a.r) - Int(b.r)) <= 2 && abs(Int(a.g) - Int(b.g)) <= 2 && abs(Int(a.b) - Int(b.b)) <= 2)
            }
        }
    }

    @Test("transparent pixels are never drawn: the stream keeps the terminal's background there")
    func transparency() throws {
        var source = Bitmap(width: 20, height: 13, filledWith: RGBA(r: 0, g: 0, b: 0, a: 0))
        for y in 4..<13 {
            for x in 5..<20 { source[x, y] = RGBA(r: 200, g: 100, b: 50) }
        }
        let decoded = try #require(SixelPicture(SixelEncoder.encode(source)))
        #expect(decoded.transparentBackground)
        for y in 0..<13 {
            for x in 0..<20 { #expect((decoded.bitmap[x, y].a == 255) == (x >= 5 && y >= 4)) }
        }
    }

    @Test("the palette is cut to the terminal's colour registers")
    func registerLimit() throws {
        let source = DemoPictures.picture(number: 2, size: PixelSize(width: 120, height: 90))
        let decoded = try #require(SixelPicture(SixelEncoder.encode(source, colors: 16)))
        #expect(decoded.colorsDefined == 16)
        #expect(psnr(decoded.bitmap, source) > 15)
    }

    @Test("a sixel sequence is one DCS with the picture's raster size, and nothing for an empty picture")
    func sequence() {
        let text = String(decoding: SixelEncoder.encode(gradientPicture(width: 64, height: 48)), as: UTF8.self)
        #expect(text.hasPrefix("\u{1b}P0;1;0q\"1;1;64;48"))
        #expect(text.hasSuffix("\u{1b}\\"))
        #expect(SixelEncoder.encode(Bitmap(width: 0, height: 0, pixels: [])).isEmpty)
    }
}
