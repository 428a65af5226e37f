import CommandOutput
import Foundation
import Testing

@Suite("Text from outside, made safe for a terminal")
struct TerminalSafeTextTests {
    /// The hostile strings seen in the wild: raw ESC sequences, OSC 0 and OSC 52, a screen clear,
    /// a C1 CSI, BEL, CR, BS, DEL and the bidi overrides and isolates.
    static let hostile = [
        "title\u{1B}]0;pwned\u{07}", "copy\u{1B}]52;c;ZXZpbA==\u{07}", "clear\u{1B}[2J", "c1 \u{9B}31m red",
        "bell\u{07}", "over\rwrite", "back\u{08}space", "del\u{7F}", "rtl \u{202E}gnp.exe", "isolate \u{2066}x\u{2069}",
    ]

    static func isTerminalSafe(_ text: String, newlines: Bool) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            (newlines && scalar == "\n") || !TerminalSafeText.isUnsafe(scalar)
        }
    }

    @Test("no control, C1 or bidi scalar survives on one line", arguments: hostile)
    func line(text: String) {
        let safe = TerminalSafeText.line(text)
        #expect(Self.isTerminalSafe(safe, newlines: false))
        #expect(!safe.contains("\n"))
        #expect(safe.unicodeScalars.contains(TerminalSafeText.replacement) || text.contains("\r") == false)
    }

    @Test("the visible words are kept and only the controls are replaced")
    func keepsWords() {
        #expect(TerminalSafeText.line("title\u{1B}]0;pwned\u{07}") == "title\u{FFFD}]0;pwned\u{FFFD}")
        #expect(TerminalSafeText.line("tab\tand\nnewline") == "tab and newline")
        #expect(TerminalSafeText.line("Изображение 🌄 ok") == "Изображение 🌄 ok")
    }

    @Test("over several lines newlines stay and carriage returns go")
    func lines() {
        #expect(TerminalSafeText.lines("one\r\ntwo\u{1B}[2J") == "one\ntwo\u{FFFD}[2J")
    }

    @Test("a JSON line escapes every unsafe scalar and still parses back to the same text", arguments: hostile)
    func json(text: String) throws {
        let line = JSONLine.object([("title", .string(text))])
        #expect(Self.isTerminalSafe(line, newlines: false))
        let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String]
        #expect(parsed?["title"] == text)
    }
}
