import ErrorReporting
import Foundation
import Testing
import FlickrFeed

@Suite("URL building")
struct EndpointTests {
    @Test("the REST URL carries method, key, paging, extras and plain JSON")
    func restURL() throws {
        let endpoint = FlickrEndpoint(apiKey: "0123456789abcdef", perPage: 40)
        let url = endpoint.recentPhotosURL(page: 3)
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        #expect(
            components.scheme == "https" && components.host == "api.flickr.com"
                && components.path == "/services/rest/")
        let query = Dictionary(
            uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(
            query == [
                "method": "flickr.photos.getRecent", "api_key": "0123456789abcdef", "per_page": "40",
                "page": "3",
                "extras": "owner_name,date_upload,url_h,url_k,url_o", "format": "json", "nojsoncallback": "1",
            ])
    }

    @Test("another api base keeps its path and its own query, and ours wins")
    func customBase() throws {
        let base = try #require(URL(string: "http://127.0.0.1:8080/services/rest/?trace=1&page=9"))
        let url = FlickrEndpoint(apiBase: base, apiKey: "k", perPage: 10).recentPhotosURL(page: 2)
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(url.host == "127.0.0.1" && url.port == 8080)
        #expect(items.filter { $0.name == "page" }.map(\.value) == ["2"])
        #expect(items.contains(URLQueryItem(name: "trace", value: "1")))
    }

    @Test("the key is placed but never printed")
    func keyNeverPrinted() {
        let key = "5ecre7k3y0123456"
        let endpoint = FlickrEndpoint(apiKey: key)
        let url = endpoint.recentPhotosURL(page: 1)
        #expect(url.absoluteString.contains("api_key=\(key)"))
        #expect(!FlickrEndpoint.redacted(url).contains(key))
        #expect(FlickrEndpoint.redacted(url).contains("api_key=REDACTED"))
        #expect(!endpoint.description.contains(key))
        #expect(!String(describing: endpoint).contains(key))
        // An error that embeds the URL is safe to show too.
        let error = FlickrError.api(code: 100, message: "Invalid API Key: \(url.absoluteString)")
        #expect(!error.description.contains(key))
        #expect(!error.userFacingError.line(in: .english).contains(key))
    }

    @Test("image URLs for every suffix", arguments: PhotoSize.allCases)
    func imageURL(size: PhotoSize) {
        let photo = FlickrPhoto(id: "53123", owner: "o", secret: "abc123", server: "65535", title: "t")
        let url = FlickrImageURLs().url(for: photo, size: size)
        #expect(url.absoluteString == "https://live.staticflickr.com/65535/53123_abc123_\(size.rawValue).jpg")
        let local = FlickrImageURLs(imageBase: URL(string: "http://127.0.0.1:9/img")!).url(
            for: photo, size: size)
        #expect(local.absoluteString == "http://127.0.0.1:9/img/65535/53123_abc123_\(size.rawValue).jpg")
        #expect(FlickrImageURLs.stableKey(forImageURL: url) == FlickrImageURLs.stableKey(forImageURL: local))
    }

    @Test(
        "the smallest size that fills a cell sharply",
        arguments: [
            (32, 24, PhotoSize.n), (320, 240, .n), (321, 100, .z), (500, 640, .z), (800, 600, .c),
            (1000, 700, .b), (4000, 3000, .b),
        ])
    func smallestSize(width: Int, height: Int, expected: PhotoSize) {
        #expect(PhotoSize.smallest(toFill: width, height) == expected)
    }

    @Test("the square crop only for square cells")
    func square() {
        #expect(PhotoSize.smallest(toFill: 100, 100, square: true) == .q)
        #expect(PhotoSize.smallest(toFill: 100, 100) == .n)
        #expect(PhotoSize.smallest(toFill: 200, 200, square: true) == .n)
    }
}
