#if canImport(CCurl)
import CCurl
import Foundation
import Locking

/// The transport over libcurl's multi interface: one multi handle per client (one connection cache,
/// one DNS cache, connections reused), driven by one sleeping thread.
///
/// libcurl keeps the per-load promises itself: the deadline (`CURLOPT_TIMEOUT_MS`, set when the
/// load gets its slot), http/https only for the request and its redirects, the redirect limit,
/// HTTP/2 over TLS when offered, the system's CA store, and `http_proxy`/`https_proxy`/`no_proxy`.
/// The size limit is checked in the write callback, on decoded bytes, as they arrive.
///
/// The multi handle and its thread are made at the first load, not with the client: libcurl is
/// loaded on first use (see `CCurl.h`), so a process that never goes to the network (a warm cache,
/// `--help`) never pays for it.
final class CurlTransport: HTTPTransporting {
    private enum State: Sendable {
        case idle
        case running(CurlMulti)
        case unavailable(String)
        case invalidated
    }

    private let configuration: HTTPClient.Configuration
    private let state = LockedValue(State.idle)

    init(configuration: HTTPClient.Configuration) {
        self.configuration = configuration
    }

    deinit {
        invalidate()
    }

    func invalidate() {
        let previous = state.withLock { state in
            defer { state = .invalidated }
            return state
        }
        if case .running(let multi) = previous { multi.close() }
    }

    var isStarted: Bool {
        state.withLock { state in
            if case .running = state { return true }
            return false
        }
    }

    /// The multi handle, made (and libcurl loaded) by the first load; or why there is none.
    private func multi() -> Result<CurlMulti, NetworkError> {
        state.withLock { state in
            if case .idle = state {
                if let reason = ccurl_load() {
                    state = .unavailable(String(cString: reason))
                } else if let multi = CurlMulti(name: "workbench.curl") {
                    state = .running(multi)
                } else {
                    state = .unavailable("libcurl could not make a multi handle")
                }
            }
            switch state {
            case .running(let multi): return .success(multi)
            case .unavailable(let reason): return .failure(.transport(description: reason))
            case .idle, .invalidated: return .failure(.cancelled)
            }
        }
    }

    func run(_ request: HTTPRequest, observer: TransferObserver?) async -> TransferResult {
        let multi: CurlMulti
        switch self.multi() {
        case .success(let made): multi = made
        case .failure(let error): return .failure(error)
        }
        guard let transfer = CurlTransfer(request: request, configuration: configuration, observer: observer) else {
            return .failure(.transport(description: "libcurl could not make a handle"))
        }
        return await withTaskCancellationHandler {
            await transfer.outcome { multi.add(transfer) }
        } onCancel: {
            if transfer.finish(.failure(.cancelled)) { multi.cancel(transfer) }
        }
    }
}
#endif

#if canImport(CCurl)
extension HTTPClient {
    /// Starts loading libcurl on a thread of its own, so that the first load finds it ready.
    ///
    /// For a process that knows early that it will go to the network (the gallery with no cache yet
    /// calls it before it parses its arguments): loading libcurl and the libraries it needs takes
    /// a while, on a core that single-threaded parsing leaves idle, so the first download no longer
    /// waits for it. Meanwhile a thread that starts waits for the loader (glibc's TLS lock), which
    /// is also why opening a disk cache starts none when it has nothing to tidy, and why the caller
    /// calls this from a worker of libdispatch's: its first worker is then running already.
    ///
    /// The same thread then runs libcurl's global set-up (OpenSSL's), which the first
    /// multi handle would otherwise wait for. A bare POSIX thread: a Foundation `Thread` costs
    /// more before the load starts (the bench's cold rows show the figures).
    package static func prepareTransport() {
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { _ in
            _ = ccurl_prepare()
            return nil
        }, nil)
        if started == 0 { pthread_detach(thread) }
    }
}
#else
extension HTTPClient {
    /// Nothing to prepare where URLSession is the system's.
    package static func prepareTransport() {}
}
#endif
