import Foundation
import TestSupport
import Testing

/// `gallery --plain | head -1` and the like: when standard output's reader has gone, the commands
/// end as pipeline tools do (by SIGPIPE, quietly), and a full disk is one line and status 74,
/// never Foundation's trap with a backtrace.
@Suite("A closed or full standard output")
struct ClosedOutputTests {
    /// Runs `tool` with its standard output going to a pipe whose reader is already closed.
    static func runIntoClosedPipe(_ tool: String, _ arguments: [String], input: String? = nil) throws -> (Process, String) {
        let path = try #require(builtExecutable(tool), "\(tool) is built next to the tests")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let feed = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : feed
        // Closed before the command writes a byte, so its first write meets EPIPE, every run.
        try output.fileHandleForReading.close()
        try process.run()
        try output.fileHandleForWriting.close()
        if let input {
            try feed.fileHandleForWriting.write(contentsOf: Data(input.utf8))
            try feed.fileHandleForWriting.close()
        }
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process, said)
    }

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("closed-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("gallery --plain into a closed pipe ends by SIGPIPE, with nothing on standard error")
    func galleryClosedPipe() throws {
        let cache = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let (process, said) = try Self.runIntoClosedPipe(
            "gallery", ["--demo", "--demo-port", "0", "--plain", "--cache-dir", cache.path, "--lang", "en"])
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGPIPE)
        #expect(!said.contains("Fatal error") && !said.contains("crashed"), "\(said)")
    }

    @Test("lookup reading numbers into a closed pipe ends by SIGPIPE, without a backtrace")
    func lookupClosedPipe() throws {
        let numbers = String(repeating: "+79161234567\n", count: 50)
        let (process, said) = try Self.runIntoClosedPipe("lookup", ["--lang", "en"], input: numbers)
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGPIPE)
        #expect(!said.contains("Fatal error") && !said.contains("crashed"), "\(said)")
    }

    @Test("gallery --json into a full disk says so in one line and exits 74")
    func galleryFullDisk() throws {
        let path = try #require(builtExecutable("gallery"), "gallery is built next to the tests")
        let cache = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--demo", "--demo-port", "0", "--json", "--cache-dir", cache.path, "--lang", "en"]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 74)
        #expect(said == "gallery: cannot write to standard output: No space left on device\n", "\(said)")
    }
}
