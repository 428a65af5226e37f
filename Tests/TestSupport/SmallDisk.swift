import Foundation

/// A small tmpfs of its own: a disk that really fills, and one that is really read-only (root
/// writes through permission bits, so only a read-only mount stops it). nil where this process
/// may not mount.
public final class SmallDisk {
    public let url: URL

    public init?(kilobytes: Int, readOnly: Bool = false) {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("small-disk-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let options = (readOnly ? "ro," : "") + "size=\(kilobytes)k"
        guard Self.mount(["-t", "tmpfs", "-o", options, "tmpfs", url.path]) else {
            try? FileManager.default.removeItem(at: url)
            return nil
        }
    }

    /// Makes the mounted disk read-only.
    public func makeReadOnly() -> Bool { Self.mount(["-o", "remount,ro", url.path]) }

    /// Makes it writable again.
    public func makeWritable() -> Bool { Self.mount(["-o", "remount,rw", url.path]) }

    deinit {
        _ = Self.succeeds("/bin/umount", ["-l", url.path])
        try? FileManager.default.removeItem(at: url)
    }

    /// True where this process may mount (root, outside a locked-down container).
    public static let isAvailable: Bool = SmallDisk(kilobytes: 64) != nil

    private static func mount(_ arguments: [String]) -> Bool { succeeds("/bin/mount", arguments) }

    private static func succeeds(_ tool: String, _ arguments: [String]) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: tool) else { return false }
        return (try? Subprocess.runAndWait(tool, arguments)) == 0
    }
}
