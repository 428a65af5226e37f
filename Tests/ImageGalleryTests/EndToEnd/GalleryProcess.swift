import DemoServer
import Foundation
import TestSupport

/// Runs the built `gallery` executable, as a person or a script would.
enum GalleryProcess {
    /// The `gallery` binary beside the test bundle in the build directory.
    static var executable: String { builtExecutable("gallery") ?? ".build/debug/gallery" }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    /// Runs `gallery arguments` to the end with its output in files (so never full-screen).
    static func run(_ arguments: [String]) async throws -> Result {
        let result = try await Subprocess.run(executable, arguments, timeout: .seconds(60))
        return Result(status: result.status, stdout: result.output, stderr: result.errorOutput)
    }

    /// A TCP port nobody listens on right now (the OS picks it; the same port serves two runs).
    static func freePort() async throws -> Int {
        let probe = DemoServer(port: 0)
        let url = try await probe.start()
        await probe.stop()
        return url.port ?? 0
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-e2e-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Decodes one JSON line into a dictionary.
    static func object(_ line: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }
}
