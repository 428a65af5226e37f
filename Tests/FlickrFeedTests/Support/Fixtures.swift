import Caching
import ErrorReporting
import Foundation
import Locking
import FlickrFeed

/// Photos and pages made up for tests.
enum Fixtures {
    static func photo(_ number: Int, title: String? = nil) -> FlickrPhoto {
        FlickrPhoto(
            id: String(50_000 + number), owner: "owner\(number)@N00", secret: "s\(number)", server: "65535",
            farm: 66, title: title ?? "Photo \(number)"
        )
    }

    /// Page `page` of a newest-first stream of `total` photos numbered from `newest` downwards.
    static func page(_ page: Int, perPage: Int = 40, total: Int = 1000, newest: Int? = nil) -> FlickrPage {
        let top = newest ?? total
        let first = (page - 1) * perPage
        let numbers = (first..<min(total, first + perPage)).map { top - $0 }
        let pages = (total + perPage - 1) / perPage
        return FlickrPage(
            page: page, pages: pages, perPage: perPage, total: total, photos: numbers.map { photo($0) })
    }

    static let offline = FlickrError.network(.offline(host: "api.flickr.com"))
    static let timeout = FlickrError.network(.timedOut(after: .seconds(30)))
    static let keyRefused = FlickrError.api(code: 100, message: "Invalid API Key (Key has invalid format)")

    static let date = Date(timeIntervalSince1970: 1_800_000_000)
    static let imageURL = URL(string: "https://live.staticflickr.com/65535/1_a_q.jpg")!

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("flickr-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// An API whose answers the test scripts per page; records every call and the most at once.
final class MockAPI: RecentPhotosFetching {
    private struct State {
        var answers: [Int: [Result<FlickrPage, FlickrError>]] = [:]
        var fallback: (@Sendable (Int) -> Result<FlickrPage, FlickrError>)?
        var calls: [Int] = []
        var active: [Int: Int] = [:]
        var mostAtOnceForOnePage = 0
        var gates: [Int: [CheckedContinuation<Void, Never>]] = [:]
        var held: Set<Int> = []
    }
    private let state = LockedValue(State())

    init(fallback: (@Sendable (Int) -> Result<FlickrPage, FlickrError>)? = nil) {
        state.withLock { $0.fallback = fallback }
    }

    /// Queues answers for `page`, used in order; after they run out the fallback answers.
    func answer(page: Int, with results: Result<FlickrPage, FlickrError>...) {
        state.withLock { $0.answers[page, default: []] += results }
    }

    /// Makes fetches of `page` wait until ``release(page:)``.
    func hold(page: Int) { _ = state.withLock { $0.held.insert(page) } }

    func release(page: Int) {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.held.remove(page)
            return state.gates.removeValue(forKey: page) ?? []
        }
        waiting.forEach { $0.resume() }
    }

    var calls: [Int] { state.withLock { $0.calls } }
    var mostAtOnceForOnePage: Int { state.withLock { $0.mostAtOnceForOnePage } }

    func recentPhotos(page: Int) async throws(FlickrError) -> FlickrPage {
        let held = state.withLock { state -> Bool in
            state.calls.append(page)
            state.active[page, default: 0] += 1
            state.mostAtOnceForOnePage = max(state.mostAtOnceForOnePage, state.active[page]!)
            return state.held.contains(page)
        }
        if held {
            await withCheckedContinuation { continuation in
                let stillHeld = state.withLock { state -> Bool in
                    guard state.held.contains(page) else { return false }
                    state.gates[page, default: []].append(continuation)
                    return true
                }
                if !stillHeld { continuation.resume() }
            }
        }
        let result = state.withLock { state -> Result<FlickrPage, FlickrError> in
            state.active[page, default: 1] -= 1
            if var queued = state.answers[page], !queued.isEmpty {
                let first = queued.removeFirst()
                state.answers[page] = queued
                return first
            }
            return state.fallback?(page)
                ?? .failure(.malformed(reason: "no answer scripted for page \(page)"))
        }
        return try result.get()
    }
}

/// A store in memory that can be told to fail.
final class MemoryStore: FirstPageStoring {
    private let state = LockedValue<(saved: SavedPage?, saves: Int, failing: Bool)>((nil, 0, false))

    init(saved: SavedPage? = nil) { state.withLock { $0.saved = saved } }

    var saved: SavedPage? { state.withLock { $0.saved } }
    var saves: Int { state.withLock { $0.saves } }
    func failWrites() { state.withLock { $0.failing = true } }

    func load() -> SavedPage? { state.withLock { $0.saved } }

    func save(_ page: SavedPage) throws(DiskCacheError) {
        let failing = state.withLock { state -> Bool in
            guard !state.failing else { return true }
            state.saved = page
            state.saves += 1
            return false
        }
        if failing { throw .diskFull(path: "memory") }
    }
}
