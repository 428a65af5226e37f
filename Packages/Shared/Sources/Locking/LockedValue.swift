#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that only one thread at a time may touch, behind a pthread mutex.
///
/// The workbench's one lock, used wherever `Synchronization.Mutex` would be. On Linux `Mutex` waits
/// on a futex the thread sanitizer does not intercept, so TSan reports every access under it as a
/// race (`scripts/tsan-lock-check` shows it on a 12-line program); a pthread mutex is intercepted, so
/// `swift test --sanitize=thread` reports only real races. The call sites read as they did with
/// `Mutex`: `counts.withLock { $0.delivered += 1 }`.
package final class LockedValue<Value>: @unchecked Sendable {
    // @unchecked: `value` is read and written only inside `withLock`, between lock and unlock of
    // `mutex`; the mutex lives at a stable heap address for the object's whole life.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Wraps `value`; from now on it is reached only through ``withLock(_:)``.
    package init(_ value: sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock, and returns what `body` returns.
    ///
    /// Not reentrant: calling `withLock` on the same value from inside `body` deadlocks.
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
