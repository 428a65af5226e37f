import ErrorReporting
import Foundation
import Synchronization
import TestSupport
import Locking
import Testing
import PhoneLookup

/// A slow async backend, to cancel while it works: it waits on a manual clock and says how its
/// answer ended, so a test knows when it is over without sleeping.
struct SlowLookup: AsyncLookupBackend {
    enum Ending: Equatable { case answered, cancelled }

    let delay: Duration
    let clock: ManualClock
    let endings = LockedValue<[Ending]>([])
    let signal = Signal()

    func answer(for number: PhoneNumber) async throws -> [String] {
        do {
            try await clock.sleep(for: delay)
        } catch {
            record(.cancelled)
            throw error
        }
        record(.answered)
        return ["late"]
    }

    private func record(_ ending: Ending) {
        endings.withLock { $0.append(ending) }
        signal.changed()
    }
}

@MainActor
final class Received {
    var calls: [([String]?, (any Error)?)] = []
    var completion: LookupCompletion { { results, error in self.calls.append((results, error)) } }
}

@Suite("Lookup API life-cycle")
@MainActor
struct LookupAPITests {
    let number = try! Fixtures.number("+79994673756")

    @Test("the async form returns the offline engine's lines")
    func asyncForm() async throws {
        let api = OfflineLookup(engine: Fixtures.engine, language: .english)
        let results = try await api.lookUp(number)
        #expect(results.first == "Country: Russia (+7 is shared with Kazakhstan)")
        #expect(results.contains("Carrier: MegaFon (the range holder; the number may have been ported)"))
    }

    @Test("the callback form calls back once, on the main actor")
    func callbackOnce() async {
        let received = Received()
        let request = OfflineLookup(engine: Fixtures.engine, language: .english).lookUp(number, completion: received.completion)
        #expect(await waitUntil { !received.calls.isEmpty })
        // Once cancel returns no callback may come (the API's promise, held by the cancel tests),
        // so the count read now is final: no sleep is needed to prove that a second one never comes.
        request.cancel()
        #expect(received.calls.count == 1)
        #expect(received.calls[0].0?.isEmpty == false)
        #expect(received.calls[0].1 == nil)
    }

    @Test("a misbehaving backend still calls back exactly once")
    func exactlyOnce() async {
        let received = Received()
        let log = DeliveryLog()
        _ = ExactlyOnceLookup(MisbehavingLookup(), log: log).lookUp(number, completion: received.completion)
        #expect(await waitUntil { log.delivered + log.dropped == 3 })
        #expect(received.calls.count == 1)
        #expect(received.calls[0].0 == ["first"])
        #expect(log.dropped == 2)
    }

    @Test("an answer after cancel never arrives")
    func neverAfterCancel() {
        let backend = ScriptedLookup()
        let received = Received()
        let log = DeliveryLog()
        let request = ExactlyOnceLookup(backend, log: log).lookUp(number, completion: received.completion)
        request.cancel()
        backend.answer(results: ["too late"])
        #expect(received.calls.isEmpty)
        #expect(log.dropped == 1)
    }

    @Test("an async backend cancelled mid-way never calls back")
    func asyncBackendCancel() async {
        let received = Received()
        let clock = ManualClock()
        let backend = SlowLookup(delay: .seconds(1), clock: clock)
        let request = backend.lookUp(number, completion: received.completion)
        await clock.waitForSleepers()
        request.cancel()
        // The cancel reaches the backend's wait; even once its time has passed, it never answers.
        await backend.signal.wait { [endings = backend.endings] in !endings.withLock { $0 }.isEmpty }
        clock.advance(by: .seconds(1))
        #expect(backend.endings.withLock { $0 } == [.cancelled])
        #expect(received.calls.isEmpty)
        #expect(request.isCancelled)
    }

    @Test("an answer with neither results nor error becomes an error")
    func neitherIsAnError() {
        let backend = ScriptedLookup()
        let received = Received()
        _ = ExactlyOnceLookup(backend).lookUp(number, completion: received.completion)
        backend.answer(results: nil, error: nil)
        #expect(received.calls.count == 1)
        #expect(received.calls[0].1 as? LookupError == .emptyAnswer)
    }

    @Test("an answer with both results and an error is the error")
    func errorWins() {
        let backend = ScriptedLookup()
        let received = Received()
        _ = ExactlyOnceLookup(backend).lookUp(number, completion: received.completion)
        backend.answer(results: ["x"], error: LookupError.server(status: 500))
        #expect(received.calls[0].0 == nil)
        #expect(received.calls[0].1 as? LookupError == .server(status: 500))
    }

    @Test("a silent backend times out after the deadline")
    func deadline() async {
        let received = Received()
        _ = ExactlyOnceLookup(SilentLookup(), deadline: .milliseconds(30)).lookUp(number, completion: received.completion)
        #expect(await waitUntil { received.calls.count == 1 })
        #expect(received.calls[0].1 as? LookupError == .timedOut(after: .milliseconds(30)))
    }

    @Test("cancelling the task of the async form throws at once and cancels the request")
    func asyncCancel() async {
        let backend = ScriptedLookup()
        let number = self.number
        let task = Task { try await backend.lookUp(number) }
        await backend.waitForCalls(1)
        #expect(backend.count == 1)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(backend.cancelledCount == 1)
        backend.answer(results: ["too late"])   // dropped, and no double resume
    }

    @Test("the async form throws the backend's error")
    func asyncError() async {
        let backend = ScriptedLookup()
        let number = self.number
        let task = Task { try await backend.lookUp(number) }
        await backend.waitForCalls(1)
        #expect(backend.count == 1)
        backend.answer(error: LookupError.invalidNumber(message: "nope"))
        await #expect(throws: LookupError.invalidNumber(message: "nope")) { try await task.value }
    }

    @Test("an error's localizedDescription is its message")
    func localizedDescription() {
        let error: any Error = LookupError.server(status: 503)
        #expect(error.localizedDescription == "The lookup service failed: HTTP 503")
    }
}
