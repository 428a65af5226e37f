import DemoServer
import FlickrFeed
import Foundation
import Synchronization

/// A made-up Flickr for `--demo`, tests and benchmarks: a newest-first stream of generated photos
/// that grows while you read, answered in getRecent's JSON shapes.
///
/// It knows nothing of HTTP servers: the `flickr` executable and the bench register its answers as
/// DemoServer routes. Numbers come as numbers on odd pages and as strings on even ones, as Flickr
/// really does; a wrong key gets `stat: fail` code 100 with HTTP 200; a request without
/// `nojsoncallback=1` gets JSONP, as from Flickr.
///
/// ```swift
/// let stream = FlickrDemoStream(initialCount: 1000, uploadInterval: .seconds(5))
/// let answer = stream.restAnswer(query: request.query)   // (status, contentType, body)
/// ```
public final class FlickrDemoStream: Sendable {
    /// The key the demo accepts (any other is refused with code 100).
    public let apiKey: String
    /// How many photos each "upload" adds.
    public let uploadBatch: Int
    /// How often a batch is "uploaded", or nil for a stream that only grows by ``upload(_:)``.
    public let uploadInterval: Duration?

    private let initialCount: Int
    private let elapsed: @Sendable () -> Duration
    private let manualUploads = Atomic<Int>(0)

    /// - Parameters:
    ///   - initialCount: photos in the stream at the start.
    ///   - uploadInterval: how often `uploadBatch` new photos appear; nil for never (tests call ``upload(_:)``).
    ///   - uploadBatch: photos per upload.
    ///   - apiKey: the one key accepted.
    ///   - elapsed: time since the stream began; tests pass a clock they move by hand.
    public init(
        initialCount: Int = 1000, uploadInterval: Duration? = .seconds(5), uploadBatch: Int = 3,
        apiKey: String = "demo", elapsed: (@Sendable () -> Duration)? = nil
    ) {
        self.initialCount = max(0, initialCount)
        self.uploadInterval = uploadInterval
        self.uploadBatch = max(1, uploadBatch)
        self.apiKey = apiKey
        if let elapsed {
            self.elapsed = elapsed
        } else {
            let started = ContinuousClock.now
            self.elapsed = { .now - started }
        }
    }

    /// Makes `count` more photos appear at the top of the stream now.
    public func upload(_ count: Int) {
        manualUploads.add(count, ordering: .relaxed)
    }

    /// Photos in the stream now: the initial ones plus every upload so far.
    public var count: Int {
        var count = initialCount + manualUploads.load(ordering: .relaxed)
        if let uploadInterval, uploadInterval > .zero {
            let ticks = Int(elapsed() / uploadInterval)
            count += ticks * uploadBatch
        }
        return count
    }

    /// The generated photo number `number` (1 is the oldest).
    public func photo(number: Int) -> FlickrPhoto {
        let words = Self.words
        let first = words[(number * 7) % words.count]
        let second = words[(number * 13 + 5) % words.count]
        let title: String
        switch number % 10 {
        case 0: title = ""
        case 3:
            title = "\(first.capitalized) \(second) at dusk, seen from the old harbour wall on a long walk"
        case 6: title = "Фото \(number): \(first)"
        default: title = "\(first.capitalized) \(second) #\(number)"
        }
        return FlickrPhoto(
            id: String(Self.firstID + number),
            owner: "\(10_000 + number % 97)@N0\(number % 9)",
            secret: Self.secret(for: number),
            server: String(65_535 - number % 4),
            farm: 66,
            title: title,
            ownerName: "demo user \(number % 97)",
            dateUploaded: 1_700_000_000 + number * 60
        )
    }

    /// The number of the photo with `id` and `secret`, or nil when there is no such photo now.
    public func photoNumber(id: String, secret: String) -> Int? {
        guard let value = Int(id), value > Self.firstID else { return nil }
        let number = value - Self.firstID
        guard number <= count, secret == Self.secret(for: number) else { return nil }
        return number
    }

    /// True for the photos whose largest size is the demo's 4000x3000 picture worth zooming into:
    /// one in a hundred, all landscape (4:3), the fifth newest of a fresh stream (996) among them.
    public static func isLarge(_ number: Int) -> Bool { number % 100 == 96 }

    /// The answer to a REST request with these query items: (HTTP status, content type, body).
    /// With `imageBase` (the address the request came to, plus `/img`), the large photos carry
    /// `url_o` with their size, as Flickr gives a photo whose owner allows its original.
    public func restAnswer(query: [String: String], imageBase: String? = nil) -> (status: Int, contentType: String, body: Data) {
        let jsonp = query["nojsoncallback"] != "1"
        func answer(_ object: [String: Any]) -> (Int, String, Data) {
            let json = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            guard jsonp else { return (200, "application/json", json) }
            return (200, "text/javascript", Data("jsonFlickrApi(".utf8) + json + Data(")".utf8))
        }
        guard query["api_key"] == apiKey else {
            return answer([
                "stat": "fail", "code": 100, "message": "Invalid API Key (Key has invalid format)",
            ])
        }
        guard query["method"] == "flickr.photos.getRecent" else {
            return answer([
                "stat": "fail", "code": 112, "message": "Method \"\(query["method"] ?? "")\" not found",
            ])
        }
        let perPage = min(500, max(1, Int(query["per_page"] ?? "") ?? 100))
        let page = max(1, Int(query["page"] ?? "") ?? 1)
        let total = count
        let pages = max(1, (total + perPage - 1) / perPage)
        let top = total - (page - 1) * perPage
        let numbers = top > 0 ? Array(stride(from: top, to: max(0, top - perPage), by: -1)) : []
        let asStrings = page % 2 == 0
        func number(_ value: Int) -> Any { asStrings ? String(value) : value }
        let photos: [[String: Any]] = numbers.map { value in
            let photo = photo(number: value)
            var original: [String: Any] = [:]
            if let imageBase, Self.isLarge(value) {
                original = [
                    "url_o": "\(imageBase)/\(photo.server)/\(photo.id)_\(photo.secret)_o.jpg",
                    "width_o": number(DemoPictures.largeSize.width), "height_o": number(DemoPictures.largeSize.height),
                ]
            }
            return original.merging([
                "id": photo.id, "owner": photo.owner, "secret": photo.secret, "server": photo.server,
                "farm": number(photo.farm), "title": photo.title, "ispublic": number(1),
                "isfriend": number(0),
                "isfamily": number(0), "ownername": photo.ownerName ?? "",
                "dateupload": String(photo.dateUploaded ?? 0),
            ]) { $1 }
        }
        return answer([
            "stat": "ok",
            "photos": [
                "page": number(page), "pages": number(pages), "perpage": number(perPage),
                "total": number(total), "photo": photos,
            ] as [String: Any],
        ])
    }

    /// Reads `{server}/{id}_{secret}_o.jpg`: the number of a large photo whose original is asked for.
    public func originalRequest(path: String) -> Int? {
        guard let file = path.split(separator: "/").last, file.hasSuffix("_o.jpg") else { return nil }
        let parts = file.dropLast(4).split(separator: "_")
        guard parts.count == 3, let number = photoNumber(id: String(parts[0]), secret: String(parts[1])),
              Self.isLarge(number)
        else { return nil }
        return number
    }

    /// Reads `{server}/{id}_{secret}_{suffix}.jpg` (the tail of an image path): photo number and size.
    public func imageRequest(path: String) -> (number: Int, size: PhotoSize)? {
        guard let file = path.split(separator: "/").last, file.hasSuffix(".jpg") else { return nil }
        let parts = file.dropLast(4).split(separator: "_")
        guard parts.count == 3, let size = PhotoSize(rawValue: String(parts[2])),
            let number = photoNumber(id: String(parts[0]), secret: String(parts[1]))
        else { return nil }
        return (number, size)
    }

    /// The shape of photo `number`: landscape, portrait, square or panorama, by turns.
    public static func aspect(of number: Int) -> (width: Int, height: Int) {
        switch number % 4 {
        case 0: (4, 3)
        case 1: (3, 4)
        case 2: (1, 1)
        default: (2, 1)
        }
    }

    /// The pixel size of photo `number` at `size` (the square crop is square).
    public static func pixelSize(of number: Int, at size: PhotoSize) -> (width: Int, height: Int) {
        guard !size.isSquareCrop else { return (size.longestSide, size.longestSide) }
        let (w, h) = aspect(of: number)
        let long = size.longestSide
        return w >= h ? (long, max(1, long * h / w)) : (max(1, long * w / h), long)
    }

    private static let firstID = 53_000_000_000

    private static func secret(for number: Int) -> String {
        var hash = UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 29
        return String(String(hash, radix: 16).suffix(10))
    }

    private static let words = [
        "sunset", "harbour", "street", "cat", "mountain", "coffee", "bridge", "forest", "market", "rain",
        "river", "tram", "garden", "snow", "lighthouse", "bicycle", "window", "station", "field", "portrait",
    ]
}
