#if canImport(CCurl)
import CCurl
import Foundation
import Locking

/// One libcurl multi handle and the one thread that drives it.
///
/// The thread sleeps in `curl_multi_poll` (which wakes for socket activity and for libcurl's own
/// timers, such as a transfer's deadline) and is woken by `curl_multi_wakeup` when a transfer is
/// added or cancelled: no busy loop, and no timer while nothing happens. Every call on the multi
/// handle except `curl_multi_wakeup` happens on that thread; other threads hand work over through
/// the locked inbox. That is what makes the `@unchecked Sendable` safe.
final class CurlMulti: @unchecked Sendable {
    private struct Inbox {
        var added: [CurlTransfer] = []
        var cancelled: [CurlTransfer] = []
        var closing = false
        /// Set by the thread just before it cleans up the multi handle: no more wakeups after that.
        var finished = false
    }

    private let multi: UnsafeMutableRawPointer
    private let threadName: String
    private let inbox = LockedValue(Inbox())
    /// The transfers in the multi handle, retained here while libcurl holds their pointers.
    /// Driver thread only.
    private var active: [ObjectIdentifier: CurlTransfer] = [:]

    /// How long the thread sleeps when nothing at all is going on; wakeups and libcurl's own timers
    /// cut it short, so this only bounds how long a forgotten multi handle lingers.
    private static let idleWait: Int32 = 3_600_000

    /// Makes the multi handle and starts its thread; nil when libcurl cannot make one.
    ///
    /// A bare POSIX thread, which starts half a millisecond sooner than a Foundation `Thread`:
    /// the first load of a run waits for it. It holds the multi until `drive` returns.
    init?(name: String) {
        CurlMulti.initializeLibrary()
        guard let multi = curl_multi_init() else { return nil }
        self.multi = multi
        threadName = name
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            let multi = Unmanaged<CurlMulti>.fromOpaque(context!).takeRetainedValue()
            ccurl_name_thread(multi.threadName)
            multi.drive()
            return nil
        }, context)
        guard started == 0 else {
            Unmanaged<CurlMulti>.fromOpaque(context).release()
            curl_multi_cleanup(multi)
            return nil
        }
        pthread_detach(thread)
    }

    /// Hands `transfer` to the thread.
    func add(_ transfer: CurlTransfer) {
        let accepted = post { inbox -> Bool in
            guard !inbox.closing else { return false }
            inbox.added.append(transfer)
            return true
        }
        if !accepted { transfer.finish(.failure(.cancelled)) }
    }

    /// Takes `transfer` out of the multi handle at once, closing its connection.
    func cancel(_ transfer: CurlTransfer) {
        post { inbox in inbox.cancelled.append(transfer) }
    }

    /// Cancels every transfer and ends the thread; the multi handle is cleaned up on it.
    func close() {
        post { inbox in inbox.closing = true }
    }

    /// Changes the inbox and wakes the thread, under one lock so that a wakeup never reaches a
    /// multi handle the thread has already cleaned up.
    @discardableResult
    private func post<T>(_ change: (inout Inbox) -> T) -> T {
        inbox.withLock { inbox in
            let value = change(&inbox)
            if !inbox.finished { curl_multi_wakeup(multi) }
            return value
        }
    }

    // MARK: - The thread

    private func drive() {
        while true {
            let (added, cancelled, closing) = inbox.withLock { inbox in
                defer {
                    inbox.added = []
                    inbox.cancelled = []
                }
                return (inbox.added, inbox.cancelled, inbox.closing)
            }
            for transfer in added where !transfer.isFinished {
                if curl_multi_add_handle(multi, transfer.easy) == CURLM_OK {
                    active[ObjectIdentifier(transfer)] = transfer
                } else {
                    transfer.finish(.failure(.transport(description: "libcurl refused the transfer")))
                }
            }
            for transfer in cancelled {
                remove(transfer)
            }
            if closing { break }

            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            collectFinished()
            curl_multi_poll(multi, nil, 0, Self.idleWait, nil)
        }
        for transfer in Array(active.values) {
            remove(transfer)
            transfer.finish(.failure(.cancelled))
        }
        let leftovers = inbox.withLock { inbox in
            inbox.finished = true
            defer { inbox.added = [] }
            return inbox.added
        }
        for transfer in leftovers { transfer.finish(.failure(.cancelled)) }
        curl_multi_cleanup(multi)
    }

    /// Answers every transfer libcurl says is done.
    private func collectFinished() {
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                  let transfer = CurlTransfer.owner(of: easy) else { continue }
            let code = message.pointee.data.result
            // Read the result before removing the handle: removal frees the message.
            let result = transfer.completion(code)
            remove(transfer)
            transfer.finish(result)
        }
    }

    private func remove(_ transfer: CurlTransfer) {
        guard let transfer = active.removeValue(forKey: ObjectIdentifier(transfer)) else { return }
        curl_multi_remove_handle(multi, transfer.easy)
    }
}

extension CurlMulti {
    /// `curl_global_init` (which sets up OpenSSL), once per process, before the first handle; a
    /// call after the first sleeps until it is done (see `ccurl_prepare`).
    static func initializeLibrary() { _ = ccurl_prepare() }
}
#endif
