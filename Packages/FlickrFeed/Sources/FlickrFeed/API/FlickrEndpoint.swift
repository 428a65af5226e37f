import ErrorReporting
import Foundation

/// Where and how to ask Flickr for recent photos: the REST URL of each page.
///
/// The key is placed in the URL (Flickr wants it there) but never in ``description`` or anything
/// else meant for people: print ``redacted(_:)`` of a URL, never the URL.
///
/// ```swift
/// let endpoint = FlickrEndpoint(apiKey: key)
/// let url = endpoint.recentPhotosURL(page: 2)   // ...&page=2&...
/// ```
public struct FlickrEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// Flickr's REST endpoint.
    public static let defaultAPIBase = URL(string: "https://api.flickr.com/services/rest/")!
    /// Extras asked for with every page: the owner's name, the upload date, and the URLs and
    /// sizes of the largest pictures Flickr keeps (1600, 2048 and the original, where the owner
    /// allows them), for the full view's zoom.
    static let extras = ["owner_name", "date_upload", "url_h", "url_k", "url_o"]

    public var apiBase: URL
    public var apiKey: String
    public var perPage: Int

    public init(apiBase: URL = Self.defaultAPIBase, apiKey: String, perPage: Int = 40) {
        self.apiBase = apiBase
        self.apiKey = apiKey
        self.perPage = perPage
    }

    /// `GET {api-base}?method=flickr.photos.getRecent&api_key=…&per_page=…&page=N&extras=…&format=json&nojsoncallback=1`.
    public func recentPhotosURL(page: Int) -> URL {
        var components =
            URLComponents(url: apiBase, resolvingAgainstBaseURL: false)
            ?? URLComponents(string: Self.defaultAPIBase.absoluteString)!
        let kept = (components.queryItems ?? []).filter { !Self.ownNames.contains($0.name) }
        components.queryItems =
            kept + [
                URLQueryItem(name: "method", value: "flickr.photos.getRecent"),
                URLQueryItem(name: "api_key", value: apiKey),
                URLQueryItem(name: "per_page", value: String(perPage)),
                URLQueryItem(name: "page", value: String(page)),
                URLQueryItem(name: "extras", value: Self.extras.joined(separator: ",")),
                URLQueryItem(name: "format", value: "json"),
                URLQueryItem(name: "nojsoncallback", value: "1"),
            ]
        // `+` in a key would read as a space on the server; URLComponents leaves it alone.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(
            of: "+", with: "%2B")
        return components.url ?? apiBase
    }

    /// A URL made printable: the key masked.
    public static func redacted(_ url: URL) -> String { Redactor.redact(url) }

    public var description: String {
        "FlickrEndpoint(\(Redactor.redact(recentPhotosURL(page: 1))))"
    }

    private static let ownNames: Set<String> = [
        "method", "api_key", "per_page", "page", "extras", "format", "nojsoncallback",
    ]
}
