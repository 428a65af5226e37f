import Testing
@testable import TerminalUI

@Suite("Input decoder")
struct InputDecoderTests {
    private func decode(_ chunks: [String]) -> [Event] {
        var decoder = InputDecoder()
        return chunks.flatMap { decoder.decode(Array($0.utf8)) }
    }

    private func decodeBytes(_ chunks: [[UInt8]]) -> [Event] {
        var decoder = InputDecoder()
        return chunks.flatMap { decoder.decode($0) }
    }

    @Test("printable UTF-8 becomes character keys, graphemes kept whole")
    func printable() {
        #expect(decode(["aZ1"]) == [.key(.character("a")), .key(.character("Z")), .key(.character("1"))])
        #expect(decode(["жё中😀"]) == ["ж", "ё", "中", "😀"].map { .key(.character($0)) })
        #expect(decode(["e\u{301}"]) == [.key(.character("e\u{301}"))])
    }

    @Test("a multi-byte character split across reads arrives once, whole")
    func splitCharacter() {
        let bytes = Array("中".utf8)
        #expect(decodeBytes([[bytes[0]], [bytes[1]], [bytes[2]]]) == [.key(.character("中"))])
    }

    @Test("control bytes: Enter, Tab, both Backspaces, Ctrl-letters",
          arguments: [
              ([UInt8(0x0D)], Key.enter), ([0x0A], .enter), ([0x09], .tab), ([0x7F], .backspace),
              ([0x08], .backspace), ([0x01], .control("a")), ([0x03], .control("c")),
              ([0x05], .control("e")), ([0x15], .control("u")), ([0x0B], .control("k")), ([0x17], .control("w")),
          ])
    func controls(bytes: [UInt8], key: Key) {
        #expect(decodeBytes([bytes]) == [.key(key)])
    }

    @Test("navigation keys in their CSI and SS3 forms",
          arguments: [
              ("\u{1b}[A", Key.up), ("\u{1b}[B", .down), ("\u{1b}[C", .right), ("\u{1b}[D", .left),
              ("\u{1b}OA", .up), ("\u{1b}OB", .down), ("\u{1b}OC", .right), ("\u{1b}OD", .left),
              ("\u{1b}[1;5A", .up), ("\u{1b}[5~", .pageUp), ("\u{1b}[6~", .pageDown),
              ("\u{1b}[H", .home), ("\u{1b}[F", .end), ("\u{1b}OH", .home), ("\u{1b}OF", .end),
              ("\u{1b}[1~", .home), ("\u{1b}[4~", .end), ("\u{1b}[7~", .home), ("\u{1b}[8~", .end),
              ("\u{1b}[3~", .delete), ("\u{1b}[Z", .backTab),
          ])
    func navigation(sequence: String, key: Key) {
        #expect(decode([sequence]) == [.key(key)])
    }

    @Test("an escape sequence split at every byte still decodes once")
    func splitSequence() {
        let sequence = Array("\u{1b}[5~x\u{1b}[<0;3;4M".utf8)
        var decoder = InputDecoder()
        var events: [Event] = []
        for byte in sequence { events += decoder.decode([byte]) }
        #expect(events == [.key(.pageUp), .key(.character("x")),
                           .mouse(MouseEvent(kind: .press(.left), column: 2, row: 3))])
        #expect(!decoder.hasPendingInput)
    }

    @Test("a lone Esc waits, then flush gives it")
    func loneEscape() {
        var decoder = InputDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush() == [.key(.escape)])
        #expect(!decoder.hasPendingInput)
        #expect(decoder.decode(Array("[A".utf8)) == [.key(.character("[")), .key(.character("A"))])
    }

    @Test("Esc followed by more Esc or a letter is a lone Esc")
    func escapeThenKey() {
        #expect(decode(["\u{1b}\u{1b}[A"]) == [.key(.escape), .key(.up)])
        #expect(decode(["\u{1b}x"]) == [.key(.escape), .key(.character("x"))])
    }

    @Test("an unfinished CSI is given as Esc and text on flush")
    func unfinishedCSI() {
        var decoder = InputDecoder()
        #expect(decoder.decode(Array("\u{1b}[".utf8)).isEmpty)
        #expect(decoder.flush() == [.key(.escape), .key(.character("["))])
    }

    @Test("SGR mouse: press, release, drag, wheel; 1-based to 0-based",
          arguments: [
              ("\u{1b}[<0;1;1M", MouseEvent(kind: .press(.left), column: 0, row: 0)),
              ("\u{1b}[<2;10;5M", MouseEvent(kind: .press(.right), column: 9, row: 4)),
              ("\u{1b}[<1;10;5M", MouseEvent(kind: .press(.middle), column: 9, row: 4)),
              ("\u{1b}[<0;10;5m", MouseEvent(kind: .release, column: 9, row: 4)),
              ("\u{1b}[<32;11;5M", MouseEvent(kind: .drag(.left), column: 10, row: 4)),
              ("\u{1b}[<64;200;60M", MouseEvent(kind: .wheelUp, column: 199, row: 59)),
              ("\u{1b}[<65;3;2M", MouseEvent(kind: .wheelDown, column: 2, row: 1)),
          ])
    func mouse(sequence: String, expected: MouseEvent) {
        #expect(decode([sequence]) == [.mouse(expected)])
    }

    @Test("bracketed paste arrives as one event, even split across reads and with escapes inside")
    func paste() {
        #expect(decode(["\u{1b}[200~hello\nworld\u{1b}[201~"]) == [.paste("hello\nworld")])
        #expect(decode(["a\u{1b}[20", "0~he", "l\u{1b}[A", "lo\u{1b}[2", "01~b"])
            == [.key(.character("a")), .paste("hel\u{1b}[Alo"), .key(.character("b"))])
    }

    @Test("a paste in progress is not pending input (no Esc timeout cuts it)")
    func pasteNotPending() {
        var decoder = InputDecoder()
        _ = decoder.decode(Array("\u{1b}[200~abc".utf8))
        #expect(!decoder.hasPendingInput)
        #expect(decoder.decode(Array("\u{1b}[201~".utf8)) == [.paste("abc")])
    }

    @Test("unknown sequences are dropped without eating the keys after them")
    func unknownSequences() {
        #expect(decode(["\u{1b}[I\u{1b}[15~q"]) == [.key(.character("q"))])
    }
}
