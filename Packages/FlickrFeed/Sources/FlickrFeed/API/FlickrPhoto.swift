import Foundation

/// One photo of `flickr.photos.getRecent`, as much of it as the feed needs.
///
/// Flickr sends `id`, `server` and `farm` sometimes as strings and sometimes as numbers; decoding
/// accepts both. Fields we do not use are ignored, fields we use but Flickr left out get a neutral
/// value (an untitled photo has the title "").
public struct FlickrPhoto: Sendable, Hashable, Codable, Identifiable {
    /// Flickr's photo id; unique across the whole service, so it is the key for deduplication.
    public var id: String
    /// The owner's NSID, such as `12345678@N00`.
    public var owner: String
    /// The secret that forms part of every image URL.
    public var secret: String
    /// The server that forms part of every image URL.
    public var server: String
    /// The farm number (only old-style image URLs use it).
    public var farm: Int
    /// The title; may be empty.
    public var title: String
    /// The owner's display name, when `extras=owner_name` was asked for.
    public var ownerName: String?
    /// Upload time in seconds since 1970, when `extras=date_upload` was asked for.
    public var dateUploaded: Int?
    /// The largest picture Flickr offers of the photo (`url_o`, else `url_k`, else `url_h`), when
    /// the page was asked for with those extras and the owner allows it.
    public var largest: LargestPicture?

    public init(
        id: String, owner: String, secret: String, server: String, farm: Int = 0, title: String,
        ownerName: String? = nil, dateUploaded: Int? = nil, largest: LargestPicture? = nil
    ) {
        self.id = id
        self.owner = owner
        self.secret = secret
        self.server = server
        self.farm = farm
        self.title = title
        self.ownerName = ownerName
        self.dateUploaded = dateUploaded
        self.largest = largest
    }

    private enum CodingKeys: String, CodingKey {
        case id, owner, secret, server, farm, title
        case ownerName = "ownername"
        case dateUploaded = "dateupload"
        case urlO = "url_o", widthO = "width_o", heightO = "height_o"
        case urlK = "url_k", widthK = "width_k", heightK = "height_k"
        case urlH = "url_h", widthH = "width_h", heightH = "height_h"
    }

    /// The size suffixes of the largest pictures, largest first, with their keys.
    private static let largestKeys: [(url: CodingKeys, width: CodingKeys, height: CodingKeys)] = [
        (.urlO, .widthO, .heightO), (.urlK, .widthK, .heightK), (.urlH, .widthH, .heightH),
    ]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(LenientString.self, forKey: .id).value
        owner = try container.decodeIfPresent(LenientString.self, forKey: .owner)?.value ?? ""
        secret = try container.decode(LenientString.self, forKey: .secret).value
        server = try container.decode(LenientString.self, forKey: .server).value
        farm = try container.decodeIfPresent(LenientInt.self, forKey: .farm)?.value ?? 0
        title = try container.decodeIfPresent(LenientString.self, forKey: .title)?.value ?? ""
        ownerName = try container.decodeIfPresent(LenientString.self, forKey: .ownerName)?.value
        dateUploaded = try container.decodeIfPresent(LenientInt.self, forKey: .dateUploaded)?.value
        // A size the owner does not allow is missing, or a malformed one: the next is taken.
        largest = Self.largestKeys.lazy.compactMap { keys -> LargestPicture? in
            guard let url = (try? container.decodeIfPresent(LenientString.self, forKey: keys.url))?.flatMap({ URL(string: $0.value) }),
                  let width = (try? container.decodeIfPresent(LenientInt.self, forKey: keys.width))?.value,
                  let height = (try? container.decodeIfPresent(LenientInt.self, forKey: keys.height))?.value,
                  width > 0, height > 0
            else { return nil }
            return LargestPicture(url: url, width: width, height: height)
        }.first
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(owner, forKey: .owner)
        try container.encode(secret, forKey: .secret)
        try container.encode(server, forKey: .server)
        try container.encode(farm, forKey: .farm)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(ownerName, forKey: .ownerName)
        try container.encodeIfPresent(dateUploaded, forKey: .dateUploaded)
        if let largest {
            try container.encode(largest.url.absoluteString, forKey: .urlO)
            try container.encode(largest.width, forKey: .widthO)
            try container.encode(largest.height, forKey: .heightO)
        }
    }

    /// The name to show for the owner: the display name when known, else the NSID.
    public var ownerLabel: String {
        guard let ownerName, !ownerName.isEmpty else { return owner }
        return ownerName
    }
}

/// The largest picture Flickr offers of a photo: its URL and size in pixels.
public struct LargestPicture: Sendable, Hashable {
    public var url: URL
    public var width: Int
    public var height: Int

    public init(url: URL, width: Int, height: Int) {
        self.url = url
        self.width = width
        self.height = height
    }
}
