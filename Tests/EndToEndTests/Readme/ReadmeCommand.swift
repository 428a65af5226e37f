import Foundation

/// One command shown in a README's fenced `sh` block, with what the README says it needs.
///
/// A line ending in `# needs: internet` (or a block whose first line is that comment) is one the
/// README runner cannot run on a machine with no network; `# needs: a display` wants an X server,
/// and `# needs: a build` marks the workbench's own SwiftPM builds and test runs (CI runs those in
/// `.ci/run`; inside `swift test` they would wait on the build folder's lock). Every other line runs.
struct ReadmeCommand: Sendable, CustomStringConvertible {
    /// The README, relative to the repository root.
    var file: String
    /// The first line of the command in that file, counted from 1.
    var line: Int
    /// Which `sh` block of the file it is in, counted from 0: a server one line starts serves the
    /// lines after it in the same block.
    var block: Int
    /// The command as written, continuation lines joined.
    var text: String
    /// Lines before it in the same block that change the shell (`cd`, `export`), replayed first.
    var setup: [String]
    /// What the README marks the line as needing, when it cannot run here.
    var needs: String?

    var description: String { "\(file):\(line): \(text)" }

    /// The markers a README puts on a line the runner must not run, by what the line needs.
    static let markers = ["internet", "a display", "a build", "libphonenumber's sources"]

    /// What `text` is marked as needing (the first `# needs: ` comment in it), if anything.
    static func marker(in text: String) -> String? {
        guard let range = text.range(of: "# needs: ") else { return nil }
        let rest = text[range.upperBound...]
        return markers.first { rest.hasPrefix($0) } ?? String(rest.prefix { $0 != " " })
    }

    /// Every command in `markdown`'s ```` ```sh ```` blocks, in order.
    static func commands(in markdown: String, file: String) -> [ReadmeCommand] {
        var commands: [ReadmeCommand] = []
        var inBlock = false
        var blockNeeds: String?
        var commandsInBlock = 0
        var block = -1
        var setup: [String] = []
        var pending: (line: Int, text: String)?
        for (index, raw) in markdown.components(separatedBy: "\n").enumerated() {
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if !inBlock {
                if trimmed == "```sh" {
                    inBlock = true
                    block += 1
                    blockNeeds = nil
                    commandsInBlock = 0
                    setup = []
                }
                continue
            }
            if trimmed.hasPrefix("```") {
                inBlock = false
                continue
            }
            if var open = pending {
                open.text += " " + trimmed
                pending = open
            } else {
                guard !trimmed.isEmpty else { continue }
                if trimmed.hasPrefix("#") {
                    // A comment line: the block's marker when it comes before any command, else prose.
                    if commandsInBlock == 0, trimmed.hasPrefix("# needs: ") { blockNeeds = marker(in: trimmed) }
                    continue
                }
                pending = (index + 1, trimmed)
            }
            guard let open = pending else { continue }
            if open.text.hasSuffix("\\") {
                pending = (open.line, String(open.text.dropLast()).trimmingCharacters(in: .whitespaces))
                continue
            }
            pending = nil
            commandsInBlock += 1
            let needs = blockNeeds ?? marker(in: open.text)
            commands.append(ReadmeCommand(file: file, line: open.line, block: block, text: open.text, setup: setup, needs: needs))
            if open.text.hasPrefix("cd ") || open.text.hasPrefix("export ") { setup.append(open.text) }
        }
        return commands
    }

    /// The program the command runs through `swift run`, if it does.
    var swiftRunTarget: String? {
        let words = text.split(separator: " ").map(String.init)
        guard let run = words.firstIndex(of: "run"), run > 0, words[run - 1] == "swift", run + 1 < words.count else {
            return nil
        }
        return words[run + 1]
    }
}
