import Foundation
import Logging
import Locking
import Testing
@testable import Caching

/// A fresh directory under the system temporary directory, removed by `remove()`.
struct TemporaryDirectory: ~Copyable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("caching-tests-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var cache: URL { url.appendingPathComponent("cache", isDirectory: true) }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Which file-system call a ``FaultyFileStore`` makes fail.
enum FaultPoint: String, Sendable, CaseIterable {
    case write, rename
}

/// The production file store with failures switched on and off by the test: `errno` values as a
/// full disk (ENOSPC) or a read-only mount (EROFS) would return them.
final class FaultyFileStore: FileStoring {
    private let real = POSIXFileStore()
    private let fault = LockedValue<(point: FaultPoint, code: Int32)?>(nil)
    /// Temporary files written so far, to check that failures leave none behind.
    let temporaryWrites = LockedValue<[String]>([])

    func fail(_ point: FaultPoint, with code: Int32) { fault.withLock { $0 = (point, code) } }
    func heal() { fault.withLock { $0 = nil } }

    private func failure(at point: FaultPoint, path: String) -> FileSystemFailure? {
        guard let (faultPoint, code) = fault.withLock({ $0 }), faultPoint == point else { return nil }
        return FileSystemFailure(operation: point.rawValue, path: path, code: code)
    }

    func createDirectory(at path: String) throws(FileSystemFailure) { try real.createDirectory(at: path) }

    func writeNewFile(_ head: Data, then body: Data, at path: String, synchronously: Bool) throws(FileSystemFailure) {
        temporaryWrites.withLock { $0.append(path) }
        if let failure = failure(at: .write, path: path) {
            // A full disk typically fails part-way: leave a partial file as the kernel would.
            let whole = head + body
            try real.writeNewFile(whole.prefix(whole.count / 2), then: Data(), at: path, synchronously: false)
            throw failure
        }
        try real.writeNewFile(head, then: body, at: path, synchronously: synchronously)
    }

    func moveItem(at source: String, replacing destination: String) throws(FileSystemFailure) {
        if let failure = failure(at: .rename, path: destination) { throw failure }
        try real.moveItem(at: source, replacing: destination)
    }

    func readFile(at path: String, headLength: Int, bodyLength: Int) throws(FileSystemFailure) -> (head: Data, body: Data)? {
        try real.readFile(at: path, headLength: headLength, bodyLength: bodyLength)
    }
    func readPrefix(of path: String, count: Int) throws(FileSystemFailure) -> (bytes: Data, fileSize: Int) {
        try real.readPrefix(of: path, count: count)
    }
    func removeFile(at path: String) throws(FileSystemFailure) { try real.removeFile(at: path) }
    func contentsOfDirectory(at directory: String) throws(FileSystemFailure) -> [DirectoryEntry] {
        try real.contentsOfDirectory(at: directory)
    }
    func synchronizeDirectory(at path: String) { real.synchronizeDirectory(at: path) }
}

/// Keeps every log line so a test can check that something was reported.
final class LogRecorder: Sendable {
    let lines = LockedValue<[String]>([])

    var logger: Logger {
        Logger(label: "test") { _ in RecordingHandler(recorder: self) }
    }

    func contains(_ fragment: String) -> Bool {
        lines.withLock { $0.contains { $0.contains(fragment) } }
    }
}

struct RecordingHandler: LogHandler {
    let recorder: LogRecorder
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        recorder.lines.withLock { $0.append("\(event.level) \(event.message)") }
    }
}

extension Data {
    /// `count` bytes that differ from one `seed` to the next.
    static func sample(_ count: Int, seed: UInt8 = 0) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed) &* 7) })
    }
}

/// Tuned for tests: no fsync, and every read counts for eviction (an access resolution of 0)
/// unless `accessResolution` says otherwise.
func makeCache(
    at directory: URL,
    sizeLimit: Int = 1 << 20,
    files: any FileStoring = POSIXFileStore(),
    logger: Logger = Logger(label: "test"),
    staleAfter: TimeInterval = 600,
    accessResolution: Int64 = 0
) throws -> DiskCache {
    var options = DiskCache.Options()
    options.staleTemporaryFileAge = staleAfter
    options.busyTimeout = 10
    options.accessResolution = accessResolution
    return try DiskCache(directory: directory, sizeLimit: sizeLimit, logger: logger, files: files, options: options)
}

/// Opens the cache in `directory` and lets its background maintenance finish.
func openSettled(
    at directory: URL, sizeLimit: Int = 1 << 20, logger: Logger = Logger(label: "test"), staleAfter: TimeInterval = 600
) throws -> DiskCache {
    let cache = try makeCache(at: directory, sizeLimit: sizeLimit, logger: logger, staleAfter: staleAfter)
    cache.waitForMaintenance()
    return cache
}

func indexPath(in directory: URL) -> String {
    directory.appendingPathComponent("index.sqlite").path
}

/// The size of the index's WAL; it must exist (a closed index keeps it, empty).
func walSize(_ path: String) throws -> Int {
    try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
}

func entryPath(for key: String, in directory: URL) -> String {
    directory.appendingPathComponent("entries").appendingPathComponent(DiskCache.fileName(forKey: key)).path
}

func entryNames(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("entries").path)) ?? [])
        .sorted()
}

extension EntryHeader {
    /// The whole file for `payload` stored under `key`, as a store leaves it: header, then payload.
    static func file(for payload: Data, key: String, checksum: UInt64) -> Data {
        EntryHeader(key: key, payloadLength: payload.count, checksum: checksum).encoded + payload
    }
}
