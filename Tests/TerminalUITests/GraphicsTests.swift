import DemoServer
import Foundation
import Imaging
import Testing
@testable import TerminalUI

/// What a stream of kitty graphics commands did, read back from the bytes.
struct KittyStream {
    struct Placement: Equatable {
        var id: Int, number: Int
        var column: Int, row: Int
        var source: PixelRect
    }

    var images: [Int: Bitmap] = [:]
    var placements: [Placement] = []
    /// Virtual placements (`U=1`, shown where placeholders are): image id to its size in cells.
    var virtualPlacements: [Int: TerminalSize] = [:]
    var deletedPlacements: [(id: Int, number: Int)] = []
    var deletedImages: [Int] = []
    var pixelBytes = 0

    /// Reads every APC G command of `bytes`, following cursor moves (CSI row;col H) for placements.
    init(_ bytes: [UInt8]) {
        var index = 0, row = 0, column = 0
        var pending: (keys: [String: String], payload: [UInt8])?
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 1 < bytes.count else {
                index += 1
                continue
            }
            if bytes[index + 1] == UInt8(ascii: "["), let end = bytes[(index + 2)...].firstIndex(where: { (0x40...0x7E).contains($0) }) {
                let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self).split(separator: ";").compactMap { Int($0) }
                if bytes[end] == UInt8(ascii: "H") {
                    row = (parameters.first ?? 1) - 1
                    column = (parameters.count > 1 ? parameters[1] : 1) - 1
                }
                index = end + 1
                continue
            }
            guard bytes[index + 1] == UInt8(ascii: "_") else {
                index += 2
                continue
            }
            var end = index + 2
            while !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
            let body = Array(bytes[(index + 3)..<end])
            index = end + 2
            let split = body.firstIndex(of: UInt8(ascii: ";")) ?? body.count
            var keys: [String: String] = [:]
            for pair in String(decoding: body[..<split], as: UTF8.self).split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { keys[String(parts[0])] = String(parts[1]) }
            }
            let payload = split < body.count ? Array(body[(split + 1)...]) : []
            if var transmission = pending {
                transmission.payload += payload
                pixelBytes += payload.count
                pending = transmission
                if keys["m"] == "0" {
                    finish(transmission)
                    pending = nil
                }
                continue
            }
            switch keys["a"] {
            case "t":
                pixelBytes += payload.count
                if keys["m"] == "1" { pending = (keys, payload) } else { finish((keys, payload)) }
            case "p" where keys["U"] == "1":
                virtualPlacements[Int(keys["i"]!)!] = TerminalSize(columns: Int(keys["c"]!)!, rows: Int(keys["r"]!)!)
            case "p":
                placements.append(Placement(
                    id: Int(keys["i"]!)!, number: Int(keys["p"]!)!, column: column, row: row,
                    source: PixelRect(x: Int(keys["x"]!)!, y: Int(keys["y"]!)!, width: Int(keys["w"]!)!, height: Int(keys["h"]!)!)))
            case "d" where keys["d"] == "i":
                deletedPlacements.append((Int(keys["i"]!)!, Int(keys["p"]!)!))
            case "d" where keys["d"] == "I":
                deletedImages.append(Int(keys["i"]!)!)
            default:
                break
            }
        }
    }

    private mutating func finish(_ transmission: (keys: [String: String], payload: [UInt8])) {
        let keys = transmission.keys
        let data = Data(base64Encoded: Data(transmission.payload))!
        images[Int(keys["i"]!)!] = Bitmap(width: Int(keys["s"]!)!, height: Int(keys["v"]!)!, pixels: Array(data))
    }
}

/// A 40x30 picture with a different colour in every pixel.
func gradientPicture(width: Int = 40, height: Int = 30) -> Bitmap {
    var bitmap = Bitmap(width: width, height: height, filledWith: RGBA(r: 0, g: 0, b: 0))
    for y in 0..<height {
        for x in 0..<width { bitmap[x, y] = RGBA(r: UInt8(x * 255 / width), g: UInt8(y * 255 / height), b: 128) }
    }
    return bitmap
}

@Suite("Pictures with real pixels")
struct GraphicsTests {
    static let cell = PixelSize(width: 4, height: 6)

    private func frame(with picture: Bitmap, at rect: Rect, graphics: GraphicsProtocol, size: TerminalSize = TerminalSize(columns: 30, rows: 12)) -> Frame {
        var frame = Frame(size: size)
        frame.put("title", column: 0, row: 0)
        ImageCells.draw(picture, into: &frame, in: rect, mode: .pixels(graphics, cell: Self.cell))
        return frame
    }

    private func renderer(_ graphics: GraphicsProtocol) -> Renderer {
        Renderer(colorMode: .trueColor, graphics: graphics, cellSizeKnown: true, synchronizedOutput: true)
    }

    @Test("a picture is laid out in pixels: aspect-fitted, centred on whole cells, blanks underneath")
    func layout() throws {
        let frame = frame(with: gradientPicture(), at: Rect(column: 2, row: 2, width: 10, height: 6), graphics: .kitty)
        let placement = try #require(frame.visibleImages.first)
        // 10x6 cells of 4x6 px = 40x36 px; 40x30 fits as 40x30: 10 columns, 5 rows, one row spare, centred.
        #expect(placement.pixelSize == PixelSize(width: 40, height: 30))
        #expect(placement.rect == Rect(column: 2, row: 2, width: 10, height: 5))
        #expect(frame[5, 3].grapheme == " ")
        #expect(frame.plainText().split(separator: "\n").first == "title")
    }

    @Test("the kitty stream reads back as the picture's pixels and one placement at its cell")
    func kittyStream() throws {
        let picture = gradientPicture()
        var renderer = renderer(.kitty)
        let bytes = renderer.render(frame(with: picture, at: Rect(column: 2, row: 3, width: 10, height: 5), graphics: .kitty))
        let stream = KittyStream(bytes)
        let image = try #require(stream.images.values.first)
        #expect(image == picture)
        #expect(stream.placements == [KittyStream.Placement(
            id: stream.images.keys.first!, number: 1, column: 2, row: 3, source: PixelRect(x: 0, y: 0, width: 40, height: 30))])
    }

    @Test("scrolling a kitty picture by one cell moves its placement and sends no pixels")
    func kittyScroll() throws {
        let picture = gradientPicture()
        var renderer = renderer(.kitty)
        _ = renderer.render(frame(with: picture, at: Rect(column: 2, row: 3, width: 10, height: 5), graphics: .kitty))
        let stream = KittyStream(renderer.render(frame(with: picture, at: Rect(column: 2, row: 2, width: 10, height: 5), graphics: .kitty)))
        #expect(stream.pixelBytes == 0)
        #expect(stream.images.isEmpty)
        #expect(stream.placements.map { [$0.column, $0.row, $0.number] } == [[2, 2, 1]])
    }

    @Test("a kitty picture cut by the screen edge shows only its visible pixels; leaving deletes the placement")
    func kittyClipAndDelete() throws {
        let picture = gradientPicture()
        var renderer = renderer(.kitty)
        let size = TerminalSize(columns: 30, rows: 12)
        // The picture starts two rows above the screen: its top 12 pixels are cut.
        let clipped = KittyStream(renderer.render(frame(with: picture, at: Rect(column: 0, row: -2, width: 10, height: 5), graphics: .kitty, size: size)))
        #expect(clipped.placements.first?.source == PixelRect(x: 0, y: 12, width: 40, height: 18))
        #expect(clipped.placements.first?.row == 0)
        let gone = KittyStream(renderer.render(Frame(size: size)))
        #expect(gone.deletedPlacements.count == 1)
        #expect(gone.pixelBytes == 0)
    }

    @Test("a picture placed to the pixel is sent with a transparent inset before it and its matte around it")
    func pixelExactPlacement() throws {
        var frame = Frame(size: TerminalSize(columns: 30, rows: 12))
        let picture = gradientPicture(width: 40, height: 30)
        // A 40x40 square 6 pixels right and 3 down of cell (2, 1): column 3 + 2 px, row 1 + 3 px.
        ImageCells.draw(picture, into: &frame, pixels: PixelRect(x: 6, y: 3, width: 40, height: 40),
                        of: Rect(column: 2, row: 1, width: 14, height: 9), mode: .pixels(.kitty, cell: Self.cell),
                        matte: RGBA(r: 0, g: 0, b: 0))
        var renderer = renderer(.kitty)
        let stream = KittyStream(renderer.render(frame))
        let image = try #require(stream.images.values.first)
        #expect(image.size == PixelSize(width: 42, height: 43))
        #expect(stream.placements.first.map { [$0.column, $0.row] } == [3, 1])
        #expect(image[0, 0].a == 0 && image[1, 42].a == 0 && image[41, 2].a == 0)
        #expect(image[2, 3] == RGBA(r: 0, g: 0, b: 0))           // the matte above the 40x30 picture
        #expect(image[2 + 10, 3 + 5 + 7] == picture[10, 7])       // the picture, centred: 5 rows down
        #expect(frame.visibleImages.first?.rect == Rect(column: 3, row: 1, width: 11, height: 8))
    }

    @Test("the iTerm2 stream reads back as a PNG of the picture at its pixel size, at its cell")
    func iTerm2Stream() throws {
        let picture = gradientPicture()
        var renderer = renderer(.iTerm2)
        let text = String(decoding: renderer.render(frame(with: picture, at: Rect(column: 2, row: 3, width: 10, height: 5), graphics: .iTerm2)), as: UTF8.self)
        let start = try #require(text.range(of: "\u{1b}]1337;File="))
        #expect(text[..<start.lowerBound].hasSuffix("\u{1b}[4;3H"))
        let body = text[start.upperBound...].prefix { $0 != "\u{07}" }
        let colon = try #require(body.firstIndex(of: ":"))
        let arguments = body[..<colon].split(separator: ";")
        #expect(arguments.contains("width=40px"))
        #expect(arguments.contains("height=30px"))
        let png = try #require(Data(base64Encoded: String(body[body.index(after: colon)...])))
        #expect(try ImageDecoder.decode(png) == picture)
    }

    /// A frame with `picture` drawn into `rect` in kitty's pixels, as the first frame of `animation`.
    private func animated(_ picture: Bitmap, _ animation: AnimatedImage, at rect: Rect) -> Frame {
        var frame = Frame(size: TerminalSize(columns: 30, rows: 12))
        frame.put("title", column: 0, row: 0)
        ImageCells.draw(picture, into: &frame, in: rect, mode: .pixels(.kitty, cell: Self.cell), animation: animation)
        return frame
    }

    @Test("an animation kitty plays: each later frame sent once with its gap, then run; nothing more while it plays")
    func kittyPlaysTheAnimation() throws {
        // The demo's looping GIF at 40x30: a 10x5 cell box of 4x6 px cells shows it at 1:1.
        let (data, kind) = try DemoPictures.encoded(number: 2, size: PixelSize(width: 40, height: 30))
        #expect(kind == .animatedGIF)
        let animation = try #require(AnimatedImage(data))
        let source = try FrameSource(animation, fitting: PixelSize(width: 40, height: 30))
        var expected: [AnimationFrame] = []
        try source.forEachFrameOfOnePlay { expected.append($0) }
        #expect(expected.count == animation.frameCount && animation.plays == nil)
        let rect = Rect(column: 2, row: 2, width: 10, height: 5)
        var renderer = renderer(.kitty)
        let shown = animated(expected[0].bitmap, animation, at: rect)
        let stream = KittyCommands(renderer.render(shown))

        let id = try #require(stream.images.keys.first)
        #expect(stream.images == [id: expected[0].bitmap])
        #expect(stream.frames.map(\.id) == Array(repeating: id, count: animation.frameCount - 1))
        #expect(stream.frames.map(\.bitmap) == expected.dropFirst().map(\.bitmap))
        #expect(stream.frames.map(\.gap) == expected.dropFirst().map { Int($0.delay / .milliseconds(1)) })
        #expect(stream.frames.allSatisfy { $0.gap == 80 })
        #expect(stream.framesChunksWithoutKeys == 0)
        // Only the spinner's corner changes from frame to frame, and only it is sent.
        #expect(stream.frames.allSatisfy { $0.sent.width * $0.sent.height * 4 < 40 * 30 })
        // The first frame's gap, then the run: for ever (v=1), as the file loops for ever.
        #expect(stream.controls.map(\.keys) == [["a": "a", "i": "\(id)", "r": "1", "z": "80", "q": "2"],
                                                ["a": "a", "i": "\(id)", "s": "3", "v": "1", "q": "2"]])
        #expect(stream.commands.filter { $0.keys["a"] == "p" }.count == 1)
        // The placement comes before the frames, the run after them: kitty then always starts it.
        let order = stream.commands.compactMap(\.keys["a"]).filter { ["p", "f", "a"].contains($0) }
        #expect(order.firstIndex(of: "p").map { $0 < order.firstIndex(of: "f")! } == true)
        #expect(stream.commands.last?.keys["s"] == "3")

        // While it plays, the terminal keeps time: the same screen again writes nothing at all.
        for _ in 0..<animation.frameCount * 2 { #expect(renderer.render(shown).isEmpty) }

        // Scrolled off, it is stopped; back on screen, run again, without a pixel sent.
        let away = KittyCommands(renderer.render(frame(with: gradientPicture(), at: rect, graphics: .kitty)))
        #expect(away.controls.contains { $0.id == id && $0.keys["s"] == "1" })
        let back = KittyCommands(renderer.render(shown))
        #expect(back.controls.map(\.keys) == [["a": "a", "i": "\(id)", "s": "3", "v": "1", "q": "2"]])
        #expect(back.commands.allSatisfy { $0.payload.isEmpty })
        // Shown without its animation (sliding away, --no-animation), it stops where it is.
        let still = KittyCommands(renderer.render(frame(with: expected[0].bitmap, at: rect, graphics: .kitty)))
        #expect(still.controls.map(\.keys) == [["a": "a", "i": "\(id)", "s": "1", "q": "2"]])
    }

    @Test("a GIF that plays a set number of times is run for that many plays")
    func kittyPlaysTheFilesCount() throws {
        let whole = PixelRect(x: 0, y: 0, width: 8, height: 6)
        let frames = (0..<2).map { GIFFrame(indices: [UInt8](repeating: UInt8($0), count: 48), rect: whole, delay: 25) }
        // NETSCAPE2.0 with 2 repeats: three plays in all.
        let data = try ImageEncoder.gif(size: PixelSize(width: 8, height: 6), palette: [0, 0, 0, 255, 255, 255], frames: frames, loopCount: 2)
        let animation = try #require(AnimatedImage(data))
        #expect(animation.plays == 3)
        var renderer = renderer(.kitty)
        let first = try ImageDecoder.decode(data)
        let stream = KittyCommands(renderer.render(animated(first, animation, at: Rect(column: 2, row: 2, width: 2, height: 1))))
        #expect(stream.frames.map(\.gap) == [250])
        #expect(stream.controls.last?.keys["v"] == "4")
    }

    /// The file of the iTerm2 picture in `bytes`.
    private func iTerm2File(_ bytes: [UInt8]) throws -> Data {
        let text = String(decoding: bytes, as: UTF8.self)
        let start = try #require(text.range(of: "\u{1b}]1337;File="))
        let body = text[start.upperBound...].prefix { $0 != "\u{07}" }
        let colon = try #require(body.firstIndex(of: ":"))
        return try #require(Data(base64Encoded: String(body[body.index(after: colon)...])))
    }

    /// A frame with `picture` decoded from `file` drawn into `rect`, the file passed along.
    private func frame(with file: Data, at rect: Rect, graphics: GraphicsProtocol) throws -> Frame {
        let decoded = try ImageDecoder.decodeImage(file)
        #expect(decoded.isVerbatim)
        let original = OriginalFile(data: file, format: decoded.info.format, size: decoded.bitmap.size)
        var frame = Frame(size: TerminalSize(columns: 30, rows: 12))
        ImageCells.draw(decoded.bitmap, into: &frame, in: rect, mode: .pixels(graphics, cell: Self.cell), original: original)
        return frame
    }

    @Test("a still PNG shown at 1:1 goes to kitty as its own file (f=100); shown scaled, as pixels")
    func kittyGetsThePNGItself() throws {
        let png = try ImageEncoder.png(gradientPicture())
        var renderer = renderer(.kitty)
        // 40x30 in a 10x5 box of 4x6 px cells: 1:1.
        let stream = KittyCommands(renderer.render(try frame(with: png, at: Rect(column: 2, row: 2, width: 10, height: 5), graphics: .kitty)))
        #expect(stream.files.count == 1 && stream.images.isEmpty)
        #expect(stream.files.values.first == png)
        #expect(stream.commands.filter { $0.keys["a"] == "p" }.map(\.id) == [stream.files.keys.first])
        // Twice as large a box: the picture is scaled here, and sent as pixels.
        var fresh = self.renderer(.kitty)
        let scaled = KittyCommands(fresh.render(try frame(with: png, at: Rect(column: 2, row: 0, width: 20, height: 10), graphics: .kitty)))
        #expect(scaled.files.isEmpty && scaled.images.count == 1)
    }

    @Test("a still JPEG shown at 1:1 goes to iTerm2 as its own file; kitty, which reads no JPEG, gets pixels")
    func iTerm2GetsTheJPEGItself() throws {
        let jpeg = try ImageEncoder.jpeg(gradientPicture(), quality: 90)
        var iTerm2 = renderer(.iTerm2)
        let sent = try iTerm2File(iTerm2.render(try frame(with: jpeg, at: Rect(column: 2, row: 2, width: 10, height: 5), graphics: .iTerm2)))
        #expect(sent == jpeg)
        var kitty = renderer(.kitty)
        let stream = KittyCommands(kitty.render(try frame(with: jpeg, at: Rect(column: 2, row: 2, width: 10, height: 5), graphics: .kitty)))
        #expect(stream.files.isEmpty && stream.images.count == 1)
    }

    @Test("a loop shown again by the same bitmaps sends each kitty frame once; later rounds only swap placements")
    func kittyLoopSentOnce() throws {
        let rect = Rect(column: 2, row: 3, width: 10, height: 5)
        let loop = (0..<3).map { step -> Bitmap in
            var frame = gradientPicture()
            frame[step, 0] = RGBA(r: 255, g: 255, b: 255)
            return frame
        }
        var renderer = renderer(.kitty)
        let first = loop.map { KittyStream(renderer.render(frame(with: $0, at: rect, graphics: .kitty))) }
        #expect(first.map(\.images.count) == [1, 1, 1])
        let again = loop.map { KittyStream(renderer.render(frame(with: $0, at: rect, graphics: .kitty))) }
        #expect(again.allSatisfy { $0.images.isEmpty && $0.pixelBytes == 0 })
        #expect(again.allSatisfy { $0.placements.count == 1 })
        // A new bitmap with the same pixels is another picture as far as the screen knows: sent.
        let copy = Bitmap(width: loop[0].width, height: loop[0].height, pixels: loop[0].pixels.map { $0 })
        #expect(KittyStream(renderer.render(frame(with: copy, at: rect, graphics: .kitty))).images.count == 1)
    }

    @Test("sixel pictures are encoded at the cell and drawn again only when something changed")
    func sixelStream() throws {
        let picture = gradientPicture()
        var renderer = renderer(.sixel)
        let first = String(decoding: renderer.render(frame(with: picture, at: Rect(column: 2, row: 3, width: 10, height: 5), graphics: .sixel)), as: UTF8.self)
        let start = try #require(first.range(of: "\u{1b}P"))
        #expect(first[..<start.lowerBound].hasSuffix("\u{1b}[4;3H"))
        #expect(first.contains("\"1;1;40;30"))
        // The title changes, the picture does not: no sixel is sent again.
        var changed = frame(with: picture, at: Rect(column: 2, row: 3, width: 10, height: 5), graphics: .sixel)
        changed.put("other", column: 0, row: 0)
        let second = String(decoding: renderer.render(changed), as: UTF8.self)
        #expect(!second.contains("\u{1b}P"))
        #expect(second.contains("other"))
    }

    @Test("an animation's next frame is drawn over the last in place, its cells wiped only when it has transparency",
          arguments: [GraphicsProtocol.sixel, .iTerm2])
    func nextFrameInPlace(graphics: GraphicsProtocol) throws {
        let rect = Rect(column: 2, row: 3, width: 10, height: 5)
        var renderer = renderer(graphics)
        _ = renderer.render(frame(with: gradientPicture(), at: rect, graphics: graphics))
        // Cells written again would be blanks: the pictures' own bytes hold no space.
        func blanks(_ bytes: [UInt8]) -> Int { bytes.filter { $0 == 0x20 }.count }

        var next = gradientPicture()
        next[0, 0] = RGBA(r: 255, g: 255, b: 255)
        let opaque = renderer.render(frame(with: next, at: rect, graphics: graphics))
        #expect(String(decoding: opaque, as: UTF8.self).contains(graphics == .sixel ? "\u{1b}P" : "\u{1b}]1337;"))
        #expect(blanks(opaque) == 0)

        var clear = gradientPicture()
        clear[0, 0] = RGBA(r: 0, g: 0, b: 0, a: 0)
        let transparent = renderer.render(frame(with: clear, at: rect, graphics: graphics))
        #expect(blanks(transparent) >= rect.width * rect.height)
    }

    @Test("a sixel picture never reaches the last row, where drawing it would scroll the screen")
    func sixelLastRow() throws {
        var renderer = renderer(.sixel)
        let size = TerminalSize(columns: 30, rows: 6)
        let text = String(decoding: renderer.render(frame(with: gradientPicture(), at: Rect(column: 0, row: 1, width: 10, height: 5), graphics: .sixel, size: size)), as: UTF8.self)
        // Rows 1...4 show (4 of 5 rows: 24 of 30 pixels).
        #expect(text.contains("\"1;1;40;24"))
    }

    @Test("an unchanged frame writes nothing", arguments: [GraphicsProtocol.kitty, .sixel, .iTerm2, .blocks, .none])
    func unchangedFrame(graphics: GraphicsProtocol) {
        var renderer = renderer(graphics)
        let mode: ImageCells.Mode = graphics.showsPixels ? .pixels(graphics, cell: Self.cell) : graphics == .none ? .text : .trueColor
        let picture = gradientPicture()
        func make() -> Frame {
            var frame = Frame(size: TerminalSize(columns: 30, rows: 12))
            ImageCells.draw(picture, into: &frame, in: Rect(column: 2, row: 2, width: 10, height: 5), mode: mode)
            return frame
        }
        #expect(renderer.render(make()).count > 0)
        #expect(renderer.render(make()).count == 0)
    }

    @Test("text drawn over a picture hides the picture rather than being covered by it")
    func occlusion() {
        var frame = frame(with: gradientPicture(), at: Rect(column: 2, row: 3, width: 10, height: 5), graphics: .kitty)
        #expect(frame.visibleImages.count == 1)
        frame.put("alert", column: 4, row: 4)
        #expect(frame.visibleImages.isEmpty)
    }

    @Test("pictures drawn into a part of the screen move and clip with it")
    func subframes() throws {
        var list = Frame(size: TerminalSize(columns: 12, rows: 8))
        ImageCells.draw(gradientPicture(), into: &list, in: Rect(column: 1, row: 4, width: 10, height: 5), mode: .pixels(.kitty, cell: Self.cell))
        var screen = Frame(size: TerminalSize(columns: 30, rows: 12))
        screen.draw(list, column: 3, row: 2)
        let placement = try #require(screen.visibleImages.first)
        #expect(placement.rect == Rect(column: 4, row: 6, width: 10, height: 5))
        #expect(placement.visible == Rect(column: 4, row: 6, width: 10, height: 4))
    }

    @Test("every frame with output is one synchronized update")
    func synchronizedFrames() {
        var renderer = Renderer(synchronizedOutput: true)
        var frame = Frame(size: TerminalSize(columns: 10, rows: 2))
        frame.put("hi", column: 0, row: 0)
        let text = String(decoding: renderer.render(frame), as: UTF8.self)
        #expect(text.hasPrefix("\u{1b}[?2026h"))
        #expect(text.hasSuffix("\u{1b}[?2026l"))
        #expect(renderer.render(frame).isEmpty)
    }

    @Test("the terminal's answers to the probe are read: kitty, sixel, cell size, synchronized output")
    func probeAnswers() {
        let replies = "\u{1b}_Gi=31;OK\u{1b}\\" + "\u{1b}[6;20;10t" + "\u{1b}[?2026;2$y" + "\u{1b}[?1;0;16S" + "\u{1b}[?62;4;22c"
        let answer = TerminalProbe.parse(Array(replies.utf8))
        #expect(answer.kittyGraphics)
        #expect(answer.sixel)
        #expect(answer.cellPixelSize == PixelSize(width: 10, height: 20))
        #expect(answer.synchronizedOutput == true)
        #expect(answer.colorRegisters == 16)
        #expect(answer.complete)

        let plain = TerminalProbe.parse(Array("\u{1b}[?1;2c".utf8))
        #expect(!plain.kittyGraphics && !plain.sixel && plain.complete)
        let capabilities = TerminalCapabilities.detect(environment: ["TERM": "xterm"]).resolved(with: answer)
        #expect(capabilities.graphics == .kitty)
        #expect(capabilities.cellPixelSize == PixelSize(width: 10, height: 20))
        #expect(capabilities.sixelColors == 16)
    }
}

@Suite("Leaving the screen with kitty pictures")
@MainActor
struct KittyCleanupTests {
    @Test("restoring the terminal deletes every kitty image before leaving the alternate screen, and puts termios back")
    func restoreDeletesImages() throws {
        // A pseudo-terminal pair (Linux /dev/ptmx: unlock, then open /dev/pts/N).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        defer { close(master) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        // TIOCSPTLCK and TIOCGPTN (asm-generic ioctls, the same on x86_64 and aarch64): Swift does not
        // import these function-like macros, nor posix_openpt without _XOPEN_SOURCE.
        #expect(ioctl(master, UInt(0x4004_5431), &unlock) == 0)
        #expect(ioctl(master, UInt(0x8004_5430), &number) == 0)
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        defer { close(slave) }
        var before = termios()
        tcgetattr(slave, &before)

        let session = TerminalSession(input: slave, output: slave)
        try session.enter { _ in }
        session.deleteKittyImagesOnExit()
        session.restore()

        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, 0) > 0 {
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        let deletion = try #require(text.range(of: "\u{1b}_Ga=d,d=A,q=2\u{1b}\\"))
        let leave = try #require(text.range(of: "\u{1b}[?1049l"))
        #expect(deletion.lowerBound < leave.lowerBound)
        var after = termios()
        tcgetattr(slave, &after)
        #expect(after.c_lflag == before.c_lflag)
        #expect(after.c_iflag == before.c_iflag)
    }
}

@Suite("Demo pictures")
struct DemoPictureTests {
    @Test("demo pictures have detail to judge a renderer by, and are encoded once then read from the cache")
    func detailAndCache() throws {
        let picture = DemoPictures.picture(number: 4, size: PixelSize(width: 320, height: 240))
        var colors = Set<UInt32>()
        for offset in stride(from: 0, to: picture.pixels.count, by: 4) {
            colors.insert(UInt32(picture.pixels[offset]) << 16 | UInt32(picture.pixels[offset + 1]) << 8 | UInt32(picture.pixels[offset + 2]))
        }
        #expect(colors.count > 2000)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("demo-pictures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let size = PixelSize(width: 64, height: 48)
        let first = try DemoPictures.jpeg(number: 2, size: size, directory: directory)
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        let file = try #require(files.first)
        // Put another valid picture of the same size in its place: the next call returns it as is.
        let standIn = try ImageEncoder.jpeg(Bitmap(width: 64, height: 48, filledWith: RGBA(r: 1, g: 2, b: 3)), quality: 50)
        try standIn.write(to: file)
        #expect(try DemoPictures.jpeg(number: 2, size: size, directory: directory) == standIn)
        #expect(first != standIn)
        // A damaged file is made again.
        try Data("not a jpeg".utf8).write(to: file)
        #expect(try DemoPictures.jpeg(number: 2, size: size, directory: directory) == first)
    }
}
