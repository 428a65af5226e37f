import Foundation

/// How the feed pages, prefetches and backs off.
public struct FeedConfiguration: Sendable, Hashable {
    /// Photos per page (`--per-page`); Flickr allows up to 500.
    public var perPage: Int
    /// Columns of the grid: "a row" is this many photos.
    public var columns: Int
    /// The next page is requested when the selection or the viewport comes within this many rows of the end.
    var prefetchRows: Int
    /// Wait after the first failure; doubled after each further one.
    var initialBackoff: Duration
    /// The longest wait between retries.
    var maximumBackoff: Duration
    /// An animated photo plays in the large view (`--no-animation` shows its first frame only).
    public var animates: Bool

    public init(
        perPage: Int = 40, columns: Int = 3, prefetchRows: Int = 2,
        initialBackoff: Duration = .seconds(1), maximumBackoff: Duration = .seconds(60), animates: Bool = true
    ) {
        self.perPage = max(1, perPage)
        self.columns = max(1, columns)
        self.prefetchRows = max(1, prefetchRows)
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.animates = animates
    }

    /// The wait before retry number `failures` (1 for the first): doubling, capped.
    func backoff(afterFailures failures: Int) -> Duration {
        var delay = initialBackoff
        for _ in 1..<max(1, failures) {
            delay = delay * 2
            if delay >= maximumBackoff { return maximumBackoff }
        }
        return min(delay, maximumBackoff)
    }
}
