import ErrorReporting
import Foundation
import Networking

/// The real Flickr: `flickr.photos.getRecent` over the shared ``HTTPClient``.
///
/// ```swift
/// let client = FlickrClient(http: http, endpoint: FlickrEndpoint(apiKey: key, perPage: 40))
/// let page = try await client.recentPhotos(page: 1)
/// ```
public struct FlickrClient: RecentPhotosFetching {
    public let http: HTTPClient
    public let endpoint: FlickrEndpoint

    public init(http: HTTPClient, endpoint: FlickrEndpoint) {
        self.http = http
        self.endpoint = endpoint
    }

    public func recentPhotos(page: Int) async throws(FlickrError) -> FlickrPage {
        let url = endpoint.recentPhotosURL(page: page)
        let response: HTTPResponse
        do {
            response = try await http.send(HTTPRequest(url: url, headers: ["Accept": "application/json"]))
        } catch {
            throw .network(error)
        }
        guard response.isSuccess else {
            // Flickr sometimes explains a failure in its own JSON even with an error status.
            if case .api(let code, let message)? = Self.apiError(in: response.body) {
                throw .api(code: code, message: message)
            }
            throw .network(.httpStatus(code: response.statusCode, url: url))
        }
        return try FlickrResponseDecoder.page(from: response.body)
    }

    private static func apiError(in body: Data) -> FlickrError? {
        do {
            _ = try FlickrResponseDecoder.page(from: body)
            return nil
        } catch {
            return error
        }
    }
}
