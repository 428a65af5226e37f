/// The two-phase animation of removing a cell: it slides right off the screen, then the cells
/// below it move up one place to fill the gap.
///
/// Progress is driven by ``GalleryAction/tick(now:)`` with a clock value passed in, so a test can
/// step through it frame by frame.
public struct RemovalAnimation: Sendable, Hashable {
    /// Which part of the animation runs.
    public enum Phase: Sendable, Hashable {
        /// The cell moves right until it is gone.
        case slidingOut
        /// The cells below move up by one cell and one gap.
        case closingGap
    }

    /// The item being removed.
    let itemID: ItemID
    /// Its position when the animation started (items do not change while it runs).
    public let index: Int
    /// The running phase.
    public internal(set) var phase: Phase
    /// Linear progress of the running phase, 0 to 1.
    public internal(set) var progress: Double
    /// The clock value the running phase started at; nil until the first tick.
    var phaseStartedAt: Duration?

    init(itemID: ItemID, index: Int) {
        self.itemID = itemID
        self.index = index
        self.phase = .slidingOut
        self.progress = 0
        self.phaseStartedAt = nil
    }

    /// Progress with ease-in-out, what a screen draws: slow start, fast middle, gentle stop.
    public var easedProgress: Double {
        let t = min(1, max(0, progress))
        return t * t * (3 - 2 * t)
    }
}
