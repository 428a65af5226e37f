import Foundation

/// Which cells' images should be loading: the visible rows plus the next, and nothing else. Planned
/// once for every task: the gallery (one column) and the Flickr feed (three) ask it the same way.
///
/// ```swift
/// let wanted = ImageWindow.wanted(firstVisibleRow: top, visibleRows: 3, columns: 3, count: photos.count)
/// let plan = ImageWindow.plan(wanted: wanted.map { photos[$0].id }, loading: Set(tasks.keys), loaded: done)
/// plan.cancel.forEach { tasks[$0]?.cancel() }
/// ```
public enum ImageWindow {
    /// Indexes of the cells in the visible rows and `extraRows` rows below them.
    public static func wanted(
        firstVisibleRow: Int, visibleRows: Int, columns: Int, count: Int, extraRows: Int = 1
    ) -> Range<Int> {
        let columns = max(1, columns)
        let start = min(count, max(0, firstVisibleRow) * columns)
        let end = min(count, (max(0, firstVisibleRow) + max(0, visibleRows) + max(0, extraRows)) * columns)
        return start..<max(start, end)
    }

    /// What to start and what to cancel so that exactly the wanted images are loading or loaded.
    ///
    /// - Parameters:
    ///   - wanted: keys of the cells whose images are wanted, in the order to start them.
    ///   - loading: keys whose loads are on their way.
    ///   - loaded: keys whose images are already in hand (never started again).
    public static func plan<Key: Hashable>(
        wanted: [Key], loading: Set<Key>, loaded: Set<Key>
    ) -> (start: [Key], cancel: [Key]) {
        let wantedSet = Set(wanted)
        let start = wanted.filter { !loading.contains($0) && !loaded.contains($0) }
        var seen = Set<Key>()
        let uniqueStart = start.filter { seen.insert($0).inserted }
        let cancel = loading.filter { !wantedSet.contains($0) }
        return (uniqueStart, Array(cancel))
    }
}
