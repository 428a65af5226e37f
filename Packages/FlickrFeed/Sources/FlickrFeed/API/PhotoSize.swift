import Foundation

/// The sizes of a Flickr photo the feed uses, by URL suffix.
public enum PhotoSize: String, Sendable, CaseIterable, Comparable, Codable {
    /// 150 x 150, cropped square.
    case q
    /// 320 on the longest side.
    case n
    /// 640 on the longest side.
    case z
    /// 800 on the longest side.
    case c
    /// 1024 on the longest side.
    case b

    /// Length of the longest side in pixels.
    public var longestSide: Int {
        switch self {
        case .q: 150
        case .n: 320
        case .z: 640
        case .c: 800
        case .b: 1024
        }
    }

    /// True for the square crop, which does not show the whole picture.
    public var isSquareCrop: Bool { self == .q }

    /// The URL suffix (`_n` in `…_n.jpg`).
    public var suffix: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.longestSide < rhs.longestSide }

    /// The smallest size whose picture fills a `width` x `height` pixel box sharply.
    ///
    /// The aspect ratio of a photo is not known before it loads, so the longest side must cover the
    /// longer side of the box (a portrait photo in a landscape box needs its height to cover the
    /// box's height, which is at most its longest side). The square crop only serves square cells.
    /// Beyond the largest size, the largest is returned.
    public static func smallest(toFill width: Int, _ height: Int, square: Bool = false) -> PhotoSize {
        let needed = max(width, height)
        let candidates = allCases.filter { square || !$0.isSquareCrop }
        return candidates.first { $0.longestSide >= needed } ?? .b
    }
}

/// Builds the image URLs of photos: `{image-base}/{server}/{id}_{secret}_{suffix}.jpg`.
public struct FlickrImageURLs: Sendable, Hashable {
    /// Flickr's image host.
    public static let defaultImageBase = URL(string: "https://live.staticflickr.com")!

    public var imageBase: URL

    public init(imageBase: URL = Self.defaultImageBase) {
        self.imageBase = imageBase
    }

    /// The URL of `photo` at `size`.
    public func url(for photo: FlickrPhoto, size: PhotoSize) -> URL {
        let file = "\(photo.id)_\(photo.secret)_\(size.suffix).jpg"
        return imageBase.appendingPathComponent(photo.server).appendingPathComponent(file)
    }

    /// The part of an image URL that names the picture whatever host serves it
    /// (`{server}/{id}_{secret}_{suffix}.jpg`), or nil for a URL that is not a Flickr image.
    ///
    /// The disk cache is keyed by this, so pictures saved under one host (the demo server on a
    /// port chosen at random) are found again under another.
    package static func stableKey(forImageURL url: URL) -> String? {
        let components = url.pathComponents.filter { $0 != "/" }
        guard components.count >= 2, let file = components.last, file.hasSuffix(".jpg"),
            file.split(separator: "_").count >= 3
        else { return nil }
        return "flickr-image/" + components.suffix(2).joined(separator: "/")
    }
}
