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

    public init(
        id: String, owner: String, secret: String, server: String, farm: Int = 0, title: String,
        ownerName: String? = nil, dateUploaded: Int? = nil
    ) {
        self.id = id
        self.owner = owner
        self.secret = secret
        self.server = server
        self.farm = farm
        self.title = title
        self.ownerName = ownerName
        self.dateUploaded = dateUploaded
    }

    private enum CodingKeys: String, CodingKey {
        case id, owner, secret, server, farm, title
        case ownerName = "ownername"
        case dateUploaded = "dateupload"
    }

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
    }

    /// The name to show for the owner: the display name when known, else the NSID.
    public var ownerLabel: String {
        guard let ownerName, !ownerName.isEmpty else { return owner }
        return ownerName
    }
}
