import Foundation
import TestSupport
import Testing

/// Drives the real `lookup --demo` in a private tmux server, as a person would.
@Suite("lookup in tmux, end to end")
struct TmuxEndToEndTests {
    @Test("open the picker, filter, pick, type a number, search, see the results, Continue")
    func wholeStory() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("lookup-tmux-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let tmux = try await TmuxSession(columns: 80, rows: 24)
        defer { tmux.stop() }
        try await tmux.start(
            [try lookupExecutable().path, "--demo", "--cache-dir", cache.path],
            environment: ["LANG": "en_US.UTF-8", "TERM": "xterm-256color"]
        )

        #expect(try await screen(tmux, showing: "e.g. (201) 555-0123", "[ +1 ]").contains("[ Search ]"))
        try await tmux.send("BTab")
        try await tmux.send("Enter")
        #expect(try await screen(tmux, showing: "Select Country").contains("Filter:"))
        try await tmux.type("cay")
        let picker = try await screen(tmux, showing: "Filter: cay", "Cayman Islands")
        #expect(picker.contains("+1 345"))   // the code as the button and the result tell it
        #expect(!picker.contains("+345"))
        try await tmux.send("Enter")
        #expect(try await screen(tmux, showing: "[ +1 345 ]").contains("e.g. (345) 323-1234"))
        try await tmux.type("9161234")
        #expect(try await screen(tmux, showing: "[ +1 345 ] 916-1234").contains("[ Search ]"))
        try await tmux.send("Enter")
        // The button is below the rows: waiting for it waits for the whole frame.
        let results = try await screen(tmux, showing: "Search results for number:", "+13459161234", "[ Continue ]")
        #expect(results.contains("Cayman Islands"))
        try await tmux.send("Enter")
        let back = try await screen(tmux, showing: "[ +1 345 ] 916-1234")
        #expect(!back.contains("Search results"))
        try await tmux.send("C-c")
        try await tmux.expectRestored()
    }

    @Test("at 80x24: Russia selected, 112 searched shows the emergency answer; a New York number says how Russia dials it")
    func emergencyAndDialFrom() async throws {
        let (tmux, cache) = try await Self.started(["--demo"], language: "en_US.UTF-8")
        defer { tmux.stop(); try? FileManager.default.removeItem(at: cache) }
        _ = try await screen(tmux, showing: "[ +1 ]", "[ Search ]")
        try await tmux.send("BTab")
        try await tmux.send("Enter")
        // The picker opens once the countries are in; keys typed before that go nowhere.
        _ = try await screen(tmux, showing: "Select Country", "Filter:")
        try await tmux.type("russ")
        _ = try await screen(tmux, showing: "Filter: russ", "Russia")
        try await tmux.send("Enter")
        _ = try await screen(tmux, showing: "[ +7 ]")
        try await tmux.type("112")
        try await tmux.send("Enter")
        // The rows arrive one by one: the dialling row comes after the one that names the number.
        let emergency = try await screen(tmux, showing: "Search results for number:", "Emergency number in Russia",
                                         "Dial: 112 (within the country, without a code)")
        #expect(!emergency.contains("+7112"))
        try await tmux.send("Enter")
        _ = try await screen(tmux, showing: "[ +7 ] 112")
        try await tmux.send("BSpace", "BSpace", "BSpace")
        try await tmux.type("+12125550123")
        try await tmux.send("Enter")
        // The rows arrive one by one: wait for the last one this test reads, not just the first.
        let american = try await screen(tmux, showing: "+12125550123", "Dialled from Russia: 8~10 1 212-555-0123")
        #expect(american.contains("Place: New York, NY"))
        try await tmux.send("C-c")
        try await tmux.expectRestored()
    }

    @Test("at 80x24 with --lang ru: a Moscow number shows its place in Russian and how the US dials it")
    func russianPlace() async throws {
        let (tmux, cache) = try await Self.started(["--demo", "--lang", "ru"], language: "en_US.UTF-8")
        defer { tmux.stop(); try? FileManager.default.removeItem(at: cache) }
        _ = try await screen(tmux, showing: "[ +1 ]", "[ Поиск ]")
        try await tmux.type("+74951234567")
        try await tmux.send("Enter")
        let results = try await screen(tmux, showing: "Результаты поиска для номера:",
                                       "Набор из-за рубежа (Соединенные Штаты Америки): 011 7 495 123-45-67")
        #expect(results.contains("Россия"))
        #expect(results.contains("Место: Московская обл."))
        try await tmux.send("C-c")
        try await tmux.expectRestored()
    }

    /// `lookup` with `arguments` in a private 80x24 tmux server, with a cache of its own.
    private static func started(_ arguments: [String], language: String) async throws -> (TmuxSession, URL) {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("lookup-tmux-\(UUID().uuidString)")
        let tmux = try await TmuxSession(columns: 80, rows: 24)
        do {
            try await tmux.start([try lookupExecutable().path] + arguments + ["--cache-dir", cache.path],
                                 environment: ["LANG": language, "TERM": "xterm-256color"])
        } catch {
            tmux.stop()
            throw error
        }
        return (tmux, cache)
    }

    /// The screen once it shows every one of `texts`.
    private func screen(_ tmux: TmuxSession, showing texts: String...) async throws -> String {
        try await tmux.waitFor("\(texts)") { pane in texts.allSatisfy(pane.contains) }
    }
}
