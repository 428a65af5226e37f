/// What a screen can ask of the run loop: quit, render, timers, and async work whose result comes
/// back on the main actor. One context drives one screen for one `TerminalApp.run`.
///
/// ```swift
/// context.scheduleTick(after: .milliseconds(16))          // an animation frame: .tick arrives
/// context.run { try? await loader.image(for: request) } then: { image in
///     self.image = image                                     // on the main actor; re-rendered after
/// }
/// ```
@MainActor
public final class ScreenContext {
    /// The terminal's current size.
    public internal(set) var size: TerminalSize
    /// What the terminal can show (colour depth, inline images).
    public let capabilities: TerminalCapabilities
    /// True once `quit()` was called.
    public private(set) var isQuitting = false

    private let post: @Sendable (LoopMessage) -> Void
    private let clock = ContinuousClock()
    private var pendingTick: ContinuousClock.Instant?
    private var nextWorkID = 0
    private var work: [Int: Task<Void, Never>] = [:]

    init(size: TerminalSize, capabilities: TerminalCapabilities, post: @escaping @Sendable (LoopMessage) -> Void) {
        self.size = size
        self.capabilities = capabilities
        self.post = post
    }

    /// The image mode that suits this terminal (half-blocks in truecolor or 256 colours, or text).
    public var imageMode: ImageCells.Mode { ImageCells.Mode(capabilities) }

    /// Ends the run loop after the current event; `TerminalApp.run` restores the terminal and returns.
    public func quit() {
        isQuitting = true
        post(.wake)
    }

    /// Asks for a render (for state changed outside `handle` and outside `run`'s `then`).
    public func requestRender() {
        post(.renderRequested)
    }

    /// Delivers `.tick` to the screen after `delay` (for animation: ~16 ms for 60 fps).
    ///
    /// Ticks coalesce: while one is pending no later than the requested time, asking again does
    /// nothing, so a screen can ask on every event without multiplying timers. Ask again from
    /// `.tick` to keep an animation going.
    public func scheduleTick(after delay: Duration) {
        let deadline = clock.now.advanced(by: delay)
        if let pendingTick, pendingTick <= deadline { return }
        pendingTick = deadline
        let post = self.post
        Task {
            try? await Task.sleep(until: deadline, clock: .continuous)
            post(.tick(deadline))
        }
    }

    /// Sends `event` to the screen through the loop, after the events already waiting.
    public func send(_ event: Event) {
        post(.event(event))
    }

    /// Runs `work` off the main actor and hands its result to `then` on the main actor; the
    /// screen is rendered afterwards. Cancel the returned task to cancel the work (`then` is not
    /// called for cancelled work); all work still running is cancelled when the loop ends.
    @discardableResult
    public func run<Result: Sendable>(
        _ work: @escaping @Sendable () async -> Result,
        then: @escaping @MainActor (Result) -> Void
    ) -> Task<Void, Never> {
        let id = nextWorkID
        nextWorkID += 1
        let task = Task { @MainActor [weak self] in
            let result = await work()
            guard let self else { return }
            self.work[id] = nil
            guard !Task.isCancelled, !self.isQuitting else { return }
            then(result)
            self.requestRender()
        }
        self.work[id] = task
        return task
    }

    /// Calls `body` on the main actor with each element of `sequence` until it ends, the returned
    /// task is cancelled, or the loop ends (e.g. to follow `Connectivity.updates()`).
    @discardableResult
    public func listen<Updates: AsyncSequence & Sendable>(
        to sequence: Updates, _ body: @escaping @MainActor (Updates.Element) -> Void
    ) -> Task<Void, Never> where Updates.Element: Sendable {
        let id = nextWorkID
        nextWorkID += 1
        let task = Task { @MainActor [weak self] in
            do {
                for try await element in sequence {
                    guard let self, !Task.isCancelled, !self.isQuitting else { return }
                    body(element)
                    self.requestRender()
                }
            } catch {}
            self?.work[id] = nil
        }
        work[id] = task
        return task
    }

    /// True when `instant` is the tick currently pending (so an older, superseded one is dropped).
    func takeTick(_ instant: ContinuousClock.Instant) -> Bool {
        guard pendingTick == instant else { return false }
        pendingTick = nil
        return true
    }

    /// Cancels all work still running.
    func cancelAllWork() {
        for task in work.values { task.cancel() }
        work.removeAll()
    }
}

/// What flows into the run loop.
enum LoopMessage: Sendable {
    case input([UInt8])
    case inputClosed
    case resize(TerminalSize?)
    case escapeTimeout(Int)
    case tick(ContinuousClock.Instant)
    case event(Event)
    case renderRequested
    case renderDue
    case wake
}
