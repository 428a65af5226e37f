import Caching
import ErrorReporting
import Foundation
import ImageGallery
import ImagePipeline
import Imaging
import Locking

/// A loader the test drives by hand: every request waits until the test answers it, or is
/// answered at once from `immediate`. Records requests and cancellations. No sleeps anywhere.
final class MockImageLoader: GalleryImageLoading {
    struct Request: Sendable, Hashable {
        let url: URL
        let targetSize: PixelSize
        let policy: LoadPolicy
    }

    private struct Pending {
        let id: Int
        let url: URL
        let continuation: CheckedContinuation<LoadedPicture, any Error>
    }

    private struct Books {
        var immediate: [URL: Result<LoadedPicture, any Error>] = [:]
        var pending: [Pending] = []
        var requests: [Request] = []
        var cancelled: [URL] = []
        var nextID = 0
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let books = LockedValue(Books())

    /// Answers every future request for `url` at once with `result`.
    func answerImmediately(_ url: URL, with result: Result<LoadedPicture, any Error>) {
        books.withLock { $0.immediate[url] = result }
    }

    /// Every request made so far, in order.
    var requests: [Request] { books.withLock { $0.requests } }
    /// The URLs of requests made so far, in order.
    var requestedURLs: [URL] { requests.map(\.url) }
    /// The URLs whose loads were cancelled while waiting, in order.
    var cancelledURLs: [URL] { books.withLock { $0.cancelled } }
    /// The URLs waiting for an answer.
    var pendingURLs: [URL] { books.withLock { $0.pending.map(\.url) } }

    /// Returns once at least `count` requests have been made and are waiting or answered
    /// (the store starts loads in tasks).
    func waitForRequests(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = books.withLock { books -> Bool in
                if books.requests.count >= count { return true }
                books.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Answers the oldest waiting request for `url`.
    func succeed(_ url: URL, with picture: LoadedPicture) {
        answer(url, with: .success(picture))
    }

    /// Fails the oldest waiting request for `url`.
    func fail(_ url: URL, with error: any Error) {
        answer(url, with: .failure(error))
    }

    private func answer(_ url: URL, with result: Result<LoadedPicture, any Error>) {
        let pending = books.withLock { books -> Pending? in
            guard let index = books.pending.firstIndex(where: { $0.url == url }) else { return nil }
            return books.pending.remove(at: index)
        }
        guard let pending else {
            preconditionFailure("no request waiting for \(url)")
        }
        pending.continuation.resume(with: result)
    }

    func load(_ url: URL, targetSize: PixelSize, policy: LoadPolicy) async throws(LoadFailure) -> LoadedPicture {
        do {
            return try await answer(url, targetSize: targetSize, policy: policy)
        } catch {
            throw LoadFailure(error)
        }
    }

    private func answer(_ url: URL, targetSize: PixelSize, policy: LoadPolicy) async throws -> LoadedPicture {
        let request = Request(url: url, targetSize: targetSize, policy: policy)
        let (immediate, id) = books.withLock { books in
            books.nextID += 1
            return (books.immediate[url], books.nextID)
        }
        if let immediate {
            record(request)
            return try immediate.get()
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<LoadedPicture, any Error>) in
                // Registered and counted under one lock, so a test that waited for this request can
                // cancel it and see the cancellation at once.
                let cancelledAlready = books.withLock { books -> Bool in
                    if Task.isCancelled {
                        books.cancelled.append(url)
                        return true
                    }
                    books.pending.append(Pending(id: id, url: url, continuation: continuation))
                    return false
                }
                record(request)
                if cancelledAlready { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let pending = books.withLock { books -> Pending? in
                guard let index = books.pending.firstIndex(where: { $0.id == id }) else { return nil }
                books.cancelled.append(url)
                return books.pending.remove(at: index)
            }
            pending?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Counts a request and wakes the tests waiting for it.
    private func record(_ request: Request) {
        let ready = books.withLock { books in
            books.requests.append(request)
            let ready = books.waiters.filter { books.requests.count >= $0.count }.map(\.continuation)
            books.waiters.removeAll { books.requests.count >= $0.count }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }
}

/// Test data: URLs, pictures and errors.
enum Fixture {
    static func url(_ number: Int) -> URL { URL(string: "http://pictures.test/\(number).jpg")! }

    static func urls(_ count: Int) -> [URL] { (1...count).map(url) }

    static func picture(
        _ shade: UInt8 = 200,
        source: ImageSource = .network,
        size: PixelSize = PixelSize(width: 8, height: 8),
        storeError: DiskCacheError? = nil,
        refreshFailure: LoadFailure? = nil
    ) -> LoadedPicture {
        LoadedPicture(
            ImageResponse(
                bitmap: Bitmap(width: size.width, height: size.height, filledWith: RGBA(r: shade, g: shade, b: shade)),
                source: source,
                originalSize: PixelSize(width: 1200, height: 900),
                encodedByteCount: 123_456,
                storeError: storeError
            ),
            refreshFailure: refreshFailure
        )
    }

    static func error(_ code: String) -> UserFacingError {
        UserFacingError(code: code, message: LocalizedText(en: "failed: \(code)", ru: "ошибка: \(code)"))
    }

    /// A typed error a real loader throws for `kind`, as the pipeline would throw it.
    static func thrown(_ kind: FailureKind) -> any Error {
        switch kind {
        case .offline: ImagePipelineError.network(.offline(host: "pictures.test"))
        case .hostNotFound: ImagePipelineError.network(.hostNotFound(host: "pictures.test"))
        case .refused: ImagePipelineError.network(.refused(host: "pictures.test"))
        case .cancelled: ImagePipelineError.cancelled
        case .timeout: ImagePipelineError.network(.timedOut(after: .seconds(1)))
        case .dropped: ImagePipelineError.network(.connectionDropped(bytesReceived: 10))
        case .unavailable: ImagePipelineError.network(.httpStatus(code: 404, url: url(1)))
        case .invalidImage: ImagePipelineError.invalidImage(.notAnImage)
        case .other: error("diskFull")
        }
    }

    static func failure(_ kind: FailureKind) -> LoadFailure {
        LoadFailure(kind: kind, error: error(kind.rawValue))
    }

    /// Cells 10 rows high with a 1-row gap, a viewport of `rows` rows.
    static func layout(rows: Int = 15, cellHeight: Int = 10, pixels: Int = 20) -> GalleryLayout {
        GalleryLayout(viewportHeight: rows, cellHeight: cellHeight, gap: 1,
                      cellPixelSize: PixelSize(width: pixels, height: pixels))
    }
}
