import DemoServer
import Foundation
import Imaging
import Testing

/// `--demo` shows one picture of each kind, so a person sees every decoding path at once.
@Suite("Demo pictures of every kind")
struct DemoPictureKindTests {
    @Test("the six demo pictures are a WebP, an animated GIF, an AVIF, a turned JPEG, a P3 JPEG and a transparent PNG, each upright at its size")
    func everyKind() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("demo-kinds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let size = PixelSize(width: 160, height: 120)
        var formats: [ImageFormat] = []
        for number in 1...6 {
            let (data, kind) = try DemoPictures.encoded(number: number, size: size, directory: directory)
            let decoded = try ImageDecoder.decodeImage(data)
            formats.append(decoded.info.format)
            #expect(decoded.info.size == size, "\(kind)")
            #expect(decoded.bitmap.size == size, "\(kind)")
            switch kind {
            case .animatedGIF:
                #expect(try ImageDecoder.frames(data).count > 1)
            case .transparentPNG:
                #expect(decoded.bitmap[0, 0].a == 0)
                #expect(decoded.bitmap[80, 60].a == 255)
            case .rotatedJPEG:
                // Stored on its side: the frame header says 120x160, the Exif turn makes it 160x120.
                let plain = try ImageDecoder.decode(data.prefix(2) + data.dropFirst(2 + 4 + 32))
                #expect(plain.size == PixelSize(width: 120, height: 160))
            default:
                break
            }
            // Made once: the second call reads the same bytes back.
            #expect(try DemoPictures.encoded(number: number, size: size, directory: directory).data == data)
        }
        #expect(formats == [.webp, .gif, .avif, .jpeg, .jpeg, .png])
    }
}
