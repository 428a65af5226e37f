import Testing
@testable import TerminalUI

/// A screen that records what it gets and quits on `q`.
@MainActor
final class RecordingScreen: TerminalScreen {
    var events: [Event] = []
    var renders = 0
    var onEvent: (Event, ScreenContext) -> Void = { _, _ in }
    var startedBeforeRenders: Int?
    var onStart: (ScreenContext) -> Void = { _ in }

    func start(context: ScreenContext) {
        startedBeforeRenders = renders
        onStart(context)
    }

    func handle(_ event: Event, context: ScreenContext) {
        events.append(event)
        if event == .key(.character("q")) { context.quit() }
        onEvent(event, context)
    }

    func render(size: TerminalSize) -> Frame {
        renders += 1
        var frame = Frame(size: size)
        frame.put("events \(events.count)", column: 0, row: 0)
        return frame
    }
}

@Suite("Run loop")
@MainActor
struct EventLoopTests {
    private func makeLoop(_ screen: RecordingScreen, output: @escaping ([UInt8]) -> Void = { _ in }) -> EventLoop {
        EventLoop(
            screen: screen, size: TerminalSize(columns: 20, rows: 4),
            capabilities: TerminalCapabilities(colorMode: .trueColor),
            timing: .init(minimumFrameInterval: .milliseconds(16), escapeTimeout: .milliseconds(5)),
            quitOnControlC: true, currentSize: { TerminalSize(columns: 30, rows: 5) }, write: output)
    }

    @Test("a burst of events is handled in order and rendered at most once per frame interval")
    func coalescing() async {
        let screen = RecordingScreen()
        var written = 0
        let loop = makeLoop(screen) { written += $0.count }
        for _ in 0..<200 { loop.poster(.input(Array("x".utf8))) }
        loop.poster(.input(Array("q".utf8)))
        await loop.run()
        #expect(screen.events.count == 201)
        #expect(screen.renders <= 2)
        #expect(written > 0)
    }

    @Test("start runs once before the first frame, and work it begins redraws without any key")
    func startHook() async {
        let screen = RecordingScreen()
        var frames: [String] = []
        let loop = makeLoop(screen) { frames.append(String(decoding: $0, as: UTF8.self)) }
        screen.onStart = { context in
            context.run { "loaded" } then: { text in
                screen.events.append(.paste(text))
                context.quit()
            }
        }
        await loop.run()
        #expect(screen.startedBeforeRenders == 0)
        #expect(screen.events == [.paste("loaded")])
    }

    @Test("Ctrl-C quits without reaching the screen")
    func controlC() async {
        let screen = RecordingScreen()
        let loop = makeLoop(screen)
        loop.poster(.input([0x03, UInt8(ascii: "z")]))
        await loop.run()
        #expect(screen.events.isEmpty)
    }

    @Test("a lone Esc arrives after the escape timeout")
    func loneEscape() async {
        let screen = RecordingScreen()
        screen.onEvent = { event, context in if event == .key(.escape) { context.quit() } }
        let loop = makeLoop(screen)
        loop.poster(.input([0x1B]))
        await loop.run()
        #expect(screen.events == [.key(.escape)])
    }

    @Test("ticks coalesce and arrive; async work comes back on the main actor; resize reads the size")
    func ticksWorkAndResize() async {
        let screen = RecordingScreen()
        var results: [Int] = []
        screen.onEvent = { event, context in
            switch event {
            case .key(.character("s")):
                context.scheduleTick(after: .milliseconds(30))
                context.scheduleTick(after: .milliseconds(5))
                context.scheduleTick(after: .milliseconds(20))
            case .tick:
                context.run { 6 * 7 } then: { value in
                    results.append(value)
                    context.send(.key(.character("q")))
                }
            default: break
            }
        }
        let loop = makeLoop(screen)
        loop.poster(.resize(nil))
        loop.poster(.input(Array("s".utf8)))
        await loop.run()
        #expect(screen.events == [.resize(TerminalSize(columns: 30, rows: 5)), .key(.character("s")), .tick,
                                  .key(.character("q"))])
        #expect(results == [42])
        #expect(loop.context.size == TerminalSize(columns: 30, rows: 5))
    }

    @Test("input closing ends the loop")
    func inputClosed() async {
        let screen = RecordingScreen()
        let loop = makeLoop(screen)
        loop.poster(.inputClosed)
        await loop.run()
        #expect(screen.events.isEmpty)
    }
}
