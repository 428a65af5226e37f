import Foundation
import Networking

/// What arrived of a download that broke off part-way, with the validator that lets the rest be
/// asked for (`Range` from where it stopped, `If-Range` with the validator): the design of Nuke's
/// resumable data, kept in the disk cache beside the picture's entry so that it counts against the
/// cache's size limit and survives a relaunch.
///
/// Only a response that said it takes byte ranges (`Accept-Ranges: bytes`) and named a strong
/// `ETag` or a `Last-Modified` is kept: without them the server could send another version's rest.
struct ResumableData: Sendable, Equatable {
    /// The first bytes of the body.
    var data: Data
    /// A strong `ETag`, else the `Last-Modified` date: what `If-Range` sends.
    var validator: String

    init(data: Data, validator: String) {
        self.data = data
        self.validator = validator
    }

    /// The part of `partial` worth keeping, or nil.
    init?(_ partial: PartialResponse) {
        guard !partial.body.isEmpty, partial.statusCode == 200 || partial.statusCode == 206,
              partial.header("Accept-Ranges")?.lowercased().contains("bytes") == true,
              let validator = Self.validator(etag: partial.header("ETag"), lastModified: partial.header("Last-Modified"))
        else { return nil }
        if let length = partial.header("Content-Length").flatMap({ Int($0) }), partial.body.count >= length {
            return nil
        }
        self.init(data: partial.body, validator: validator)
    }

    /// The header fields that ask for the rest.
    var resumeHeaders: [String: String] {
        ["Range": "bytes=\(data.count)-", "If-Range": validator]
    }

    /// The whole body: these bytes and a `206`'s rest, when its `Content-Range` starts where these
    /// stop; nil when it does not (the caller downloads it all again).
    func joined(with rest: HTTPResponse) -> Data? {
        guard rest.statusCode == 206, let range = rest.header("Content-Range"),
              let start = Self.firstByte(ofContentRange: range), start == data.count
        else { return nil }
        return data + rest.body
    }

    /// A strong ETag is preferred; a weak one cannot be used in `If-Range` (RFC 9110 §13.1.5).
    private static func validator(etag: String?, lastModified: String?) -> String? {
        if let etag, !etag.hasPrefix("W/") { return etag }
        return lastModified
    }

    /// The first byte of `bytes first-last/length`.
    private static func firstByte(ofContentRange range: String) -> Int? {
        let spec = range.trimmingCharacters(in: .whitespaces)
        guard spec.hasPrefix("bytes ") else { return nil }
        return spec.dropFirst(6).split(separator: "-").first.flatMap { Int($0) }
    }

    // MARK: - On disk

    /// The disk cache key of the part kept for the entry `key`.
    static func key(for key: String) -> String { "resume:" + key }

    /// The entry as the disk cache stores it: the bytes in a ``CacheEnvelope`` naming the validator.
    var encoded: Data {
        CacheEnvelope.encode(data, metadata: CacheMetadata(etag: validator))
    }

    /// The part read back from the disk cache; nil for anything else.
    init?(encoded: Data) {
        guard let (bytes, metadata) = CacheEnvelope.decode(encoded), let validator = metadata.etag, !bytes.isEmpty
        else { return nil }
        self.init(data: bytes, validator: validator)
    }
}
