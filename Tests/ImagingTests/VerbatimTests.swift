import Foundation
import Testing
@testable import Imaging

/// A decoded picture says whether it is exactly its file's pixels: only then may the file be
/// sent to a terminal in its place.
@Suite("Pictures decoded as their files hold them")
struct VerbatimTests {
    static let picture = Bitmap(width: 24, height: 16, filledWith: RGBA(r: 200, g: 90, b: 30))

    @Test("a PNG or JPEG decoded whole, upright and in sRGB is its file's pixels")
    func plainFiles() throws {
        #expect(try ImageDecoder.decodeImage(ImageEncoder.png(Self.picture)).isVerbatim)
        #expect(try ImageDecoder.decodeImage(ImageEncoder.jpeg(Self.picture)).isVerbatim)
        // A cell box as large as the picture or larger changes nothing.
        #expect(try ImageDecoder.decodeImage(ImageEncoder.png(Self.picture), maxSize: PixelSize(width: 50, height: 50)).isVerbatim)
    }

    @Test("downsampled, turned upright or converted to sRGB, it is not")
    func changedPictures() throws {
        let png = try ImageEncoder.png(Self.picture)
        let jpeg = try ImageEncoder.jpeg(Self.picture)
        #expect(try !ImageDecoder.decodeImage(png, maxSize: PixelSize(width: 12, height: 8)).isVerbatim)
        #expect(try !ImageDecoder.decodeImage(jpeg, maxSize: PixelSize(width: 12, height: 8)).isVerbatim)
        #expect(try !ImageDecoder.decodeImage(Conformance.withExifOrientation(jpeg, 6)).isVerbatim)
        #expect(try ImageDecoder.decodeImage(Conformance.withExifOrientation(jpeg, 1)).isVerbatim)
        let profile = ColorManagement.displayP3Profile()
        try #require(!profile.isEmpty, "Little CMS is installed")
        #expect(try !ImageDecoder.decodeImage(Data(ColorManagement.embedding(profile, in: Array(jpeg)))).isVerbatim)
        let gamma = ColorManagementTests.png(png, inserting: "gAMA", Fixtures.bigEndian(100_000))
        #expect(try !ImageDecoder.decodeImage(gamma).isVerbatim)
    }
}
