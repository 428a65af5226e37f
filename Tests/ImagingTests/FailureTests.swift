import ErrorReporting
import Foundation
import Testing
@testable import Imaging

@Suite("Bad input is an error, never a crash")
struct FailureTests {
    static let jpeg = try! ImageEncoder.jpeg(Fixtures.photo(width: 96, height: 64), quality: 85)
    static let progressiveJPEG = try! ImageEncoder.jpeg(Fixtures.photo(width: 96, height: 64), progressive: true)
    static let png = try! ImageEncoder.png(Fixtures.photo(width: 96, height: 64, alpha: true))
    static let interlacedPNG = try! ImageEncoder.png(
        Fixtures.photo(width: 96, height: 64), options: PNGEncodingOptions(interlaced: true))

    @Test("data cut short anywhere is reported as truncated",
          arguments: [jpeg, progressiveJPEG, png, interlacedPNG], [0.05, 0.5, 0.95])
    func truncated(data: Data, fraction: Double) {
        let cut = data.prefix(Int(Double(data.count) * fraction))
        #expect(throws: ImagingError.truncated) { try ImageDecoder.decode(cut) }
        #expect(throws: ImagingError.truncated) { try ImageDecoder.decode(cut, maxSize: PixelSize(width: 10, height: 10)) }
    }

    @Test("the first bytes of a signature alone are truncated, not garbage")
    func signatureOnly() {
        #expect(throws: ImagingError.truncated) { try ImageDecoder.decode(Self.jpeg.prefix(2)) }
        #expect(throws: ImagingError.truncated) { try ImageDecoder.decode(Self.png.prefix(5)) }
        #expect(throws: ImagingError.truncated) { try ImageDecoder.probe(Self.png.prefix(20)) }
    }

    @Test("bytes that are no image at all are not an image", arguments: [
        Data(), Data("<html><body>Not found</body></html>".utf8), Data((0..<512).map { UInt8(($0 * 97 + 13) % 251) }),
    ])
    func garbage(data: Data) {
        #expect(throws: ImagingError.notAnImage) { try ImageDecoder.decode(data) }
        #expect(throws: ImagingError.notAnImage) { try ImageDecoder.probe(data) }
    }

    @Test("a known image format we do not read is unsupported, by name")
    func foreignFormats() {
        // A HEIF whose brands name neither HEVC nor AV1 (JPEG-in-HEIF, for one).
        let heif = Data([0, 0, 0, 24]) + Data("ftypmif1".utf8) + Data([0, 0, 0, 0]) + Data("mif1jpeg".utf8)
        #expect(throws: ImagingError.unsupported("HEIF")) { try ImageDecoder.decode(heif) }
        #expect(throws: ImagingError.unsupported("TIFF")) { try ImageDecoder.decode(Data([0x49, 0x49, 0x2A, 0x00]) + Data(repeating: 0, count: 60)) }
        #expect(throws: ImagingError.unsupported("BMP")) { try ImageDecoder.decode(Data("BM".utf8) + Data(repeating: 0, count: 52)) }
    }

    @Test("a valid signature followed by garbage is corrupt or truncated, never a crash")
    func signatureThenGarbage() {
        let noise = Data((0..<4096).map { UInt8(($0 * 131 + 7) % 256) })
        for head in [FormatSniffer.jpegSignature, FormatSniffer.pngSignature] {
            do {
                _ = try ImageDecoder.decode(Data(head) + noise)
                Issue.record("garbage after \(head) decoded")
            } catch {
                switch error {
                case .corrupt, .truncated: break
                default: Issue.record("unexpected \(error)")
                }
            }
        }
    }

    @Test("a PNG chunk whose CRC does not match is corrupt, with libpng's message")
    func pngCRC() throws {
        var bytes = [UInt8](Self.png)
        bytes[29] ^= 0xFF // the last byte of IHDR's CRC
        #expect {
            try ImageDecoder.decode(Data(bytes))
        } throws: { error in
            guard case .corrupt(let message) = error as? ImagingError else { return false }
            return message.contains("CRC")
        }
    }

    @Test("a flipped byte inside PNG image data is corrupt")
    func pngImageData() throws {
        var bytes = [UInt8](Self.png)
        let idat = try #require(Self.png.range(of: Data("IDAT".utf8)))
        bytes[idat.upperBound + 10] ^= 0xFF
        #expect {
            try ImageDecoder.decode(Data(bytes))
        } throws: { error in
            guard case .corrupt = error as? ImagingError else { return false }
            return true
        }
    }

    @Test("damaged JPEG entropy data still decodes or fails cleanly")
    func jpegDamage() throws {
        var bytes = [UInt8](Self.jpeg)
        for index in stride(from: bytes.count / 2, to: bytes.count - 2, by: 97) { bytes[index] = 0xFF }
        do {
            let bitmap = try ImageDecoder.decode(Data(bytes))
            #expect(bitmap.size == PixelSize(width: 96, height: 64))
        } catch {
            #expect(error != .notAnImage)
        }
    }

    @Test("a PNG header claiming 100000x100000 is refused before any pixel is allocated")
    func pngBomb() throws {
        // The file has no image data at all: reaching the decoder would say "truncated", and
        // allocating 40 GB would crash. Only a check of the header gives tooLarge.
        let header = Fixtures.pngHeader(width: 100_000, height: 100_000)
        #expect(throws: ImagingError.tooLarge(width: 100_000, height: 100_000, limit: 50_000_000)) {
            try ImageDecoder.decode(header)
        }
        #expect(throws: ImagingError.tooLarge(width: 100_000, height: 100_000, limit: 50_000_000)) {
            try ImageDecoder.decode(header, maxSize: PixelSize(width: 80, height: 48))
        }
        #expect(try ImageDecoder.probe(header) == ImageInfo(format: .png, width: 100_000, height: 100_000))
    }

    @Test("a JPEG frame header claiming 60000x60000 is refused before decoding")
    func jpegBomb() throws {
        let bomb = try Fixtures.jpeg(Self.jpeg, claiming: 60_000, 60_000)
        #expect(throws: ImagingError.tooLarge(width: 60_000, height: 60_000, limit: 50_000_000)) {
            try ImageDecoder.decode(bomb)
        }
    }

    @Test("the pixel limit is configurable")
    func configurableLimit() throws {
        #expect(throws: ImagingError.tooLarge(width: 96, height: 64, limit: 6000)) {
            try ImageDecoder.decode(Self.png, pixelLimit: 6000)
        }
        #expect(try ImageDecoder.decode(Self.jpeg, pixelLimit: 96 * 64).size == PixelSize(width: 96, height: 64))
    }

    @Test("every imaging error is an invalidImage error in English and Russian", arguments: [
        ImagingError.notAnImage, .truncated, .unsupported("HEIF"), .tooLarge(width: 9, height: 9, limit: 1),
        .animationTooLarge(frames: 5_001, frameLimit: 5_000),
        .corrupt("bad"), .encodingFailed("bad"),
    ])
    func userFacing(error: ImagingError) {
        let userFacing = UserFacingError.from(error)
        #expect(userFacing.code == "invalidImage")
        #expect(!userFacing.message(in: .english).isEmpty)
        #expect(userFacing.message(in: .russian) != userFacing.message(in: .english))
        #expect(userFacing.message(in: .russian).unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) })
    }
}

extension FailureTests {
    @Test("a JPEG bomb is refused from its frame header even when the rest never arrived")
    func truncatedJPEGBomb() throws {
        let bomb = try Fixtures.jpeg(Self.jpeg, claiming: 60_000, 60_000)
        let frame = try #require(Fixtures.startOfFrameOffset(in: [UInt8](bomb)))
        #expect(throws: ImagingError.tooLarge(width: 60_000, height: 60_000, limit: 50_000_000)) {
            try ImageDecoder.decode(bomb.prefix(frame + 12))
        }
    }
}
