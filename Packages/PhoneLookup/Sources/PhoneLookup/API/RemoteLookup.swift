import Foundation
import Networking

/// The lookup API over HTTP, through the shared ``HTTPClient``.
///
/// The contract (see the package README):
/// `GET {base}/v1/lookup?number=%2B79994673756` answers
/// - 200 `{"number":"+79994673756","results":["…"]}`: the results, in order, one-to-one;
/// - 400 `{"error":{"code":"invalidNumber","message":"…"}}`: the number was refused, with why;
/// - anything else: a server error.
///
/// Cancelling the request cancels its task, which closes the connection at once.
public struct RemoteLookup: AsyncLookupBackend {
    public let baseURL: URL
    public let client: HTTPClient

    /// - Parameters:
    ///   - baseURL: the service root, such as `http://127.0.0.1:8090`.
    ///   - client: the command's one HTTP client (its deadline bounds every lookup).
    public init(baseURL: URL, client: HTTPClient) {
        self.baseURL = baseURL
        self.client = client
    }

    /// The request URL for `number`, with the `+` escaped as `%2B`; a short number (112) goes
    /// as dialled, with the region it was dialled in, since it means nothing with a calling code.
    public func url(for number: PhoneNumber) -> URL {
        var components = URLComponents(url: baseURL.appendingPathComponent("v1/lookup"), resolvingAgainstBaseURL: false)!
        if let short = number.classification?.shortNumber {
            components.percentEncodedQuery = "number=\(number.nationalNumber)&country=\(short.region)"
        } else {
            components.percentEncodedQuery = "number=%2B" + number.digits
        }
        return components.url!
    }

    public func answer(for number: PhoneNumber) async throws -> [String] {
        let response: HTTPResponse
        do {
            response = try await client.send(HTTPRequest(url: url(for: number), headers: ["Accept": "application/json"]))
        } catch .cancelled {
            throw CancellationError()
        } catch {
            throw LookupError.network(error)
        }
        switch response.statusCode {
        case 200:
            guard let body = try? JSONDecoder().decode(LookupAnswer.self, from: response.body) else {
                throw LookupError.badResponse(detail: "expected {\"number\", \"results\"}")
            }
            return body.results
        case 400:
            let message = (try? JSONDecoder().decode(LookupRefusal.self, from: response.body))?.error.message
            throw LookupError.invalidNumber(message: message ?? "The service refused the number")
        default:
            throw LookupError.server(status: response.statusCode)
        }
    }
}

/// The 200 body of the lookup contract.
package struct LookupAnswer: Codable, Sendable, Equatable {
    package var number: String
    package var results: [String]
    /// The machine-readable answer (absent from older services).
    package var details: NumberDetails?

    package init(number: String, results: [String], details: NumberDetails? = nil) {
        self.number = number
        self.results = results
        self.details = details
    }
}

/// The 400 body of the lookup contract.
package struct LookupRefusal: Codable, Sendable, Equatable {
    package struct Detail: Codable, Sendable, Equatable {
        package var code: String
        package var message: String
    }

    package var error: Detail

    package init(code: String, message: String) {
        error = Detail(code: code, message: message)
    }
}
