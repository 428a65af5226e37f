import Foundation
import Testing
@testable import Imaging

@Suite("Downsampling while decoding")
struct DownsamplingTests {
    static let photo = Fixtures.photo(width: 1200, height: 900)
    static let jpeg = try! ImageEncoder.jpeg(photo, quality: 85)
    static let png = try! ImageEncoder.png(photo)

    @Test("the result has the largest size with the image's shape that fits the asked size", arguments: [
        (PixelSize(width: 160, height: 160), PixelSize(width: 160, height: 120)),
        (PixelSize(width: 80, height: 48), PixelSize(width: 64, height: 48)),
        (PixelSize(width: 100, height: 100), PixelSize(width: 100, height: 75)),
        (PixelSize(width: 1199, height: 2000), PixelSize(width: 1199, height: 899)),
        (PixelSize(width: 1, height: 1), PixelSize(width: 1, height: 1)),
    ])
    func askedSize(bounds: PixelSize, expected: PixelSize) throws {
        #expect(try ImageDecoder.decode(Self.jpeg, maxSize: bounds).size == expected)
        #expect(try ImageDecoder.decode(Self.png, maxSize: bounds).size == expected)
    }

    @Test("a picture already inside the asked size is neither enlarged nor changed")
    func noUpscaling() throws {
        let bitmap = try ImageDecoder.decode(Self.png, maxSize: PixelSize(width: 4000, height: 4000))
        #expect(bitmap == Self.photo)
    }

    @Test("libjpeg scales by the largest n/8 reduction that still covers the target")
    func libjpegScale() throws {
        // 1200x900 -> 160x120: 1/8 gives 150x113 (too small), 2/8 gives 300x225.
        let thumbnail = try ImageDecoder.decodeImage(Self.jpeg, maxSize: PixelSize(width: 160, height: 120))
        #expect(thumbnail.codecSize == PixelSize(width: 300, height: 225))
        #expect(thumbnail.info == ImageInfo(format: .jpeg, width: 1200, height: 900))
        // 1200x900 -> 150x113 lands exactly on 1/8: no resize after libjpeg.
        let exact = try ImageDecoder.decodeImage(Self.jpeg, maxSize: PixelSize(width: 150, height: 113))
        #expect(exact.codecSize == PixelSize(width: 150, height: 113))
        #expect(exact.bitmap.size == exact.codecSize)
    }

    @Test("a downsampled decode looks like the full decode shrunk")
    func downsampledMatchesFull() throws {
        let target = PixelSize(width: 160, height: 120)
        let reference = Self.photo.resized(to: target, filter: .box)
        let fromJPEG = try ImageDecoder.decode(Self.jpeg, maxSize: target)
        let fromPNG = try ImageDecoder.decode(Self.png, maxSize: target)
        #expect(Fixtures.meanAbsoluteError(fromJPEG, reference) < 4)
        #expect(Fixtures.meanAbsoluteError(fromPNG, reference) < 1)
    }

    @Test("a 4000x3000 photo decoded for 80 columns never holds a full-size bitmap")
    func noFullSizeBitmap() throws {
        let jpeg = try ImageEncoder.jpeg(Fixtures.blocks(width: 4000, height: 3000), quality: 70)
        let cell = PixelSize(width: 80, height: 48)
        let decoded = try ImageDecoder.decodeImage(jpeg, maxSize: cell)
        #expect(decoded.bitmap.size == PixelSize(width: 64, height: 48))
        #expect(decoded.codecSize == PixelSize(width: 500, height: 375))
        let fullSize = 4000 * 3000 * 4
        #expect(decoded.largestBufferBytes < fullSize / 100)
    }

    @Test("an opaque image resampled on the opaque path comes out as on the general one",
          arguments: [PixelSize(width: 200, height: 150), PixelSize(width: 97, height: 61), PixelSize(width: 1500, height: 1000)])
    func opaquePathMatches(target: PixelSize) {
        let source = Self.photo.size
        var general = Resampler(from: source, to: target, filter: .automatic)
        var opaque = Resampler(from: source, to: target, filter: .automatic, opaque: true)
        Self.photo.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<source.height {
                general.consume(row: pixels.baseAddress! + row * source.width * 4)
                opaque.consume(row: pixels.baseAddress! + row * source.width * 4)
            }
        }
        let expected = general.finish(), actual = opaque.finish()
        #expect(actual.size == target)
        let largest = zip(expected.pixels, actual.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 1, "float rounding may differ by one step, nothing more")
        #expect(stride(from: 3, to: actual.pixels.count, by: 4).allSatisfy { actual.pixels[$0] == 255 })
    }

    @Test("rows streamed through the resampler come out as the whole-image sums say, at any pair of scales",
          arguments: [(PixelSize(width: 7, height: 5), PixelSize(width: 3, height: 17)),
                      (PixelSize(width: 6, height: 9), PixelSize(width: 13, height: 2)),
                      (PixelSize(width: 40, height: 30), PixelSize(width: 7, height: 5)),
                      (PixelSize(width: 3, height: 2), PixelSize(width: 30, height: 41))])
    func streamingMatchesWholeImage(source: PixelSize, target: PixelSize) {
        let picture = Fixtures.photo(width: source.width, height: source.height)
        var resampler = Resampler(from: source, to: target, filter: .automatic, opaque: true)
        picture.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<source.height { resampler.consume(row: pixels.baseAddress! + row * source.width * 4) }
        }
        let actual = resampler.finish()
        // The same kernels applied to the whole picture at once, in Double.
        let across = Resampler.kernel(from: source.width, to: target.width, filter: .automatic)
        let down = Resampler.kernel(from: source.height, to: target.height, filter: .automatic)
        func taps(_ kernel: ResampleKernel, _ index: Int) -> [(Int, Double)] {
            (kernel.offsets[index]..<kernel.offsets[index + 1]).map { tap in
                (kernel.starts[index] + tap - kernel.offsets[index], Double(kernel.weights[tap]))
            }
        }
        var largest = 0
        for y in 0..<target.height {
            for x in 0..<target.width {
                for channel in 0..<3 {
                    var sum = 0.0
                    for (row, rowWeight) in taps(down, y) {
                        for (column, columnWeight) in taps(across, x) {
                            sum += rowWeight * columnWeight * Double(picture.pixels[(row * source.width + column) * 4 + channel])
                        }
                    }
                    let got = Int(actual.pixels[(y * target.width + x) * 4 + channel])
                    largest = max(largest, abs(got - Int(sum.rounded())))
                }
            }
        }
        #expect(actual.size == target)
        #expect(largest <= 1, "float rounding may differ by one step, nothing more")
    }

    @Test("a non-interlaced PNG is resampled row by row")
    func pngStreams() throws {
        let decoded = try ImageDecoder.decodeImage(Self.png, maxSize: PixelSize(width: 80, height: 60))
        #expect(decoded.bitmap.size == PixelSize(width: 80, height: 60))
        #expect(decoded.largestBufferBytes < 1200 * 900 * 4 / 10)
    }

    @Test("an interlaced PNG downsamples to the asked size too")
    func interlacedPNG() throws {
        let small = Fixtures.photo(width: 300, height: 200, alpha: true)
        let data = try ImageEncoder.png(small, options: PNGEncodingOptions(interlaced: true))
        let decoded = try ImageDecoder.decode(data, maxSize: PixelSize(width: 30, height: 30))
        #expect(decoded == small.resized(to: PixelSize(width: 30, height: 20), filter: .box))
    }
}

@Suite("Probing the header")
struct ProbeTests {
    @Test("a PNG's size and format come from its first 100 bytes")
    func pngPrefix() throws {
        let png = try ImageEncoder.png(Fixtures.photo(width: 321, height: 123))
        #expect(try ImageDecoder.probe(png.prefix(100)) == ImageInfo(format: .png, width: 321, height: 123))
        #expect(try ImageDecoder.probe(png.prefix(24)).size == PixelSize(width: 321, height: 123))
    }

    @Test("a JPEG's size comes from the bytes up to its frame header", arguments: [false, true])
    func jpegPrefix(progressive: Bool) throws {
        let jpeg = try ImageEncoder.jpeg(Fixtures.photo(width: 640, height: 480), progressive: progressive)
        let frame = try #require(Fixtures.startOfFrameOffset(in: [UInt8](jpeg)))
        #expect(frame + 9 < 400)
        let expected = ImageInfo(format: .jpeg, width: 640, height: 480)
        #expect(try ImageDecoder.probe(jpeg.prefix(frame + 9)) == expected)
        #expect(try ImageDecoder.probe(jpeg.prefix(400)) == expected)
        #expect(throws: ImagingError.truncated) { try ImageDecoder.probe(jpeg.prefix(frame + 4)) }
        #expect(throws: ImagingError.truncated) { try ImageDecoder.probe(jpeg.prefix(100)) }
    }

    @Test("probing skips fill bytes and standalone markers before the frame header")
    func jpegMarkers() throws {
        // SOI, fill bytes, RST0 (no length), COM segment, SOF0 claiming 7x5.
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xFF, 0xD0, 0xFF, 0xFE, 0x00, 0x04, 0x41, 0x42,
                              0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x05, 0x00, 0x07, 0x03]
        #expect(try ImageDecoder.probe(Data(bytes)) == ImageInfo(format: .jpeg, width: 7, height: 5))
    }

    @Test("a JPEG whose scan comes before any frame header is corrupt")
    func jpegWithoutFrame() {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08, 0, 0, 0, 0, 0, 0]
        #expect(throws: ImagingError.corrupt("no frame header before the scan")) { try ImageDecoder.probe(Data(bytes)) }
    }
}
