import Foundation
import Testing
@testable import Imaging

/// Pictures and byte surgery the tests build for themselves: nothing is read from disk.
enum Fixtures {
    /// A smooth colour gradient with a few hard-edged blocks: realistic for JPEG, exact for PNG.
    static func photo(width: Int, height: Int, alpha: Bool = false) -> Bitmap {
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, initialized in
            for y in 0..<height {
                for x in 0..<width {
                    let offset = (y * width + x) * 4
                    buffer[offset] = UInt8(x * 255 / max(width - 1, 1))
                    buffer[offset + 1] = UInt8(y * 255 / max(height - 1, 1))
                    buffer[offset + 2] = UInt8((x + y) * 255 / max(width + height - 2, 1))
                    buffer[offset + 3] = alpha ? UInt8((x * 7 + y * 3) % 256) : 255
                }
            }
            initialized = width * height * 4
        }
        var bitmap = Bitmap(width: width, height: height, pixels: pixels)
        bitmap.fill(x: width / 8, y: height / 8, width: width / 4, height: height / 4, color: RGBA(r: 250, g: 250, b: 250))
        bitmap.fill(x: width / 2, y: height / 2, width: width / 4, height: height / 3, color: RGBA(r: 20, g: 30, b: 200))
        return bitmap
    }

    /// A large picture built from flat blocks, quick to make even at 4000x3000.
    static func blocks(width: Int, height: Int) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height, pixels: [UInt8](repeating: 255, count: width * height * 4))
        let colours = [RGBA(r: 200, g: 40, b: 40), RGBA(r: 40, g: 160, b: 60), RGBA(r: 30, g: 60, b: 190)]
        for (index, colour) in colours.enumerated() {
            bitmap.fill(x: index * width / 3, y: 0, width: width / 3, height: height / 2, color: colour)
        }
        return bitmap
    }

    /// Opaque gray levels only (r == g == b): gray PNG formats keep them exactly.
    static func grays(width: Int, height: Int, alpha: Bool = false) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height, filledWith: RGBA(r: 0, g: 0, b: 0))
        for y in 0..<height {
            for x in 0..<width {
                let level = UInt8((x * 31 + y * 17) % 256)
                bitmap[x: x, y: y] = RGBA(r: level, g: level, b: level, a: alpha ? UInt8((x * 13) % 256) : 255)
            }
        }
        return bitmap
    }

    /// A few colours, some translucent and one fully transparent: fits a palette.
    static func fewColours(width: Int, height: Int, count: Int = 5) -> Bitmap {
        let palette = (0..<count).map { (index: Int) -> RGBA in
            let alpha: UInt8 = index == 0 ? 0 : index % 3 == 0 ? 128 : 255
            let red = UInt8(index * 37 % 256)
            let green = UInt8(255 - index * 11 % 256)
            let blue = UInt8(index * 73 % 256)
            return RGBA(r: red, g: green, b: blue, a: alpha)
        }
        var bitmap = Bitmap(width: width, height: height, filledWith: palette[1 % count])
        for y in 0..<height {
            for x in 0..<width {
                let colour = palette[(x / 2 + y) % count]
                // Fully transparent pixels decode as (0,0,0,0) only if stored that way.
                bitmap[x: x, y: y] = colour.a == 0 ? RGBA(r: 0, g: 0, b: 0, a: 0) : colour
            }
        }
        return bitmap
    }

    /// Mean absolute difference per channel (alpha included).
    static func meanAbsoluteError(_ lhs: Bitmap, _ rhs: Bitmap) -> Double {
        precondition(lhs.size == rhs.size)
        var total = 0
        for index in lhs.pixels.indices { total += abs(Int(lhs.pixels[index]) - Int(rhs.pixels[index])) }
        return Double(total) / Double(lhs.pixels.count)
    }

    /// A PNG made only of its signature and an IHDR chunk claiming `width` x `height` (correct CRC).
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var chunk = Data("IHDR".utf8)
        chunk.append(bigEndian(width))
        chunk.append(bigEndian(height))
        chunk.append(contentsOf: [8, 6, 0, 0, 0]) // 8-bit RGBA, deflate, adaptive filter, no interlace
        var data = Data(FormatSniffer.pngSignature)
        data.append(bigEndian(13))
        data.append(chunk)
        data.append(bigEndian(crc32(chunk)))
        return data
    }

    /// `jpeg` with its frame header rewritten to claim `width` x `height`.
    static func jpeg(_ jpeg: Data, claiming width: UInt16, _ height: UInt16) throws -> Data {
        var bytes = [UInt8](jpeg)
        let frame = try #require(startOfFrameOffset(in: bytes))
        bytes[frame + 5] = UInt8(height >> 8)
        bytes[frame + 6] = UInt8(height & 0xFF)
        bytes[frame + 7] = UInt8(width >> 8)
        bytes[frame + 8] = UInt8(width & 0xFF)
        return Data(bytes)
    }

    /// Offset of the first SOF0/SOF2 marker (0xFF 0xC0 or 0xFF 0xC2).
    static func startOfFrameOffset(in bytes: [UInt8]) -> Int? {
        bytes.indices.dropLast().first { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) }
    }

    static func bigEndian(_ value: UInt32) -> Data {
        Data([UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    /// CRC-32 as PNG computes it (ISO 3309), bit by bit: slow but tiny inputs only.
    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
