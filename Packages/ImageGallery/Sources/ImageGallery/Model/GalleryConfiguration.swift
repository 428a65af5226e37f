import Imaging

/// Knobs of the gallery's behaviour, fixed for a run.
public struct GalleryConfiguration: Sendable, Hashable {
    /// Retry cells that failed because the network was down as soon as it returns (`--no-auto-retry` turns it off).
    public var autoRetry: Bool
    /// How many cells past the last visible one start loading early.
    var loadAhead: Int
    /// How many cells beyond the visible ones keep their decoded picture in the state; pictures
    /// further away are let go (the memory cache and the disk keep them).
    var retainMargin: Int
    /// How long a removed cell takes to slide off the screen.
    var slideOutDuration: Duration
    /// How long the cells below take to move up into the gap.
    var closeGapDuration: Duration
    /// Animated pictures play while their cell is on screen (`--no-animation` shows the first frame only).
    public var animates: Bool
    /// The bytes a playing loop may keep its frames in, to show them again without decoding
    /// (0: decode every loop).
    public var keptFrameBytes: Int

    public init(
        autoRetry: Bool = true,
        loadAhead: Int = 1,
        retainMargin: Int = 2,
        slideOutDuration: Duration = .milliseconds(300),
        closeGapDuration: Duration = .milliseconds(300),
        animates: Bool = true,
        keptFrameBytes: Int = FrameSource.screenKeptLimit
    ) {
        self.autoRetry = autoRetry
        self.loadAhead = max(0, loadAhead)
        self.retainMargin = max(0, retainMargin)
        self.slideOutDuration = slideOutDuration
        self.closeGapDuration = closeGapDuration
        self.animates = animates
        self.keptFrameBytes = max(0, keptFrameBytes)
    }
}
