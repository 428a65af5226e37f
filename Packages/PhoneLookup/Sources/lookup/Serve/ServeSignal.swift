import Dispatch
import Foundation

/// What a signal asks of `lookup serve`: SIGHUP to load the numbering data again, SIGTERM and
/// SIGINT to stop, finishing the answers in flight. Waited for, rather than left to their default,
/// which ends the process at once.
enum ServeSignal: Sendable {
    case reload
    case stop

    /// The signals from now on, in the order they came; nothing else in the process may watch them.
    static func stream() -> AsyncStream<ServeSignal> {
        let signals: [(Int32, ServeSignal)] = [(SIGHUP, .reload), (SIGTERM, .stop), (SIGINT, .stop)]
        return AsyncStream { continuation in
            let sources = signals.map { number, meaning in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { continuation.yield(meaning) }
                source.resume()
                return source
            }
            let held = SignalSources(sources)
            continuation.onTermination = { _ in held.cancel() }
        }
    }
}

/// The signal sources a stream holds; the sources are only resumed and cancelled, each a
/// thread-safe Dispatch call, so sharing them across the stream's threads is safe.
private final class SignalSources: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]

    init(_ sources: [any DispatchSourceSignal]) { self.sources = sources }

    func cancel() {
        for source in sources { source.cancel() }
    }
}
