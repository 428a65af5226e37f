import StateStore
import TestSupport
import Testing

/// A counter whose reducer plans effects of every kind; its interpreter answers some at once and
/// runs others off the main actor, timed by a manual clock.
private enum CounterAction: Equatable, Sendable {
    case add(Int)
    case echoed(Int)
    case startTimer(id: String, after: Duration)
    case cancelTimer(id: String)
    case fired(id: String)
}

private enum CounterEffect: Equatable {
    case echo(Int)
    case timer(id: String, after: Duration)
    case cancel(id: String)
}

private struct Counter: Reducer {
    func reduce(into count: inout Int, action: CounterAction) -> [CounterEffect] {
        switch action {
        case .add(let amount):
            count += amount
            return [.echo(amount)]
        case .echoed:
            count *= 10
            return []
        case .startTimer(let id, let delay):
            return [.timer(id: id, after: delay)]
        case .cancelTimer(let id):
            return [.cancel(id: id)]
        case .fired:
            count += 1
            return []
        }
    }
}

@MainActor
private final class Log {
    var lines: [String] = []
}

@MainActor
private struct CounterEffects: EffectInterpreting {
    let log: Log
    let clock: ManualClock

    func work(for effect: CounterEffect) -> Work<CounterAction> {
        switch effect {
        case .echo(let amount):
            log.lines.append("run echo \(amount)")
            return .send(.echoed(amount))
        case .timer(let id, let delay):
            return .run(id: id) { [clock] send in
                guard (try? await clock.sleep(for: delay)) != nil else { return }
                await send(.fired(id: id))
            }
        case .cancel(let id):
            return .cancel(id: id)
        }
    }
}

@Suite("One store for every task")
@MainActor
struct StoreTests {
    private func makeStore(_ state: Int = 1, clock: ManualClock = ManualClock()) -> (Store<Counter, CounterEffects>, Log) {
        let log = Log()
        return (Store(state: state, reducer: Counter(), interpreter: CounterEffects(log: log, clock: clock)), log)
    }

    @Test("send reduces, tells the attached observer, then runs the planned effects, in that order")
    func order() {
        let (store, log) = makeStore()
        store.attach { state in log.lines.append("notify \(state)") }
        store.send(.add(2))
        #expect(log.lines == ["notify 3", "run echo 2", "notify 30"])
        #expect(store.state == 30)
    }

    @Test("a send made from an observer is handled after the action that caused it, in order")
    func observerSendsAreQueued() {
        let (store, log) = makeStore(0)
        var reacted = false
        store.attach { state in
            log.lines.append("notify \(state)")
            // The first change makes the observer send: it must wait for .add(1)'s effects.
            if !reacted {
                reacted = true
                store.send(.add(5))
                log.lines.append("observer's send returned")
            }
        }
        store.send(.add(1))
        // First in, first handled: .add(5) was queued before .add(1)'s echo came back.
        #expect(log.lines == [
            "notify 1", "observer's send returned", "run echo 1",
            "notify 6", "run echo 5", "notify 60", "notify 600",
        ])
    }

    @Test("the reducer's effects are plain values a test can compare without running them")
    func effectsAsValues() {
        var count = 0
        #expect(Counter().reduce(into: &count, action: .add(5)) == [.echo(5)])
        #expect(count == 5)
    }

    @Test("attaching again replaces the earlier observer")
    func reattach() {
        let (store, _) = makeStore(0)
        var first = 0
        var second = 0
        store.attach { _ in first += 1 }
        store.attach { _ in second += 1 }
        store.send(.echoed(0))
        #expect(first == 0 && second == 1)
    }

    @Test("a run answers through the store when the injected clock says so, and settle() waits for it")
    func runAndSettle() async {
        let clock = ManualClock()
        let (store, _) = makeStore(0, clock: clock)
        let test = TestStore(store)
        test.send(.startTimer(id: "a", after: .seconds(1)))
        #expect(store.runningCount == 1)
        await clock.waitForSleepers()
        clock.advance(by: .seconds(1))
        await test.receive(.fired(id: "a")) { $0 = 1 }
        await test.finish()
        #expect(store.runningCount == 0)
    }

    @Test("starting a run again with the same id cancels the one in flight, whose answer never arrives")
    func cancelInFlight() async {
        let clock = ManualClock()
        let (store, _) = makeStore(0, clock: clock)
        let test = TestStore(store)
        test.send(.startTimer(id: "a", after: .seconds(1)))
        await clock.waitForSleepers()
        test.send(.startTimer(id: "a", after: .seconds(3)))
        #expect(store.runningCount == 1)
        await clock.waitForSleepers()
        clock.advance(by: .seconds(2))
        // The first timer's deadline passed, but it was replaced: only the second one fires.
        #expect(store.isRunning("a"))
        clock.advance(by: .seconds(1))
        await test.receive(.fired(id: "a")) { $0 = 1 }
        await test.finish()
    }

    @Test("cancelling by id stops the run, and nothing it would have sent arrives")
    func cancelByID() async {
        let clock = ManualClock()
        let (store, _) = makeStore(0, clock: clock)
        let test = TestStore(store)
        test.send(.startTimer(id: "a", after: .seconds(1)))
        test.send(.startTimer(id: "b", after: .seconds(1)))
        await clock.waitForSleepers(2)
        test.send(.cancelTimer(id: "a"))
        #expect(!store.isRunning("a") && store.isRunning("b"))
        clock.advance(by: .seconds(1))
        await test.receive(.fired(id: "b")) { $0 = 1 }
        await test.finish()
        #expect(store.state == 1)
    }

    @Test("finish fails on an effect still running at its deadline, and cancels it")
    func finishDeadline() async {
        let clock = ManualClock()
        let (store, _) = makeStore(0, clock: clock)
        let test = TestStore(store)
        test.send(.startTimer(id: "forever", after: .seconds(3600)))
        // The timer never fires: at the deadline one effect still runs, which finish fails on.
        let outlived = await test.settle(within: .milliseconds(50))
        #expect(outlived == 1)
        #expect(store.runningCount == 0, "the run that outlived the test was cancelled")
        // Once nothing runs, settling returns at once with nothing outlived.
        #expect(await test.settle(within: .milliseconds(50)) == 0)
    }

    @Test("cancelAll ends every run and settle() returns at once")
    func cancelAll() async {
        let clock = ManualClock()
        let (store, _) = makeStore(0, clock: clock)
        store.send(.startTimer(id: "a", after: .seconds(60)))
        store.send(.startTimer(id: "b", after: .seconds(60)))
        store.cancelAll()
        await store.settle()
        clock.advance(by: .seconds(60))
        #expect(store.runningCount == 0 && store.state == 0)
    }
}
