import StateStore
import Testing

/// A counter whose reducer plans an "echo" effect; the runner records and answers synchronously.
private enum CounterAction: Equatable { case add(Int), echoed(Int) }
private enum CounterEffect: Equatable { case echo(Int) }

private func reduce(_ count: inout Int, _ action: CounterAction) -> [CounterEffect] {
    switch action {
    case .add(let amount):
        count += amount
        return [.echo(amount)]
    case .echoed:
        count *= 10
        return []
    }
}

@MainActor
private final class Recorder: EffectRunning {
    var log: [String] = []
    func run(_ effect: CounterEffect, send: @escaping @MainActor (CounterAction) -> Void) {
        guard case .echo(let amount) = effect else { return }
        log.append("run echo \(amount)")
        send(.echoed(amount))
    }
}

@Suite("One store for every task")
@MainActor
struct StoreTests {
    @Test("send reduces, tells the attached observer, then runs the planned effects, in that order")
    func order() {
        let recorder = Recorder()
        let store = Store(state: 1, reduce: reduce, effects: recorder)
        store.attach { state in recorder.log.append("notify \(state)") }
        store.send(.add(2))
        #expect(recorder.log == ["notify 3", "run echo 2", "notify 30"])
        #expect(store.state == 30)
    }

    @Test("the reducer's effects are plain values a test can compare without running them")
    func effectsAsValues() {
        var count = 0
        #expect(reduce(&count, .add(5)) == [.echo(5)])
        #expect(count == 5)
    }

    @Test("attaching again replaces the earlier observer")
    func reattach() {
        let store = Store(state: 0, reduce: reduce, effects: Recorder())
        var first = 0
        var second = 0
        store.attach { _ in first += 1 }
        store.attach { _ in second += 1 }
        store.send(.echoed(0))
        #expect(first == 0 && second == 1)
    }
}
