import Foundation
import Testing

/// `lookup scan` as a person runs it: a file, standard input, `--json`, `--lang ru`, a bad file.
@Suite("lookup scan on the command line")
struct ScanCommandTests {
    static let text = "Call +1 425 882-8080 or 8 (495) 123-45-67 before 12/31/2025, price $1234567.\n"

    /// A file holding `text`, removed by the caller.
    static func file(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test("a file: one line per number with its place, the text as written, international and E.164")
    func fromFile() async throws {
        let url = try Self.file(Self.text)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try await runLookup(["scan", url.path, "--country", "RU"])
        #expect(result.status == 0)
        #expect(result.out == """
            characters 5–20: +1 425 882-8080 → +1 425-882-8080 (+14258828080)
            characters 24–41: 8 (495) 123-45-67 → +7 495 123-45-67 (+74951234567)

            """)
    }

    @Test("standard input with - or no file; --json prints one {start, end, raw, e164} object per number")
    func standardInputJSON() async throws {
        let dash = try await runLookup(["scan", "-", "--country", "RU", "--json"], input: Self.text)
        let none = try await runLookup(["scan", "--country", "RU", "--json"], input: Self.text)
        #expect(dash.status == 0 && dash.out == none.out)
        let lines = dash.out.split(separator: "\n").map(String.init)
        #expect(lines == [
            #"{"start":5,"end":20,"raw":"+1 425 882-8080","e164":"+14258828080"}"#,
            #"{"start":24,"end":41,"raw":"8 (495) 123-45-67","e164":"+74951234567"}"#,
        ])
    }

    @Test("--lang ru labels the lines in Russian; a text without numbers says so and still succeeds")
    func russianAndEmpty() async throws {
        let russian = try await runLookup(["scan", "--country", "US", "--lang", "ru"], input: "text 650 253 0000")
        #expect(russian.out == "символы 5–17: 650 253 0000 → +1 650-253-0000 (+16502530000)\n")
        let empty = try await runLookup(["scan", "--country", "US"], input: "12/31/2025 and 99%")
        #expect(empty.status == 0 && empty.out.isEmpty && empty.err.contains("no phone numbers found"))
    }

    @Test("a missing file is a clear error in English and Russian, exit 66; a bad --country is a usage error")
    func badFile() async throws {
        let missing = try await runLookup(["scan", "/nonexistent/notes.txt"])
        #expect(missing.status == 66 && missing.err.contains("Cannot read /nonexistent/notes.txt: no such file"))
        let russian = try await runLookup(["scan", "/nonexistent/notes.txt", "--lang", "ru"])
        #expect(russian.status == 66 && russian.err.contains("Не удаётся прочитать /nonexistent/notes.txt: нет такого файла"))
        let json = try await runLookup(["scan", "/nonexistent/notes.txt", "--json"])
        #expect(json.status == 66 && json.out.hasPrefix(#"{"error":"unreadableFile","reason":"#))
        let folder = try await runLookup(["scan", FileManager.default.temporaryDirectory.path])
        #expect(folder.status == 66 && folder.err.contains("it is a folder"))
        let usage = try await runLookup(["scan", "--country", "Russia"], input: "")
        #expect(usage.status == 64)
    }
}
