import Testing
@testable import TerminalUI

@Suite("Display width and frames")
struct FrameTests {
    @Test("display width: ASCII 1, CJK and emoji 2, combining marks 0",
          arguments: [
              ("abc", 3), ("中文", 4), ("한국", 4), ("😀", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇷🇺", 2),
              ("e\u{301}", 1), ("\u{301}", 0), ("ｱ", 1), ("Ａ", 2), ("❤️", 2), ("\t", 0), ("Привет", 6), ("", 0),
          ])
    func width(text: String, expected: Int) {
        #expect(displayWidth(of: text) == expected)
    }

    @Test("put lays text out by display width and returns the columns used")
    func putWide() {
        var frame = Frame(size: TerminalSize(columns: 8, rows: 1))
        #expect(frame.put("a中b", column: 1, row: 0) == 4)
        #expect(frame.plainText() == " a中b")
        #expect(frame[2, 0].grapheme == "中")
        #expect(frame[3, 0].isContinuation)
    }

    @Test("a wide character that does not fit becomes a space")
    func wideAtEdge() {
        var frame = Frame(size: TerminalSize(columns: 4, rows: 1))
        #expect(frame.put("ab中", column: 1, row: 0) == 3)
        #expect(frame[3, 0].grapheme == " ")
        var limited = Frame(size: TerminalSize(columns: 10, rows: 1))
        limited.put("x中中", column: 0, row: 0, maxWidth: 4)
        #expect(limited.plainText() == "x中")
    }

    @Test("ellipsis truncation ends in … within the width")
    func ellipsis() {
        var frame = Frame(size: TerminalSize(columns: 10, rows: 1))
        frame.put("Strawberry jam", column: 0, row: 0, maxWidth: 6, truncation: .ellipsis)
        #expect(frame.plainText() == "Straw…")
        #expect(TextLayout.truncate("中文字", toWidth: 4) == "中…")
    }

    @Test("overwriting half of a wide character blanks the other half")
    func overwriteHalf() {
        var frame = Frame(size: TerminalSize(columns: 4, rows: 1))
        frame.put("中中", column: 0, row: 0)
        frame.put("x", column: 1, row: 0)
        #expect(frame.plainText() == " x中")
        frame.put("y", column: 2, row: 0)
        #expect(frame.plainText() == " xy")
    }

    @Test("plainText trims trailing spaces and joins rows with newlines")
    func plainText() {
        var frame = Frame(size: TerminalSize(columns: 5, rows: 3))
        frame.put("hi", column: 0, row: 0)
        frame.put("yo", column: 3, row: 2)
        #expect(frame.plainText() == "hi\n\n   yo")
    }

    @Test("wrap breaks at spaces and splits words longer than the width")
    func wrap() {
        #expect(TextLayout.wrap("the quick brown fox", width: 10) == ["the quick", "brown fox"])
        #expect(TextLayout.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextLayout.wrap("a\nb", width: 4) == ["a", "b"])
    }

    @Test("rectangles that do not meet overlap in an empty rectangle, and filling one draws nothing")
    func disjointRectangles() {
        let left = Rect(column: 0, row: 0, width: 3, height: 3)
        let right = Rect(column: 10, row: 5, width: 3, height: 3)
        let overlap = left.intersection(right)
        #expect(overlap.isEmpty)
        #expect(overlap.width == 0 && overlap.height == 0)
        #expect(!left.intersection(Rect(column: 2, row: 2, width: 5, height: 5)).isEmpty)
        var frame = Frame(size: TerminalSize(columns: 5, rows: 3))
        frame.fill(Rect(column: 7, row: 4, width: 2, height: 2), with: "x")
        #expect(frame.plainText() == "\n\n")
    }

    @Test("box drawing and fill")
    func box() {
        var frame = Frame(size: TerminalSize(columns: 5, rows: 3))
        frame.drawBox(frame.bounds)
        #expect(frame.plainText() == "┌───┐\n│   │\n└───┘")
    }
}
