import ErrorReporting
import Foundation
import Locking
import PhoneLookup
import TestSupport
import Testing

/// A backend scripted per test: answers when the test says so, and can misbehave on purpose.
final class ScriptedLookup: PhoneLookupAPI {
    struct Call { let number: PhoneNumber; let completion: LookupCompletion; let request: LookupRequest }
    private let calls = LockedValue<[Call]>([])
    /// Changes with every request made: wait on it for a request the store starts in a task.
    let signal = Signal()

    var numbers: [PhoneNumber] { calls.withLock { $0.map(\.number) } }
    var count: Int { calls.withLock { $0.count } }
    var cancelledCount: Int { calls.withLock { $0.filter(\.request.isCancelled).count } }

    func lookUp(_ number: PhoneNumber, completion: @escaping LookupCompletion) -> LookupRequest {
        let request = LookupRequest { [signal] in signal.changed() }
        calls.withLock { $0.append(Call(number: number, completion: completion, request: request)) }
        signal.changed()
        return request
    }

    /// Returns once `count` requests have been made.
    func waitForCalls(_ count: Int) async {
        await signal.wait { [calls] in calls.withLock { $0.count } >= count }
    }

    /// Returns once `count` requests have been cancelled (the store cancels in its own time).
    func waitForCancellations(_ count: Int) async {
        await signal.wait { [calls] in calls.withLock { $0.filter(\.request.isCancelled).count } >= count }
    }

    /// Calls back the `index`th request as a backend would, ignoring whether it was cancelled.
    @MainActor
    func answer(_ index: Int = 0, results: [String]? = nil, error: (any Error)? = nil) {
        let completion = calls.withLock { $0[index].completion }
        completion(results, error)
    }
}

/// A backend that breaks every rule: answers twice, then once more with nothing.
struct MisbehavingLookup: PhoneLookupAPI {
    func lookUp(_ number: PhoneNumber, completion: @escaping LookupCompletion) -> LookupRequest {
        Task { @MainActor in
            completion(["first"], nil)
            completion(["second"], nil)
            completion(nil, nil)
        }
        return LookupRequest {}
    }
}

/// A backend that never calls back.
struct SilentLookup: PhoneLookupAPI {
    func lookUp(_ number: PhoneNumber, completion: @escaping LookupCompletion) -> LookupRequest { LookupRequest {} }
}

/// Countries fed by the test, one update at a time.
final class ControlledCountries: CountryProviding {
    private let continuations = LockedValue<[AsyncStream<CountryUpdate>.Continuation]>([])
    private let starts = LockedValue(0)

    var loadCount: Int { starts.withLock { $0 } }

    func countryUpdates() -> AsyncStream<CountryUpdate> {
        starts.withLock { $0 += 1 }
        let (stream, continuation) = AsyncStream<CountryUpdate>.makeStream()
        continuations.withLock { $0.append(continuation) }
        return stream
    }

    func send(_ update: CountryUpdate, finish: Bool = true) {
        guard let continuation = continuations.withLock({ $0.last }) else { return }
        continuation.yield(update)
        if finish { continuation.finish() }
    }
}

struct Offline: Error, UserFacingErrorConvertible {
    var userFacingError: UserFacingError {
        UserFacingError(code: "offline", message: LocalizedText(en: "No internet connection", ru: "Нет соединения с Интернетом"))
    }
}

