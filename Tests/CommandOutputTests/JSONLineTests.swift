import CommandOutput
import Foundation
import Testing

@Suite("JSON lines")
struct JSONLineTests {
    @Test("keys keep the order they are given in")
    func order() {
        let line = JSONLine.object([("event", .string("item")), ("index", .int(1)), ("ok", .bool(true)), ("a", .int(-2))])
        #expect(line == #"{"event":"item","index":1,"ok":true,"a":-2}"#)
    }

    @Test("strings are escaped so the line parses back to the same text", arguments: [
        "plain", "quote \" and backslash \\", "new\nline\ttab\r", "control \u{1} \u{1f}", "Изображение 🌄", "sep \u{2028}",
    ])
    func escaping(text: String) throws {
        let line = JSONLine.object([("message", .string(text))])
        #expect(!line.contains("\n"))
        let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String]
        #expect(parsed?["message"] == text)
    }
}
