/// Waits for a condition over state that announces no change of its own (a flag a library keeps,
/// a count of waiters, a terminal's screen, a port), checking it every `interval`, up to
/// `timeout`; true if it came true. The one polling loop of the test suite.
///
/// The last resort of the test suite's waits: whatever can announce a change is waited for as an
/// event instead (``Signal``, ``ManualClock/waitForSleepers(_:sourceLocation:)``, a demo server's
/// `waitForStats`, a ``TestStore``'s `receive`). The condition runs on the caller's actor.
@discardableResult
public func waitUntil(
    isolation: isolated (any Actor)? = #isolation, timeout: Duration = .seconds(5),
    every interval: Duration = .milliseconds(2), _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while try await !condition() {
        guard clock.now < deadline else { return false }
        try? await Task.sleep(for: interval)
    }
    return true
}
