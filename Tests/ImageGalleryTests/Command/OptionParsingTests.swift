import Foundation
import Imaging
import Testing
@testable import gallery

@Suite("Command-line values: sizes, fault plans, URLs")
struct OptionParsingTests {
    @Test("memory sizes are read with their units", arguments: [
        ("64MB", 64 << 20), ("32M", 32 << 20), ("512k", 512 << 10), ("1GiB", 1 << 30), ("1000000", 1_000_000),
        ("1.5MB", 3 << 19), (" 8 mb ", 8 << 20),
    ])
    func sizes(text: String, bytes: Int) {
        #expect(ByteCount(parsing: text)?.bytes == bytes)
    }

    @Test("nonsense sizes are refused", arguments: ["", "lots", "0", "-5MB", "12XB", "MB"])
    func badSizes(text: String) {
        #expect(ByteCount(parsing: text) == nil)
    }

    @Test("a playing loop keeps its frames in half of --memory-limit, never more than a screen's room")
    func keptFramesWithinTheMemoryLimit() throws {
        #expect(GalleryCommand.keptFrameRoom(memoryLimit: 16 << 20) == 8 << 20)
        #expect(GalleryCommand.keptFrameRoom(memoryLimit: 1 << 30) == FrameSource.screenKeptLimit)
        #expect(GalleryCommand.keptFrameRoom(memoryLimit: 1) == 0)
        // The default limit gives the room the bench's row measures.
        let command = try GalleryCommand.parse([])
        #expect(GalleryCommand.keptFrameRoom(memoryLimit: command.memoryLimitBytes) == FrameSource.screenKeptLimit)
    }

    @Test("a fault plan names a fault per cell")
    func faultPlan() throws {
        let plan = try DemoFaultPlan(parsing: "2=404,4=slow,5=drop,6=notimage,3=corrupt,1=500")
        #expect(plan.faults == [2: .notFound, 4: .slow, 5: .drop, 6: .notImage, 3: .corrupt, 1: .serverError])
        #expect(plan.outage == nil && plan.startsServer)
        #expect(try DemoFaultPlan(parsing: "all=down").outage == .serverDown)
        #expect(try DemoFaultPlan(parsing: "all=offline").outage == .networkDown)
        #expect(try !DemoFaultPlan(parsing: "all=offline").startsServer)
    }

    @Test("a bad fault plan says which part is wrong", arguments: [
        ("2", DemoFaultPlan.ParseError.malformed("2")), ("8=404", .badCell("8")), ("2=explode", .unknownFault("explode")),
        ("all=slow", .unknownFault("slow")),
    ])
    func badFaultPlans(text: String, error: DemoFaultPlan.ParseError) {
        #expect(throws: error) { try DemoFaultPlan(parsing: text) }
    }

    @Test("URLs must be http or https with a host")
    func urls() throws {
        #expect(try PictureSources.parse("https://picsum.photos/id/10/1200/900").host == "picsum.photos")
        #expect(throws: PictureSources.InvalidURL.self) { try PictureSources.parse("ftp://example.com/a.jpg") }
        #expect(throws: PictureSources.InvalidURL.self) { try PictureSources.parse("http://") }
        #expect(throws: PictureSources.InvalidURL.self) { try PictureSources.parse("picture.jpg") }
    }

    @Test("a URL file skips blank lines and comments")
    func urlFile() throws {
        let urls = try PictureSources.parseFile("# cats\nhttp://a.test/1.jpg\n\n  https://b.test/2.jpg  # dog\n")
        #expect(urls.map(\.absoluteString) == ["http://a.test/1.jpg", "https://b.test/2.jpg"])
    }

    @Test("the built-in pictures are six fixed photos of at least 800x600")
    func defaults() {
        #expect(PictureSources.defaultURLs.count == 6)
        #expect(Set(PictureSources.defaultURLs).count == 6)
        #expect(PictureSources.defaultURLs.allSatisfy { $0.absoluteString.hasSuffix("/1200/900") })
    }

    @Test("the demo pictures are 1200x900 and each one is different")
    func demoPictures() throws {
        let small = (1...6).map { DemoGallery.picture($0, size: .init(width: 120, height: 90)) }
        #expect(Set(small.map(\.pixels)).count == 6)
        #expect(DemoGallery.pictureSize == .init(width: 1200, height: 900))
    }
}
