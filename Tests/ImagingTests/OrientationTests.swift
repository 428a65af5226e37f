import Foundation
import Testing
@testable import Imaging

/// Exif orientation (JPEG's APP1, WebP's EXIF chunk) and AVIF's and HEIC's irot/imir: every picture
/// comes out upright, and every size reported is the upright one.
@Suite("Orientation: Exif and irot/imir turn pictures upright")
struct OrientationTests {
    /// Flat 8x8 gray blocks in a pattern with no symmetry: a gray JPEG of it at quality 100 holds
    /// only DC coefficients, so libjpeg reproduces each block exactly, however the blocks are turned.
    static let upright: Bitmap = {
        var bitmap = Bitmap(width: 64, height: 48, filledWith: RGBA(r: 0, g: 0, b: 0))
        for y in 0..<48 {
            for x in 0..<64 {
                let value = UInt8(20 + ((x / 8) * 37 + (y / 8) * 71 + (x / 8) * (y / 8) * 13) % 200)
                bitmap[x, y] = RGBA(r: value, g: value, b: value)
            }
        }
        return bitmap
    }()

    static func jpeg(_ orientation: ImageOrientation) throws -> Data {
        let stored = Conformance.stored(upright, as: orientation)
        let data = try ImageEncoder.jpeg(stored, quality: 100, grayscale: true)
        return Conformance.withExifOrientation(data, orientation.rawValue, bigEndian: orientation.rawValue % 2 == 0)
    }

    /// `data` decodes to `upright`, whose size is `size` in the decoded info and the probe alike,
    /// and fitted into `cell` it is `scaled` big: turned before it is fitted.
    private func expectUpright(
        _ data: Data, is upright: Bitmap, size: PixelSize, fittedInto cell: PixelSize, scaled: PixelSize,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let decoded = try ImageDecoder.decodeImage(data)
        #expect(decoded.bitmap == upright, sourceLocation: sourceLocation)
        #expect(decoded.info.size == size, sourceLocation: sourceLocation)
        #expect(try ImageDecoder.probe(data).size == size, sourceLocation: sourceLocation)
        #expect(try ImageDecoder.decode(data, maxSize: cell).size == scaled, sourceLocation: sourceLocation)
    }

    @Test("the eight Exif orientations of a JPEG decode identical to orientation 1, full size and scaled",
          arguments: ImageOrientation.allCases)
    func jpegOrientations(_ orientation: ImageOrientation) throws {
        let reference = try ImageDecoder.decode(try Self.jpeg(.up))
        #expect(reference == Self.upright)
        let data = try Self.jpeg(orientation)
        // Turned before it is fitted: the cell bounds the upright picture.
        let cell = PixelSize(width: 32, height: 32)
        try expectUpright(data, is: reference, size: PixelSize(width: 64, height: 48),
                          fittedInto: cell, scaled: PixelSize(width: 32, height: 24))
        #expect(try ImageDecoder.decode(data, maxSize: cell) == (try ImageDecoder.decode(try Self.jpeg(.up), maxSize: cell)))
    }

    @Test("an Exif orientation in a WebP's EXIF chunk turns it upright, in pixels and in every size")
    func webpExif() throws {
        // Stored with a quarter turn anticlockwise, and Orientation 6 in its EXIF chunk (webpmux).
        let data = try Conformance.data("webp/exif-orientation-6.webp")
        let upright = try ImageDecoder.decode(try Conformance.data("webp/exif-orientation-6.png"))
        try expectUpright(data, is: upright, size: PixelSize(width: 96, height: 64),
                          fittedInto: PixelSize(width: 48, height: 48), scaled: PixelSize(width: 48, height: 32))
    }

    @Test("AVIF's irot and imir turn the picture: each of the twelve pairs is the reference turned",
          arguments: 0..<4, [nil, 0, 1] as [Int?])
    func avifTransforms(angle: Int, mirror: Int?) throws {
        let name = "avif/turned-irot\(angle)" + (mirror.map { "-imir\($0)" } ?? "") + ".avif"
        let reference = try ImageDecoder.decode(try Conformance.data("avif/lossless.png"))
        // irot first (quarter turns anticlockwise), then imir (0: top and bottom exchanged).
        var expected = reference
        for _ in 0..<angle { expected = Conformance.rotatedAnticlockwise(expected) }
        if let mirror { expected = mirror == 0 ? Conformance.flippedTopBottom(expected) : Conformance.flippedLeftRight(expected) }
        let data = try Conformance.data(name)
        let decoded = try ImageDecoder.decodeImage(data)
        #expect(decoded.bitmap == expected)
        #expect(decoded.info.size == expected.size)
        #expect(try ImageDecoder.probe(data).size == expected.size)
    }

    @Test("HEIC's irot and imir: the eight orientations decode identical to orientation 1, turned once, in every size",
          arguments: ImageOrientation.allCases)
    func heicOrientations(_ orientation: ImageOrientation) throws {
        // Lossless, stored as a camera stores each Exif orientation, with the irot/imir libheif
        // writes for it (make-fixtures.py): libheif turns while it decodes, so a second turn of ours
        // would show.
        let upright = try ImageDecoder.decode(try Conformance.data("heic/orientation-1.heic"))
        let data = try Conformance.data("heic/orientation-\(orientation.rawValue).heic")
        let cell = PixelSize(width: 48, height: 48)
        try expectUpright(data, is: upright, size: PixelSize(width: 96, height: 64),
                          fittedInto: cell, scaled: PixelSize(width: 48, height: 32))
        #expect(try ImageDecoder.decode(data, maxSize: cell)
                == (try ImageDecoder.decode(try Conformance.data("heic/orientation-1.heic"), maxSize: cell)))
    }
}
