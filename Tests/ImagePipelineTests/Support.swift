import Caching
import Foundation
import Imaging
import ImagePipeline
import Networking
import Locking

/// A loader that answers from a script and counts what it was asked.
final class ScriptedLoader: DataLoading {
    enum Answer: Sendable {
        case bytes(Data)
        case failure(NetworkError)
        /// Waits until cancelled, then reports cancellation like HTTPClient does.
        case hang
    }

    private struct Books {
        var calls = 0
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let answers: LockedValue<[URL: Answer]>
    private let books = LockedValue(Books())

    init(_ answers: [URL: Answer] = [:]) {
        self.answers = LockedValue(answers)
    }

    var callCount: Int { books.withLock { $0.calls } }

    /// Returns once the loader has been asked `count` times: an explicit signal, no clock.
    func waitForCalls(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let reached = books.withLock { books -> Bool in
                guard books.calls < count else { return true }
                books.waiters.append((count, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }

    func set(_ answer: Answer, for url: URL) {
        answers.withLock { $0[url] = answer }
    }

    func data(for url: URL) async throws(NetworkError) -> Data {
        let ready = books.withLock { books -> [CheckedContinuation<Void, Never>] in
            books.calls += 1
            let calls = books.calls
            let ready = books.waiters.filter { $0.count <= calls }.map(\.continuation)
            books.waiters.removeAll { $0.count <= calls }
            return ready
        }
        for continuation in ready { continuation.resume() }
        switch answers.withLock({ $0[url] }) {
        case .bytes(let data)?:
            return data
        case .failure(let error)?:
            throw error
        case .hang?:
            // Hangs until the load is cancelled: the sleep ends at the cancel, not at its time.
            try? await Task.sleep(for: .seconds(86_400))
            throw .cancelled
        case nil:
            throw .httpStatus(code: 404, url: url)
        }
    }
}

/// An in-memory disk cache whose writes can be made to fail.
final class MemoryDisk: DataCaching {
    private let entries = LockedValue<[String: Data]>([:])
    private let failure = LockedValue<DiskCacheError?>(nil)

    var keys: Set<String> { entries.withLock { Set($0.keys) } }

    func failWrites(with error: DiskCacheError?) {
        failure.withLock { $0 = error }
    }

    func put(_ data: Data, forKey key: String) {
        entries.withLock { $0[key] = data }
    }

    func data(forKey key: String) -> Data? {
        entries.withLock { $0[key] }
    }

    func store(_ data: Data, forKey key: String) throws(DiskCacheError) {
        if let error = failure.withLock({ $0 }) { throw error }
        entries.withLock { $0[key] = data }
    }

    func removeData(forKey key: String) {
        entries.withLock { _ = $0.removeValue(forKey: key) }
    }
}

enum Fixture {
    /// A JPEG of `width` x `height` in one colour that depends on `seed`.
    static func jpeg(width: Int = 320, height: Int = 240, seed: Int = 1) throws -> Data {
        let color = RGBA(r: UInt8(truncatingIfNeeded: seed * 70), g: UInt8(truncatingIfNeeded: 255 - seed * 40), b: 90)
        return try ImageEncoder.jpeg(Bitmap(width: width, height: height, filledWith: color), quality: 80)
    }

    static func url(_ n: Int) -> URL {
        URL(string: "http://127.0.0.1:9/img/\(n).jpg")!
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
