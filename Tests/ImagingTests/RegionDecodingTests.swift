import Foundation
import Testing
@testable import Imaging

@Suite("Decoding a region at the size a zoomed view needs")
struct RegionDecodingTests {
    /// 960x720 of fine detail (a grid of one-pixel lines, text, noise on a gradient): what a crop or
    /// a scale that is off by a pixel would show.
    static let picture: Bitmap = {
        var bitmap = Bitmap(width: 960, height: 720, filledWith: RGBA(r: 0, g: 0, b: 0))
        var seed: UInt32 = 7
        for y in 0..<720 {
            for x in 0..<960 {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let noise = UInt8(truncatingIfNeeded: seed >> 27)
                let line = x % 16 == 0 || y % 16 == 0
                bitmap[x, y] = line ? RGBA(r: 250, g: 250, b: 250)
                    : RGBA(r: UInt8(x * 200 / 960) &+ noise, g: UInt8(y * 200 / 720) &+ noise, b: 90)
            }
        }
        for row in 0..<20 {
            bitmap.drawText("ROW \(row) THE QUICK BROWN FOX 0123456789", x: 20, y: 20 + row * 34, scale: 2,
                            color: RGBA(r: 0, g: 0, b: 0))
        }
        return bitmap
    }()

    static let jpeg: Data = try! ImageEncoder.jpeg(picture, quality: 92)

    static func psnr(_ a: Bitmap, _ b: Bitmap) -> Double { Conformance.psnr(a, b) }

    @Test("a JPEG region decoded with crop and skip equals that region of the full decode", arguments: [
        PixelRect(x: 203, y: 151, width: 300, height: 200),
        PixelRect(x: 0, y: 0, width: 17, height: 9),
        PixelRect(x: 640, y: 520, width: 320, height: 200),
    ])
    func jpegRegion(region: PixelRect) throws {
        let full = try ImageDecoder.decode(Self.jpeg)
        let part = try ImageDecoder.decodeRegion(Self.jpeg, region: region, size: PixelSize(width: region.width, height: region.height))
        let expected = full.cropped(to: region)
        #expect(part.size == expected.size)
        let psnr = Self.psnr(part, expected)
        #expect(psnr >= 40, "\(psnr) dB")
    }

    @Test("a JPEG region scaled in the DCT matches the full decode cropped and shrunk")
    func jpegScaledRegion() throws {
        let region = PixelRect(x: 320, y: 240, width: 480, height: 360)
        let size = PixelSize(width: 120, height: 90)
        let part = try ImageDecoder.decodeRegion(Self.jpeg, region: region, size: size)
        let expected = try ImageDecoder.decode(Self.jpeg).cropped(to: region).resized(to: size, filter: .box)
        #expect(part.size == size)
        let psnr = Self.psnr(part, expected)
        #expect(psnr >= 40, "\(psnr) dB")
    }

    @Test("at an eighth, a region on multiples of eight is that part of the whole picture decoded at an eighth",
          arguments: [PixelRect(x: 320, y: 240, width: 400, height: 320), PixelRect(x: 8, y: 16, width: 96, height: 64)])
    func eighthRegion(region: PixelRect) throws {
        let size = PixelSize(width: region.width / 8, height: region.height / 8)
        let part = try ImageDecoder.decodeRegion(Self.jpeg, region: region, size: size)
        let whole = try ImageDecoder.decode(Self.jpeg, maxSize: PixelSize(width: 120, height: 90))
        let expected = whole.cropped(to: PixelRect(x: region.x / 8, y: region.y / 8, width: size.width, height: size.height))
        let psnr = Self.psnr(part, expected)
        #expect(psnr >= 35, "\(psnr) dB")
    }

    @Test("a region of a JPEG stored on its side is the region of the upright picture")
    func rotatedJPEG() throws {
        let stored = try ImageEncoder.jpeg(Self.picture.oriented(.left), quality: 92)
        let turned = Self.withOrientation(stored, 6)
        let upright = try ImageDecoder.decode(turned)
        #expect(upright.size == Self.picture.size)
        let region = PixelRect(x: 410, y: 97, width: 200, height: 150)
        let part = try ImageDecoder.decodeRegion(turned, region: region, size: PixelSize(width: 200, height: 150))
        let psnr = Self.psnr(part, upright.cropped(to: region))
        #expect(psnr >= 40, "\(psnr) dB")
    }

    @Test("a still WebP region is cropped by libwebp and equals that region of the full decode")
    func webpRegion() throws {
        let webp = try ImageEncoder.webp(Self.picture, quality: 90)
        let region = PixelRect(x: 300, y: 200, width: 240, height: 160)
        let part = try ImageDecoder.decodeRegion(webp, region: region, size: PixelSize(width: 240, height: 160))
        let psnr = Self.psnr(part, try ImageDecoder.decode(webp).cropped(to: region))
        #expect(psnr >= 40, "\(psnr) dB")
    }

    @Test("a PNG is decoded whole and cropped: the region is exact")
    func pngRegion() throws {
        let png = try ImageEncoder.png(Self.picture)
        let region = PixelRect(x: 11, y: 13, width: 100, height: 60)
        let part = try ImageDecoder.decodeRegion(png, region: region, size: PixelSize(width: 100, height: 60))
        #expect(part == Self.picture.cropped(to: region))
        #expect(!ImageDecoder.decodesRegions(of: .png))
    }

    @Test("a region outside the picture is refused")
    func outside() {
        #expect(throws: ImagingError.self) {
            try ImageDecoder.decodeRegion(Self.jpeg, region: PixelRect(x: 2000, y: 0, width: 10, height: 10),
                                          size: PixelSize(width: 10, height: 10))
        }
    }

    // MARK: ZoomSource

    @Test("a zoom source decodes once per step: panning inside the part and coming back to a step decode nothing")
    func zoomSourceCaches() throws {
        let source = try ZoomSource(data: Self.jpeg)
        var view = ZoomViewport(imageSize: source.size, screen: PixelSize(width: 200, height: 100))
        let fitted = try source.tile(for: view)
        #expect(fitted.bitmap.cropped(to: fitted.crop).size == PixelSize(width: 133, height: 100))
        #expect(source.decodeCount == 1)
        view.apply(.actualSize)
        let close = try source.tile(for: view)
        #expect(close.crop.width == 200 && close.crop.height == 100)
        #expect(close.isSharp)
        #expect(source.decodeCount == 2)
        // One picture pixel per screen pixel: the crop is the picture's middle, exactly.
        let expected = try ImageDecoder.decode(Self.jpeg).cropped(to: view.layout.region)
        #expect(Self.psnr(close.bitmap.cropped(to: close.crop), expected) >= 40)
        view.apply(.pan(dx: 40, dy: 0))
        let panned = try source.tile(for: view)
        #expect(source.decodeCount == 2, "a pan inside the decoded part is a crop")
        #expect(panned.crop.x == close.crop.x + 40)
        #expect(panned.bitmap == close.bitmap)
        view.apply(.fit)
        _ = try source.tile(for: view)
        #expect(source.decodeCount == 2, "the fitted step was kept")
    }

    @Test("a zoom source keeps its parts within its byte budget")
    func zoomSourceBudget() throws {
        // A part is at most four views' pixels: room for one, not two.
        let source = try ZoomSource(data: Self.jpeg, costLimit: 200 * 100 * 4 * 6)
        var view = ZoomViewport(imageSize: source.size, screen: PixelSize(width: 200, height: 100))
        for _ in 0..<8 {
            view.apply(.zoomIn(anchor: nil))
            _ = try source.tile(for: view)
            #expect(source.cost <= source.costLimit)
        }
        #expect(source.decodeCount == 8)
    }

    @Test("a viewport over a larger original than the bytes hold is enlarged, and says it is not sharp")
    func previewIsNotSharp() throws {
        let source = try ZoomSource(data: Self.jpeg)
        var view = ZoomViewport(imageSize: PixelSize(width: 3840, height: 2880), screen: PixelSize(width: 200, height: 100))
        #expect(try source.tile(for: view).isSharp)
        view.apply(.actualSize)
        let tile = try source.tile(for: view)
        #expect(!tile.isSharp)
        #expect(tile.crop.width == 200)
    }

    /// `jpeg` with an Exif APP1 segment whose IFD0 holds only Orientation.
    static func withOrientation(_ jpeg: Data, _ value: UInt8) -> Data {
        let tiff: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 1] + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, value, 0, 0]
            + [0, 0, 0, 0]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        var out = Data(jpeg.prefix(2))
        out.append(contentsOf: [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload)
        out.append(jpeg.dropFirst(2))
        return out
    }
}
