import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking

/// The state of one URLSession data task: the bytes so far and the one continuation to resume.
///
/// The first outcome wins: a timeout or a cancellation resumes the caller at once, and the late
/// completion from URLSession (after `cancel()`) is ignored.
final class Transfer: Sendable {
    private struct State {
        var response: HTTPURLResponse?
        var body = Data()
        var redirects = 0
    }

    let url: URL
    let limit: Int
    private let state = LockedValue(State())
    private let decision = TransferOutcome()

    init(url: URL, limit: Int) {
        self.url = url
        self.limit = limit
    }

    /// Waits for the outcome; `start` runs once the continuation is in place.
    func outcome(start: () -> Void) async -> TransferResult {
        await decision.wait(start: start)
    }

    /// Records the outcome unless one is already recorded; resumes the waiter. True if this call decided.
    @discardableResult
    func finish(_ result: TransferResult) -> Bool {
        decision.finish(result)
    }

    /// Stores the response head; false if it announces more than the limit.
    func receive(response: HTTPURLResponse) -> Bool {
        state.withLock { $0.response = response }
        return response.expectedContentLength <= Int64(limit)
    }

    /// Appends body bytes; false once the body passes the limit.
    func receive(data: Data) -> Bool {
        state.withLock { state in
            state.body.append(data)
            if state.body.count > limit {
                state.body = Data()
                return false
            }
            return true
        }
    }

    /// Counts one more redirect; returns the count so far.
    func countRedirect() -> Int {
        state.withLock { state in
            state.redirects += 1
            return state.redirects
        }
    }

    /// What arrived so far: the response head and the number of body bytes.
    var received: (response: HTTPURLResponse?, bytes: Int) {
        state.withLock { ($0.response, $0.body.count) }
    }

    /// The complete response, once URLSession says the task finished without error.
    func completedResponse() -> TransferResult {
        state.withLock { state in
            guard let response = state.response else {
                return .failure(.transport(description: "no response head"))
            }
            var headers: [String: String] = [:]
            for case let (name as String, value as String) in response.allHeaderFields {
                headers[name] = value
            }
            return .success(HTTPResponse(url: response.url ?? url, statusCode: response.statusCode,
                                         headers: headers, body: state.body))
        }
    }
}

/// The one delegate of the client's URLSession: routes callbacks to the ``Transfer`` of each task.
final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let transfers = LockedValue<[Int: Transfer]>([:])
    private let mapError: @Sendable (any Error, Transfer) -> NetworkError
    private let maxRedirects: Int

    init(maxRedirects: Int, mapError: @escaping @Sendable (any Error, Transfer) -> NetworkError) {
        self.maxRedirects = maxRedirects
        self.mapError = mapError
    }

    func register(_ transfer: Transfer, for task: URLSessionTask) {
        transfers.withLock { $0[task.taskIdentifier] = transfer }
    }

    private func transfer(for task: URLSessionTask) -> Transfer? {
        transfers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        guard let transfer = transfer(for: dataTask), let http = response as? HTTPURLResponse else {
            completionHandler(.allow)
            return
        }
        if transfer.receive(response: http) {
            completionHandler(.allow)
        } else {
            // Content-Length already says it is too big: do not read a byte of the body.
            transfer.finish(.failure(.responseTooLarge(limit: transfer.limit)))
            completionHandler(.cancel)
        }
    }

    /// Follows a redirect only to http or https, and only `maxRedirects` times per load.
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        guard let transfer = transfer(for: task) else {
            completionHandler(request)
            return
        }
        let scheme = request.url?.scheme?.lowercased() ?? ""
        let refusal: NetworkError? = if scheme != "http" && scheme != "https" {
            .unsupportedScheme(scheme)
        } else if transfer.countRedirect() > maxRedirects {
            .tooManyRedirects(limit: maxRedirects)
        } else {
            nil
        }
        guard let refusal else {
            completionHandler(request)
            return
        }
        // nil ends the task with the redirect response as its last: nothing more is fetched. It goes
        // first: FoundationNetworking runs it later on the task's serial queue, and a cancel queued
        // before it (the client closing its session once the caller has the refusal) makes it
        // trap: "Received callback for HTTP redirection, but we're not waiting for it".
        completionHandler(nil)
        transfer.finish(.failure(refusal))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(for: dataTask) else { return }
        if !transfer.receive(data: data) {
            transfer.finish(.failure(.responseTooLarge(limit: transfer.limit)))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        guard let transfer else { return }
        if let error {
            transfer.finish(.failure(mapError(error, transfer)))
        } else {
            transfer.finish(transfer.completedResponse())
        }
    }

    /// Forgets a task whose outcome was decided elsewhere (timeout, cancellation).
    func forget(_ task: URLSessionTask) {
        _ = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    }
}
