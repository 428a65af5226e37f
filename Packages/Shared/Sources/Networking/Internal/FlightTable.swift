import Foundation
import Locking

/// What makes two GETs identical: the URL and the request's own header fields.
struct FlightKey: Hashable, Sendable {
    let url: String
    let headers: [String: String]

    init(_ request: HTTPRequest) {
        url = request.url.absoluteString
        headers = Dictionary(request.headers.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
    }
}

/// The GETs in flight, each shared by every caller that asks for the same thing meanwhile.
///
/// Each caller waits on its own continuation, so cancelling one caller answers that caller at once
/// without touching the transfer; the transfer is cancelled when its last caller leaves.
final class FlightTable: Sendable {
    private final class Flight: Sendable {
        struct State {
            var waiters: [UInt64: CheckedContinuation<TransferResult, Never>] = [:]
            /// Callers that joined and have not left, including ones not yet waiting.
            var members = 0
            /// Callers that cancelled; answered `.cancelled` even if they had not started waiting.
            var departed: Set<UInt64> = []
            var result: TransferResult?
            var task: Task<Void, Never>?
        }
        let state = LockedValue(State())
    }

    private struct Table {
        var flights: [FlightKey: Flight] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let table = LockedValue(Table())

    /// Number of flights in the air.
    var count: Int { table.withLock { $0.flights.count } }

    /// Joins the flight for `key`, starting it with `work` if there is none.
    func join(key: FlightKey, work: @escaping @Sendable () async -> TransferResult) async -> TransferResult {
        let (flight, waiterID, isNew) = table.withLock { table -> (Flight, UInt64, Bool) in
            table.nextWaiter += 1
            // A flight whose last caller just left is being cancelled: never board it.
            if let existing = table.flights[key], existing.state.withLock({ state in
                guard state.members > 0, state.result == nil else { return false }
                state.members += 1
                return true
            }) {
                return (existing, table.nextWaiter, false)
            }
            let flight = Flight()
            flight.state.withLock { $0.members = 1 }
            table.flights[key] = flight
            return (flight, table.nextWaiter, true)
        }
        if isNew {
            let task = Task { [self] in
                let result = await work()
                self.land(flight, key: key, result: result)
            }
            let abandoned = flight.state.withLock { state in
                state.task = task
                return state.members == 0
            }
            if abandoned { task.cancel() }
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<TransferResult, Never>) in
                let immediate = flight.state.withLock { state -> TransferResult? in
                    if state.departed.contains(waiterID) { return .failure(.cancelled) }
                    if let result = state.result { return result }
                    state.waiters[waiterID] = continuation
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            self.leave(flight, key: key, waiterID: waiterID)
        }
    }

    /// One caller leaves: it is answered `.cancelled`; the last one to leave cancels the transfer.
    private func leave(_ flight: Flight, key: FlightKey, waiterID: UInt64) {
        let (continuation, taskToCancel, isLast) = flight.state.withLock {
            state -> (CheckedContinuation<TransferResult, Never>?, Task<Void, Never>?, Bool) in
            guard state.result == nil, !state.departed.contains(waiterID) else { return (nil, nil, false) }
            state.departed.insert(waiterID)
            let continuation = state.waiters.removeValue(forKey: waiterID)
            state.members -= 1
            return (continuation, state.task, state.members == 0)
        }
        if isLast {
            // Nobody wants it any more: a new caller must start a fresh transfer.
            table.withLock { table in
                if table.flights[key] === flight { table.flights[key] = nil }
            }
            taskToCancel?.cancel()
        }
        continuation?.resume(returning: .failure(.cancelled))
    }

    private func land(_ flight: Flight, key: FlightKey, result: TransferResult) {
        table.withLock { table in
            if table.flights[key] === flight { table.flights[key] = nil }
        }
        let waiters = flight.state.withLock { state in
            state.result = result
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: result) }
    }
}
