import Foundation
import TestSupport
import Testing

/// REVIEW.md as the reviewer's checklist, and the set-up a newcomer pastes (issue 32).
@Suite("The reviewer's checklist and the set-up", .serialized)
struct ChecklistTests {
    static let root = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private func run(_ executable: String, _ arguments: [String]) async throws -> ProcessResult {
        let script = Self.root.appendingPathComponent(executable).path
        return try await Subprocess.run(script, arguments, timeout: .seconds(120))
    }

    @Test("REVIEW.md keeps its shape: every seed item once, in order, with a verdict, rows and file short, links true")
    func reviewKeepsItsShape() async throws {
        let lint = try await run(".ci/review", ["--lint"])
        #expect(lint.status == 0, "\(lint.output)\(lint.errorOutput)")
        #expect(lint.output.contains("the shape holds"))
        let size = try FileManager.default.attributesOfItem(atPath: Self.root.appendingPathComponent("REVIEW.md").path)[.size]
        #expect((size as? Int ?? .max) <= 20 * 1024)
    }

    @Test("the checker finds each fault it is there for: a long row, a repeated item, no verdict, a dead path:line")
    func checkerFindsEachFault() async throws {
        let result = try await run(".ci/review", ["--self-test"])
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        #expect(result.output.contains("all hold"))
    }

    @Test("every item the seeds hold is in the kept list, and the seeds kept are the task texts themselves")
    func seedsAreKept() throws {
        let items = try String(contentsOf: Self.root.appendingPathComponent("docs/review/items.tsv"), encoding: .utf8)
        let rows = items.split(separator: "\n").filter { !$0.hasPrefix("#") }
        let bySeed = Dictionary(grouping: rows) { $0.split(separator: "\t")[1] }
        // The numbered requirements and «что доделать» items, the Noveo remarks, the VIPER notes,
        // the lookup task's asks and the Flickr notes: each seed gives its items.
        #expect(bySeed["gallery-task-and-review.txt"]?.count == 31)
        #expect(bySeed["viper-gallery-notes.txt"]?.count == 10)
        #expect(bySeed["phone-lookup-task.md"]?.count == 21)
        #expect(bySeed["flickr-task-notes.md"]?.count == 14)
        let seeds = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("docs/review/seeds").path)
        #expect(Set(seeds) == ["gallery-task-and-review.txt", "viper-gallery-notes.txt", "phone-lookup-task.md",
                               "flickr-task-notes.md"])
    }

    @Test("scripts/setup run again installs nothing and exits 0")
    func setupTwiceInstallsNothing() async throws {
        // CI has run it once already (`.ci/run`), so this is the second time on this machine.
        let result = try await run("scripts/setup", [])
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        #expect(result.output.contains("nothing to do"), "\(result.output)")
        let wrong = try await run("scripts/setup", ["--bogus"])
        #expect(wrong.status == 64)
    }

    @Test("every library the build links and every tool the tests run comes from a package in scripts/setup's list")
    func setupListsWhatBuildAndTestsUse() async throws {
        let listed = Set(try await run("scripts/setup", ["--list"]).output.split(separator: "\n").map(String.init))
        #expect(listed.count > 20)
        // The headers the C shims include: dpkg names the -dev package that ships each one (the C
        // library's and the compiler's own headers are left out).
        let shims = Self.root.appendingPathComponent("Packages/Shared/Sources")
        var headers: Set<String> = []
        for case let path as String in FileManager.default.enumerator(atPath: shims.path) ?? .init()
        where path.split(separator: "/").first?.hasPrefix("C") == true && (path.hasSuffix(".c") || path.hasSuffix(".h")) {
            let text = try String(contentsOf: shims.appendingPathComponent(path), encoding: .utf8)
            headers.formUnion(text.matches(of: /#include <([^>]+)>/).map { String($0.1) })
        }
        var files: [String] = []
        let compilers = ["stdarg.h", "stddef.h", "stdint.h", "stdbool.h", "float.h", "limits.h"]
        for header in headers.sorted() where !compilers.contains(header) {
            let found = ["/usr/include/\(header)", "/usr/include/\(Self.multiarch)/\(header)"]
                .first { FileManager.default.fileExists(atPath: $0) }
            let path = try #require(found, "<\(header)> is not installed")
            let owner = try await Subprocess.run("dpkg", ["-S", path])
            if !owner.output.hasPrefix("libc6-dev:") && !owner.output.hasPrefix("linux-libc-dev:") { files.append(path) }
        }
        #expect(files.count >= 10, "the codec, curl and sixel headers: \(files)")
        files.append("/usr/lib/\(Self.multiarch)/libsqlite3.so")    // GRDB links the system SQLite
        // The tools the end-to-end tests and the reference-decoder tests start.
        for tool in ["tmux", "Xvfb", "xterm", "xwd", "xwdtopnm", "djpeg", "dwebp", "gif2rgb", "avifdec", "img2sixel"] {
            let found = try await Subprocess.run("sh", ["-c", "command -v \(tool)"])
            #expect(found.status == 0, "\(tool) is not installed")
            files.append(found.output.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        for file in files {
            let real = URL(fileURLWithPath: file).resolvingSymlinksInPath().path
            let owner = try await Subprocess.run("dpkg", ["-S", file])
            let ownerOfReal = try await Subprocess.run("dpkg", ["-S", real])
            let packages = (owner.output + ownerOfReal.output).split(separator: "\n")
                .compactMap { $0.split(separator: ":").first.map(String.init) }
            #expect(packages.contains { listed.contains($0) }, "\(file) comes from \(packages), not in scripts/setup")
        }
        // .ci/run installs through the one list, never a list of its own.
        let ci = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.contains("scripts/setup"))
        #expect(!ci.contains("apt-get"))
    }

    static var multiarch: String {
        #if arch(arm64)
        "aarch64-linux-gnu"
        #else
        "x86_64-linux-gnu"
        #endif
    }
}
