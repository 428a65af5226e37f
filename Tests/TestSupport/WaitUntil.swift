/// Waits for a condition over state that announces no change of its own (a flag a library keeps,
/// a count of waiters), checking it between short pauses, up to `timeout`; true if it came true.
///
/// The last resort of the test suite's waits: whatever can announce a change is waited for as an
/// event instead (``Signal``, ``ManualClock/waitForSleepers(_:sourceLocation:)``, a demo server's
/// `waitForStats`, a ``TestStore``'s `receive`). The condition runs on the caller's actor.
@discardableResult
public func waitUntil(
    isolation: isolated (any Actor)? = #isolation, timeout: Duration = .seconds(5), _ condition: () -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
        guard clock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}
