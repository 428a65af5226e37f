/// What one effect does, as a ``Store`` runs it: start asynchronous work (with an id, so it can be
/// cancelled and replaced), cancel the work with an id, or nothing more.
public struct Work<Action: Sendable>: Sendable {
    enum Kind: Sendable {
        case none
        case run(id: EffectID?, replacing: Bool, body: @Sendable (Send<Action>) async -> Void)
        case cancel(EffectID)
        case send(Action)
        case merge([Work])
    }

    /// What starting a run does when one with the same id is in flight.
    public enum InFlight: Sendable {
        /// Cancel it and start the new one (a newer request supersedes an older one).
        case replace
        /// Keep it and start nothing (the work is already under way).
        case keep
    }

    let kind: Kind

    /// Nothing to run: the effect was done on the spot, or there was nothing to do.
    public static var none: Work { Work(kind: .none) }

    /// Starts `body` off the main actor; what it sends comes back to the store in order.
    ///
    /// Running again with the same `id` cancels the run in flight first (cancel-in-flight), and
    /// ``cancel(id:)`` stops it. Once a run is cancelled, whatever it still sends is dropped.
    public static func run<ID: Hashable & Sendable>(
        id: ID, inFlight: InFlight = .replace, _ body: @escaping @Sendable (Send<Action>) async -> Void
    ) -> Work {
        Work(kind: .run(id: EffectID(id), replacing: inFlight == .replace, body: body))
    }

    /// Starts `body` with no id: nothing cancels it but the store's ``Store/cancelAll()``.
    public static func run(_ body: @escaping @Sendable (Send<Action>) async -> Void) -> Work {
        Work(kind: .run(id: nil, replacing: true, body: body))
    }

    /// Several pieces of work, done in order: one effect that cancels one thing and starts another.
    public static func merge(_ works: [Work]) -> Work {
        Work(kind: .merge(works))
    }

    /// Handles `action` next, once the actions already queued are handled: an answer the
    /// interpreter has at once (a picture already in memory, a write that failed).
    public static func send(_ action: Action) -> Work {
        Work(kind: .send(action))
    }

    /// Cancels the run with `id`, if one is in flight.
    public static func cancel<ID: Hashable & Sendable>(id: ID) -> Work {
        Work(kind: .cancel(EffectID(id)))
    }
}

/// The identity of a run: any hashable, sendable value (a load's token, a page request, a case).
struct EffectID: Hashable, @unchecked Sendable {
    // Safe: built only from a `Hashable & Sendable` value, which AnyHashable wraps unchanged.
    private let value: AnyHashable

    init<ID: Hashable & Sendable>(_ id: ID) {
        value = AnyHashable(id)
    }
}

/// Sends a run's results back to its store, on the main actor: `await send(.loaded(picture))`.
///
/// A cancelled run's sends are dropped, so a late answer never reaches the reducer.
public struct Send<Action: Sendable>: Sendable {
    private let deliver: @MainActor @Sendable (Action) -> Void

    /// A sender that hands each action to `deliver` while its task is not cancelled.
    public init(_ deliver: @escaping @MainActor @Sendable (Action) -> Void) {
        self.deliver = deliver
    }

    /// Sends `action`, unless the run sending it was cancelled.
    @MainActor
    public func callAsFunction(_ action: Action) {
        guard !Task.isCancelled else { return }
        deliver(action)
    }

    /// Runs `operation`, relaying what it reports through the callback it is handed (from any
    /// thread) as `action(report)`: in order, the newest when reports come faster than the store
    /// takes them, and none once `operation` has returned or the run was cancelled.
    ///
    /// ```swift
    /// let picture = await send.relaying({ .loadProgressed(token, $0) }) { report in
    ///     try? await loader.load(url, progress: report)
    /// }
    /// ```
    public func relaying<Report: Sendable, Output>(
        _ action: @escaping @Sendable (Report) -> Action,
        during operation: (@escaping @Sendable (Report) -> Void) async -> Output
    ) async -> Output {
        let (reports, sink) = AsyncStream.makeStream(of: Report.self, bufferingPolicy: .bufferingNewest(1))
        return await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await report in reports { await self(action(report)) }
            }
            let output = await operation { sink.yield($0) }
            sink.finish()
            group.cancelAll()
            return output
        }
    }
}
