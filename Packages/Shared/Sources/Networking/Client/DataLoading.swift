import Foundation

/// Fetches the bytes at a URL: what a picture pipeline or a dataset source needs from the network.
/// ``HTTPClient`` is the production loader; tests inject their own.
public protocol DataLoading: Sendable {
    /// The body at `url`; cancelling the calling task cancels the transfer.
    func data(for url: URL) async throws(NetworkError) -> Data

    /// GETs `url` with `options` (validators for a conditional request, a range, a priority) and
    /// returns the whole response: a `304 Not Modified` and a `206 Partial Content` come back as
    /// they are, any other status outside 2xx throws ``NetworkError/httpStatus(code:url:)``.
    func response(for url: URL, options: TransferOptions) async throws(NetworkError) -> HTTPResponse
}

extension DataLoading {
    /// For a loader that knows only bodies: the options are not used and every answer is a plain 200.
    public func response(for url: URL, options: TransferOptions) async throws(NetworkError) -> HTTPResponse {
        HTTPResponse(url: url, statusCode: 200, body: try await data(for: url))
    }
}

/// `HTTPClient.data(for:)` already has the shape.
extension HTTPClient: DataLoading {
    public func response(for url: URL, options: TransferOptions) async throws(NetworkError) -> HTTPResponse {
        let response = try await send(
            HTTPRequest(url: url, headers: options.headers), priority: options.priority, observer: options.observer)
        guard response.isSuccess || response.statusCode == 304 else {
            throw .httpStatus(code: response.statusCode, url: url)
        }
        return response
    }
}
