import TestSupport
import DemoServer
import Foundation
import Networking
import Testing

/// A DemoServer for one test, configured and not yet started: `run { base in … }` starts and stops it.
func demoServer(_ configure: (DemoServer) -> Void = { _ in }) -> DemoServer {
    let server = DemoServer()
    configure(server)
    return server
}

/// Every transport this platform can run: the networking matrix runs against each of them.
let transports = HTTPClient.Transport.allCases.filter(\.isAvailable)

/// A client scaled down for tests: a 1 s deadline instead of 30 s (300 ms proved too tight for a
/// cold first run on two cores shared with parallel builds, on either transport).
func testClient(
    _ transport: HTTPClient.Transport = .platformDefault,
    deadline: Duration = .seconds(1),
    limit: Int = 6,
    maxBytes: Int = 50_000_000,
    maxRedirects: Int = 10,
    connectivity: Connectivity? = nil
) -> HTTPClient {
    HTTPClient(
        configuration: .init(deadline: deadline, maxConcurrentRequests: limit, maxResponseBytes: maxBytes,
                             maxRedirects: maxRedirects, transport: transport),
        connectivity: connectivity
    )
}


/// The error a load threw, or nil when it succeeded.
func loadError(_ body: () async throws(NetworkError) -> HTTPResponse) async -> NetworkError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}

/// True when a load's Task ended with ``NetworkError/cancelled``.
func isCancelled(_ result: Result<HTTPResponse, any Error>) -> Bool {
    guard case .failure(let error) = result else { return false }
    return (error as? NetworkError) == .cancelled
}
