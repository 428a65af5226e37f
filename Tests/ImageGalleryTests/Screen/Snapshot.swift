import Foundation
import Testing

/// Screens compared with frames kept as text in `Packages/ImageGallery/ScreenSnapshots/` (outside
/// every target, so the build does not see them as unhandled resources).
///
/// Run with `GALLERY_RECORD_SNAPSHOTS=1` to write the frames after a deliberate change of the
/// screen; look at the files before committing them.
enum Snapshot {
    static let directory = URL(fileURLWithPath: #filePath)   // Tests/ImageGalleryTests/Screen/Snapshot.swift
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Packages/ImageGallery/ScreenSnapshots")

    /// Expects `text` to equal the snapshot `name`; records it instead when asked to.
    static func expect(_ text: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = directory.appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["GALLERY_RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try (text + "\n").write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        let expectedLines = expected.dropLast().components(separatedBy: "\n")
        let actualLines = text.components(separatedBy: "\n")
        #expect(actualLines.count == expectedLines.count, "row count of \(name)", sourceLocation: sourceLocation)
        for (row, (actual, wanted)) in zip(actualLines, expectedLines).enumerated() where actual != wanted {
            Issue.record("\(name) row \(row):\n  got  '\(actual)'\n  want '\(wanted)'", sourceLocation: sourceLocation)
            return
        }
    }
}
