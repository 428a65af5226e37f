import Foundation
import Imaging

/// How one item of a batch settled: what plain and JSON mode print for it.
public struct GalleryItemReport: Sendable, Hashable {
    /// One-based position in the list, as a person counts cells.
    public var index: Int
    /// The picture's address.
    public var url: URL
    /// The picture, or why there is none.
    public var outcome: Result<LoadedPicture, LoadFailure>
    /// How long the load took.
    public var duration: Duration

    public init(index: Int, url: URL, outcome: Result<LoadedPicture, LoadFailure>, duration: Duration) {
        self.index = index
        self.url = url
        self.outcome = outcome
        self.duration = duration
    }

    /// Whole milliseconds of ``duration``.
    public var milliseconds: Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}

/// The tally printed after every item has settled.
public struct GallerySummary: Sendable, Hashable {
    /// Items whose picture loaded.
    public var loaded: Int
    /// Items that failed.
    public var failed: Int
    /// True when any item failed because the network was down.
    public var offline: Bool
    /// Items that failed in a way that may pass when run again (``LoadFailure/mayPassOnRetry``).
    public var failedTemporarily = 0

    public init(loaded: Int = 0, failed: Int = 0, offline: Bool = false) {
        self.loaded = loaded
        self.failed = failed
        self.offline = offline
    }

    /// True when every item loaded.
    public var allLoaded: Bool { failed == 0 }

    mutating func count(_ report: GalleryItemReport) {
        switch report.outcome {
        case .success: loaded += 1
        case .failure(let failure):
            failed += 1
            if failure.kind == .offline { offline = true }
            if failure.mayPassOnRetry { failedTemporarily += 1 }
        }
    }
}

/// Loads every item once, without a screen: the plain and JSON modes, CI and reviews.
public enum GalleryBatch {
    /// Loads each of `urls` once, at most `maxConcurrent` at a time, and reports them in the order
    /// of the list: each one as soon as it and every item before it have settled.
    ///
    /// - Parameters:
    ///   - targetSize: what pictures are downsampled to.
    ///   - onSettled: called once per item, in the order of `urls`.
    /// - Returns: the tally.
    public static func loadAll(
        _ urls: [URL],
        loader: any GalleryImageLoading,
        targetSize: PixelSize,
        maxConcurrent: Int = 6,
        onSettled: @escaping @Sendable (GalleryItemReport) async -> Void
    ) async -> GallerySummary {
        var summary = GallerySummary()
        await withTaskGroup(of: GalleryItemReport.self) { group in
            var next = 0
            func startNext() {
                guard next < urls.count else { return }
                let index = next
                next += 1
                group.addTask {
                    await load(urls[index], index: index + 1, loader: loader, targetSize: targetSize)
                }
            }
            for _ in 0..<max(1, maxConcurrent) { startNext() }
            // Settled items wait here until every item before them is reported.
            var waiting: [Int: GalleryItemReport] = [:]
            var nextToReport = 1
            while let report = await group.next() {
                summary.count(report)
                waiting[report.index] = report
                while let ready = waiting.removeValue(forKey: nextToReport) {
                    await onSettled(ready)
                    nextToReport += 1
                }
                startNext()
            }
        }
        return summary
    }

    /// The picture as the batch may report it: a stored copy that may not be used without asking
    /// the server (`no-cache`, an expired `max-age`: RFC 9111 §4.2.4 and §5.2.2.4) is asked about
    /// first; a batch exits before the screen's launch-time revalidation would run. When the server
    /// cannot be asked, the stored copy is reported, marked stale.
    static func current(_ url: URL, loader: any GalleryImageLoading, targetSize: PixelSize) async throws(LoadFailure)
        -> LoadedPicture {
        let stored = try await loader.load(url, targetSize: targetSize, policy: .cached)
        guard stored.isStale else { return stored }
        guard let asked = try? await loader.load(url, targetSize: targetSize, policy: .refresh),
              asked.refreshFailure == nil
        else { return stored }
        return asked
    }

    static func load(_ url: URL, index: Int, loader: any GalleryImageLoading, targetSize: PixelSize) async -> GalleryItemReport {
        let clock = ContinuousClock()
        let start = clock.now
        let outcome: Result<LoadedPicture, LoadFailure>
        do {
            outcome = .success(try await current(url, loader: loader, targetSize: targetSize))
        } catch {
            outcome = .failure(error)
        }
        return GalleryItemReport(index: index, url: url, outcome: outcome, duration: clock.now - start)
    }
}
