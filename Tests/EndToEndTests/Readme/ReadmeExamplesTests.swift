import Foundation
import TestSupport
import Testing

/// Every command a README shows in a fenced `sh` block is run, in a terminal, against this build:
/// a wrong example fails `swift test` (issue 28).
@Suite("README examples", .serialized)
struct ReadmeExamplesTests {
    /// The repository this file is in.
    static let root = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every README.md of the repository (not of its dependencies or build folders), root first.
    static func readmes() throws -> [String] {
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return files.filter { path in
            (path as NSString).lastPathComponent == "README.md"
                && !path.split(separator: "/").contains { $0.hasPrefix(".") }
        }.sorted { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }
    }

    static func commands() throws -> [ReadmeCommand] {
        try readmes().flatMap { file in
            ReadmeCommand.commands(
                in: try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8), file: file)
        }
    }

    static func runner() throws -> ReadmeRunner {
        let gallery = try #require(builtExecutable("gallery"), "gallery is built next to the tests")
        return try ReadmeRunner(root: root, binaries: URL(fileURLWithPath: gallery).deletingLastPathComponent())
    }

    @Test("every command in every README's sh blocks runs and exits 0, but for those marked as needing what is not here")
    func everyCommandRuns() async throws {
        let commands = try Self.commands()
        #expect(commands.count > 15, "the READMEs' sh blocks were read: \(commands.count) commands")
        #expect(commands.contains { $0.file == "Examples/README.md" })
        let runner = try Self.runner()
        var block: (String, Int)?
        var fullScreen = 0, servers = 0, ran = 0
        for command in commands {
            if let needs = command.needs {
                #expect(ReadmeCommand.markers.contains(needs), "\(command): unknown marker '# needs: \(needs)'")
                if needs == "a build" {
                    #expect(!["gallery", "lookup", "flickr"].contains(command.swiftRunTarget ?? ""),
                            "\(command): an example of a command is no build")
                }
                continue
            }
            if let open = block, open != (command.file, command.block) { expectServersServed(runner) }
            block = (command.file, command.block)
            let outcome = try await runner.run(command)
            ran += 1
            guard !outcome.server else {
                servers += 1
                continue
            }
            if outcome.fullScreen { fullScreen += 1 }
            #expect(outcome.status == 0, """
                \(command) exited \(outcome.status.map(String.init) ?? "only when killed")\
                \(outcome.fullScreen ? " after q" : ""); its terminal showed:
                \(outcome.screen)
                """)
        }
        expectServersServed(runner)
        // The three apps' demos went full-screen and quit on q; each `lookup serve` served the lines after it.
        #expect(fullScreen >= 5 && servers >= 1 && ran >= 25, "ran \(ran): \(fullScreen) full-screen, \(servers) servers")
        for file in ["Packages/ImageGallery/README.md", "Packages/PhoneLookup/README.md", "Packages/FlickrFeed/README.md"] {
            #expect(commands.contains { $0.file == file && $0.needs == nil }, "\(file)'s examples are run")
        }
    }

    private func expectServersServed(_ runner: ReadmeRunner) {
        for (server, alive) in runner.stopServers() {
            #expect(alive, "\(server) stopped before the lines after it had run")
        }
    }

    @Test("every fenced block of every README names its language, so no shell block escapes the runner")
    func everyFenceNamesItsLanguage() throws {
        var bare: [String] = []
        for file in try Self.readmes() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            var open = false
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.hasPrefix("```") {
                if !open && line == "```" { bare.append("\(file):\(number + 1)") }
                open.toggle()
            }
        }
        #expect(bare.isEmpty, "fences without a language (sh, text, swift, http…): \(bare)")
    }

    @Test("a wrong example fails the runner: a number the numbering plan refuses exits 65")
    func wrongExampleFails() async throws {
        let runner = try Self.runner()
        let wrong = ReadmeCommand(
            file: "README.md", line: 1, block: 0, text: "swift run lookup search --country KY 3455551234", setup: [])
        let outcome = try await runner.run(wrong)
        #expect(outcome.status == 65)
        let full = ReadmeCommand(file: "README.md", line: 1, block: 0, text: "swift run lookup --demo", setup: [])
        let screen = try await runner.run(full)
        #expect(screen.fullScreen && screen.status == 0, "lookup --demo went full-screen and quit: \(screen.screen)")
    }

    @Test("commands are read from sh blocks only, continuation lines joined, markers per line or per block")
    func parsing() {
        let markdown = """
            ```sh
            cd Examples
            swift run gallery --demo \\
                --json                # one line
            swift run gallery         # needs: internet
            ```

            ```swift
            let notACommand = 1
            ```

            ```sh
            # needs: a build
            swift build
            ```
            """
        let commands = ReadmeCommand.commands(in: markdown, file: "X.md")
        #expect(commands.map(\.text) == [
            "cd Examples", "swift run gallery --demo --json                # one line",
            "swift run gallery         # needs: internet", "swift build",
        ])
        #expect(commands.map(\.needs) == [nil, nil, "internet", "a build"])
        #expect(commands.map(\.line) == [2, 3, 5, 14])
        #expect(commands[1].setup == ["cd Examples"])
        #expect(commands[1].swiftRunTarget == "gallery")
        #expect(commands.map(\.block) == [0, 0, 0, 1])
    }
}
