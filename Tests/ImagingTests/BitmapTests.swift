import Testing
@testable import Imaging

@Suite("Resizing")
struct ResizeTests {
    static let black = RGBA(r: 0, g: 0, b: 0)
    static let white = RGBA(r: 255, g: 255, b: 255)

    @Test("a box-filtered checkerboard halves to mid gray")
    func checkerboard() {
        var board = Bitmap(width: 4, height: 4, filledWith: Self.black)
        for y in 0..<4 { for x in 0..<4 where (x + y) % 2 == 0 { board[x: x, y: y] = Self.white } }
        let half = board.resized(to: PixelSize(width: 2, height: 2), filter: .box)
        #expect(half == Bitmap(width: 2, height: 2, filledWith: RGBA(r: 128, g: 128, b: 128)))
    }

    @Test("box-filtered quadrants keep their exact colours")
    func quadrants() {
        let colours = [RGBA(r: 255, g: 0, b: 0), RGBA(r: 0, g: 255, b: 0), RGBA(r: 0, g: 0, b: 255), RGBA(r: 9, g: 99, b: 199)]
        var source = Bitmap(width: 6, height: 6, filledWith: Self.black)
        for (index, colour) in colours.enumerated() {
            source.fill(x: index % 2 * 3, y: index / 2 * 3, width: 3, height: 3, color: colour)
        }
        let small = source.resized(to: PixelSize(width: 2, height: 2), filter: .box)
        #expect(small.pixels == colours.flatMap { [$0.r, $0.g, $0.b, $0.a] })
    }

    @Test("a box filter over a fractional scale weighs partial pixels by their coverage")
    func fractionalBox() {
        // 3 -> 2: output 0 covers pixel 0 and half of pixel 1; output 1 the other half and pixel 2.
        var source = Bitmap(width: 3, height: 1, filledWith: Self.black)
        source[x: 1, y: 0] = RGBA(r: 150, g: 150, b: 150)
        source[x: 2, y: 0] = RGBA(r: 255, g: 255, b: 255)
        let result = source.resized(to: PixelSize(width: 2, height: 1), filter: .box)
        #expect(result[x: 0, y: 0] == RGBA(r: 50, g: 50, b: 50))
        #expect(result[x: 1, y: 0] == RGBA(r: 220, g: 220, b: 220))
    }

    @Test("bilinear enlargement interpolates between pixel centres and clamps at the edges")
    func bilinear() {
        var source = Bitmap(width: 2, height: 1, filledWith: Self.black)
        source[x: 1, y: 0] = Self.white
        let wide = source.resized(to: PixelSize(width: 4, height: 1), filter: .bilinear)
        #expect((0..<4).map { wide[x: $0, y: 0].r } == [0, 64, 191, 255])
        let tall = source.resized(to: PixelSize(width: 2, height: 3))
        #expect((0..<3).allSatisfy { tall[x: 0, y: $0] == Self.black && tall[x: 1, y: $0] == Self.white })
    }

    @Test("averaging weighs colour by alpha, so a transparent neighbour does not tint")
    func premultiplied() {
        var source = Bitmap(width: 2, height: 1, filledWith: RGBA(r: 255, g: 0, b: 0))
        source[x: 1, y: 0] = RGBA(r: 0, g: 0, b: 255, a: 0)
        let merged = source.resized(to: PixelSize(width: 1, height: 1), filter: .box)
        #expect(merged[x: 0, y: 0] == RGBA(r: 255, g: 0, b: 0, a: 128))
    }

    @Test("resizing to the same size returns the picture unchanged")
    func identity() {
        let photo = Fixtures.photo(width: 17, height: 9, alpha: true)
        #expect(photo.resized(to: photo.size, filter: .bilinear) == photo)
    }

    @Test("fitted(into:) keeps the shape and fills the limiting side", arguments: [
        (PixelSize(width: 400, height: 300), PixelSize(width: 80, height: 80), PixelSize(width: 80, height: 60)),
        (PixelSize(width: 300, height: 400), PixelSize(width: 80, height: 80), PixelSize(width: 60, height: 80)),
        (PixelSize(width: 40, height: 30), PixelSize(width: 80, height: 90), PixelSize(width: 80, height: 60)),
        (PixelSize(width: 1000, height: 1), PixelSize(width: 10, height: 10), PixelSize(width: 10, height: 1)),
    ])
    func fitted(source: PixelSize, bounds: PixelSize, expected: PixelSize) {
        let bitmap = Bitmap(width: source.width, height: source.height, filledWith: Self.white)
        let fitted = bitmap.fitted(into: bounds)
        #expect(fitted.size == expected)
        #expect(fitted == Bitmap(width: expected.width, height: expected.height, filledWith: Self.white))
    }
}

@Suite("Drawing")
struct DrawingTests {
    static let ink = RGBA(r: 255, g: 200, b: 0)
    static let paper = RGBA(r: 0, g: 0, b: 0)

    @Test("fill paints the rectangle and clips at the edges")
    func fill() {
        var bitmap = Bitmap(width: 4, height: 3, filledWith: Self.paper)
        bitmap.fill(PixelRect(x: 2, y: -1, width: 10, height: 2), color: Self.ink)
        let painted = (0..<3).flatMap { y in (0..<4).map { x in bitmap[x: x, y: y] == Self.ink ? 1 : 0 } }
        #expect(painted == [0, 0, 1, 1,
                            0, 0, 0, 0,
                            0, 0, 0, 0])
    }

    @Test("drawText draws the 5x7 glyph of A dot for dot")
    func letterA() {
        var bitmap = Bitmap(width: 7, height: 9, filledWith: Self.paper)
        bitmap.drawText("A", x: 1, y: 1, color: Self.ink)
        let rows = (0..<9).map { y in String((0..<7).map { x in bitmap[x: x, y: y] == Self.ink ? "#" : "." }) }
        #expect(rows == [".......",
                         "..###..",
                         ".#...#.",
                         ".#...#.",
                         ".#...#.",
                         ".#####.",
                         ".#...#.",
                         ".#...#.",
                         "......."])
    }

    @Test("drawText scales, stays inside the rectangle it returns, and reads lowercase as capitals")
    func scaledText() {
        var bitmap = Bitmap(width: 120, height: 40, filledWith: Self.paper)
        let rect = bitmap.drawText("photo 42", x: 3, y: 4, scale: 2, color: Self.ink)
        #expect(rect == PixelRect(x: 3, y: 4, width: (8 * 6 - 1) * 2, height: 14))
        var inside = 0
        for y in 0..<40 {
            for x in 0..<120 where bitmap[x: x, y: y] == Self.ink {
                inside += 1
                #expect(x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height)
            }
        }
        #expect(inside > 100)
        var capitals = Bitmap(width: 120, height: 40, filledWith: Self.paper)
        capitals.drawText("PHOTO 42", x: 3, y: 4, scale: 2, color: Self.ink)
        #expect(capitals == bitmap)
    }

    @Test("text off the edge is clipped, and unknown characters draw as a question mark")
    func clippingAndUnknown() {
        var bitmap = Bitmap(width: 5, height: 5, filledWith: Self.paper)
        bitmap.drawText("W", x: 2, y: -3, scale: 1, color: Self.ink)
        #expect(bitmap[x: 2, y: 0] == Self.ink)
        var unknown = Bitmap(width: 6, height: 8, filledWith: Self.paper)
        unknown.drawText("\u{2603}", x: 0, y: 0, color: Self.ink)
        var question = Bitmap(width: 6, height: 8, filledWith: Self.paper)
        question.drawText("?", x: 0, y: 0, color: Self.ink)
        #expect(unknown == question)
        #expect(Bitmap.textSize("AB\nC", scale: 3) == PixelSize(width: 33, height: 45))
    }
}
