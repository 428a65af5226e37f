#if canImport(CCurl)
import CCurl
import Foundation

/// The transport over libcurl's multi interface: one multi handle per client (one connection cache,
/// one DNS cache, connections reused), driven by one sleeping thread.
///
/// libcurl keeps the per-load promises itself: the deadline (`CURLOPT_TIMEOUT_MS`, set when the
/// load gets its slot), http/https only for the request and its redirects, the redirect limit,
/// HTTP/2 over TLS when offered, the system's CA store, and `http_proxy`/`https_proxy`/`no_proxy`.
/// The size limit is checked in the write callback, on decoded bytes, as they arrive.
final class CurlTransport: HTTPTransporting {
    private let configuration: HTTPClient.Configuration
    private let multi: CurlMulti?

    init(configuration: HTTPClient.Configuration) {
        self.configuration = configuration
        self.multi = CurlMulti(name: "workbench.curl")
    }

    deinit {
        multi?.close()
    }

    func invalidate() {
        multi?.close()
    }

    func run(_ request: HTTPRequest) async -> TransferResult {
        guard let multi, let transfer = CurlTransfer(request: request, configuration: configuration) else {
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
