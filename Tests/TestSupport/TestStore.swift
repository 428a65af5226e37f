import Locking
import StateStore
import Testing

/// A store under test, in the spirit of TCA's `TestStore`: every state change and every action an
/// effect sends back must be asserted, in order.
///
/// ```swift
/// let store = TestStore(GalleryStore(state: state, loader: loader, clock: clock))
/// store.send(.refresh) { $0.isRefreshing = true }
/// await store.receive(.loadFinished(token, .success(picture))) { $0.isRefreshing = false }
/// await store.finish()
/// ```
///
/// `send` fails when the state after the action differs from the expected change, so a change the
/// test did not describe fails it; `receive` waits for the next action an effect sent (no sleep: it
/// ends when one arrives, or fails once no effect is left running), and `finish` fails on actions
/// received but never asserted.
///
/// With ``exhaustive`` off, as TCA's non-exhaustive test stores, an assertion names only the
/// fields it cares about (each must match the real state), and `receive` passes over actions
/// that are not the one expected.
@MainActor
public final class TestStore<R: Reducer, Interpreter: EffectInterpreting>
where R.Action == Interpreter.Action, R.Effect == Interpreter.Effect, R.State: Equatable, R.Action: Equatable {
    /// The store being tested; its effects run for real through its interpreter.
    public let store: Store<R, Interpreter>
    /// The state as the test has asserted it so far.
    public private(set) var state: R.State
    /// Whether every state change and received action must be asserted; a test may switch it off
    /// for a set-up it does not want to spell out, and on again.
    public var exhaustive: Bool

    private var received: [(action: R.Action, state: R.State)] = []
    private var sending = false
    private var sent: R.State?
    private var waiters: [OnceWait] = []

    public init(_ store: Store<R, Interpreter>, exhaustive: Bool = true) {
        self.store = store
        self.exhaustive = exhaustive
        self.state = store.state
        store.monitor = { [weak self] activity in self?.record(activity) }
    }

    /// Sends `action` and checks the state it leaves against `state` changed by `expected`.
    public func send(
        _ action: R.Action, _ expected: (inout R.State) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if exhaustive {
            #expect(received.isEmpty, "received but not asserted before sending \(action): \(received.map(\.action))",
                    sourceLocation: sourceLocation)
        }
        received = []
        sending = true
        sent = nil
        store.send(action)
        sending = false
        guard let actual = sent else {
            Issue.record("\(action) was not handled", sourceLocation: sourceLocation)
            return
        }
        check(after: action, actual: actual, expected, sourceLocation: sourceLocation)
    }

    /// Waits for the next action an effect sent, checks it is `action`, and checks the state it left.
    public func receive(
        _ action: R.Action, _ expected: (inout R.State) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        var candidate = await nextReceived()
        while !exhaustive, let next = candidate, next.action != action {
            candidate = await nextReceived()
        }
        guard let next = candidate else {
            Issue.record("expected to receive \(action), but no effect is running", sourceLocation: sourceLocation)
            return
        }
        #expect(next.action == action, "received an unexpected action", sourceLocation: sourceLocation)
        check(after: next.action, actual: next.state, expected, sourceLocation: sourceLocation)
    }

    /// Waits until no effect runs, then fails on any received action not asserted. An effect
    /// still running after `timeout` fails the test, as TCA's `finish(timeout:)` does, and is
    /// cancelled so that it cannot outlive the test.
    public func finish(timeout: Duration = .testDeadline, sourceLocation: SourceLocation = #_sourceLocation) async {
        let outlived = await settle(within: timeout)
        if outlived > 0 {
            Issue.record("\(outlived) effect(s) still running after \(timeout)", sourceLocation: sourceLocation)
        }
        guard exhaustive else { return }
        #expect(received.isEmpty, "received but not asserted: \(received.map(\.action))", sourceLocation: sourceLocation)
    }

    /// Waits until no effect runs or `timeout` has passed; cancels whatever still runs then, and
    /// returns how many effects that was (0 when all ended in time). What ``finish(timeout:sourceLocation:)``
    /// fails on.
    @discardableResult
    public func settle(within timeout: Duration) async -> Int {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while store.runningCount > 0 {
            let left = deadline - clock.now
            guard left > .zero else {
                let outlived = store.runningCount
                store.cancelAll()
                return outlived
            }
            // Woken by any activity of the store (a run ending included), or by the deadline.
            _ = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let wait = OnceWait(continuation)
                waiters.append(wait)
                wait.guardDeadline(left)
            }
        }
        return 0
    }

    /// Asserts the received actions as a group, without their state: for effects whose order
    /// is not fixed (loads that race). Returns them in the order they arrived.
    @discardableResult
    public func receiveAll(
        count: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> [R.Action] {
        var actions: [R.Action] = []
        while actions.count < count {
            guard let next = await nextReceived() else {
                Issue.record("expected \(count) actions, received \(actions.count)", sourceLocation: sourceLocation)
                break
            }
            actions.append(next.action)
            state = next.state
        }
        return actions
    }

    /// Accepts the store's state as it is now, without asserting how it got there.
    public func skipStateChecks() {
        state = store.state
    }

    private func check(
        after action: R.Action, actual: R.State, _ expected: (inout R.State) -> Void,
        sourceLocation: SourceLocation
    ) {
        var expectedState = exhaustive ? state : actual
        expected(&expectedState)
        #expect(expectedState == actual, "state after \(action) is not the expected one", sourceLocation: sourceLocation)
        state = actual
    }

    /// The next action an effect sent; nil once no effect is left to send one, or when nothing
    /// happens in the store before the test's deadline (a run stuck for ever).
    private func nextReceived() async -> (action: R.Action, state: R.State)? {
        while received.isEmpty {
            guard store.runningCount > 0 else { return nil }
            let somethingHappened = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let wait = OnceWait(continuation)
                waiters.append(wait)
                wait.guardDeadline(.testDeadline)
            }
            guard somethingHappened else { return nil }
        }
        return received.removeFirst()
    }

    private func record(_ activity: Store<R, Interpreter>.Activity) {
        switch activity {
        case .handled(let action, let state):
            if sending && sent == nil {
                sent = state
            } else {
                received.append((action, state))
            }
        case .runEnded:
            break
        }
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.end(true) }
    }
}
