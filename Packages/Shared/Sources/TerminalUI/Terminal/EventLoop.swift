/// The heart of `TerminalApp.run`: takes messages (input bytes, resizes, timers, work results),
/// turns them into events for the screen and renders at most once per frame interval.
/// Independent of the real terminal so tests can drive it.
@MainActor
final class EventLoop {
    struct Timing: Sendable {
        var minimumFrameInterval: Duration
        var escapeTimeout: Duration
    }

    let screen: any TerminalScreen
    let context: ScreenContext
    private let messages: AsyncStream<LoopMessage>
    private let post: @Sendable (LoopMessage) -> Void
    private let write: ([UInt8]) -> Void
    private let currentSize: () -> TerminalSize?
    private let timing: Timing
    private let quitOnControlC: Bool
    private var renderer: Renderer
    private var decoder = InputDecoder()
    private var escapeGeneration = 0
    private var needsRender = true
    private var renderScheduled = false
    private var lastRender: ContinuousClock.Instant?
    private let clock = ContinuousClock()
    /// Frames written so far.
    private(set) var renderCount = 0
    /// Bytes that take the pictures this loop showed off the terminal (kitty keeps them otherwise).
    var cleanupBytes: [UInt8] { renderer.cleanupBytes }

    init(
        screen: any TerminalScreen, size: TerminalSize, capabilities: TerminalCapabilities,
        timing: Timing, quitOnControlC: Bool,
        currentSize: @escaping () -> TerminalSize?, write: @escaping ([UInt8]) -> Void
    ) {
        let (stream, continuation) = AsyncStream.makeStream(of: LoopMessage.self)
        let post: @Sendable (LoopMessage) -> Void = { continuation.yield($0) }
        self.messages = stream
        self.post = post
        self.screen = screen
        self.timing = timing
        self.quitOnControlC = quitOnControlC
        self.currentSize = currentSize
        self.write = write
        self.renderer = Renderer(capabilities: capabilities)
        self.context = ScreenContext(size: size, capabilities: capabilities, post: post)
    }

    /// Where the input reader, signal sources and timers deliver their messages (any thread).
    nonisolated var poster: @Sendable (LoopMessage) -> Void { post }

    /// Runs until the screen quits or input closes.
    func run() async {
        screen.start(context: context)
        renderNow()
        for await message in messages {
            handle(message)
            if context.isQuitting { break }
        }
        context.cancelAllWork()
    }

    private func handle(_ message: LoopMessage) {
        switch message {
        case let .input(bytes):
            deliver(decoder.decode(bytes))
            if decoder.hasPendingInput { armEscapeTimeout() }
        case .inputClosed:
            context.quit()
        case let .escapeTimeout(generation):
            guard generation == escapeGeneration, decoder.hasPendingInput else { return }
            deliver(decoder.flush())
        case let .resize(reported):
            let size = reported ?? currentSize() ?? context.size
            context.size = size
            renderer.invalidate()
            deliver([.resize(size)])
        case let .tick(instant):
            guard context.takeTick(instant) else { return }
            deliver([.tick])
        case let .event(event):
            deliver([event])
        case .renderRequested:
            needsRender = true
            scheduleRender()
        case .renderDue:
            renderScheduled = false
            renderNow()
        case .wake:
            break
        }
    }

    private func deliver(_ events: [Event]) {
        for event in events {
            if context.isQuitting { return }
            if quitOnControlC, event == .key(.control("c")) {
                context.quit()
                return
            }
            screen.handle(event, context: context)
        }
        guard !events.isEmpty else { return }
        needsRender = true
        scheduleRender()
    }

    private func armEscapeTimeout() {
        escapeGeneration += 1
        let generation = escapeGeneration
        let delay = timing.escapeTimeout
        let post = self.post
        Task {
            try? await Task.sleep(for: delay)
            post(.escapeTimeout(generation))
        }
    }

    /// Renders on the next turn of the loop, or once the frame interval since the last render has
    /// passed: every message already queued is handled first, so a burst of events gives one frame.
    private func scheduleRender() {
        guard !renderScheduled else { return }
        renderScheduled = true
        let post = self.post
        let wait: Duration = lastRender.map { timing.minimumFrameInterval - (clock.now - $0) } ?? .zero
        if wait <= .zero {
            post(.renderDue)
        } else {
            Task {
                try? await Task.sleep(for: wait)
                post(.renderDue)
            }
        }
    }

    private func renderNow() {
        guard needsRender, !context.isQuitting else { return }
        needsRender = false
        let frame = screen.render(size: context.size)
        var bytes: [UInt8] = []
        renderer.render(frame, into: &bytes)
        lastRender = clock.now
        renderCount += 1
        if !bytes.isEmpty { write(bytes) }
    }
}
