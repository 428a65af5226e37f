import Foundation

/// Fetches the bytes at a URL: what a picture pipeline or a dataset source needs from the network.
/// ``HTTPClient`` is the production loader; tests inject their own.
public protocol DataLoading: Sendable {
    /// The body at `url`; cancelling the calling task cancels the transfer.
    func data(for url: URL) async throws(NetworkError) -> Data
}

/// `HTTPClient.data(for:)` already has the shape.
extension HTTPClient: DataLoading {}
