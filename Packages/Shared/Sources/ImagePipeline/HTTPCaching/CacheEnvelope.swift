import Foundation

/// How a picture's bytes and its ``CacheMetadata`` share one disk cache entry, so both are written
/// by one atomic store and verified by one checksum.
///
/// ```
/// offset  size  field
///      0     4  magic "WBHM" (workbench HTTP metadata)
///      4     1  version (1)
///      5     4  metadata length m, little-endian
///      9     m  the metadata, JSON
///    9+m     n  the picture's bytes as they came over the wire
/// ```
///
/// An entry without the magic is bare bytes: what every run before validators were kept wrote,
/// and what is still written when a server sent no caching headers. No picture format starts with
/// the magic, so both read back, old entries included.
enum CacheEnvelope {
    static let magic: [UInt8] = Array("WBHM".utf8)
    static let version: UInt8 = 1
    private static let fixedLength = 9

    /// The entry for `bytes` with `metadata`; bare bytes when the metadata says nothing.
    static func encode(_ bytes: Data, metadata: CacheMetadata) -> Data {
        guard !metadata.isEmpty, let json = try? JSONEncoder().encode(metadata) else { return bytes }
        var entry = Data(capacity: fixedLength + json.count + bytes.count)
        entry.append(contentsOf: magic)
        entry.append(version)
        withUnsafeBytes(of: UInt32(json.count).littleEndian) { entry.append(contentsOf: $0) }
        entry.append(json)
        entry.append(bytes)
        return entry
    }

    /// The picture's bytes and metadata in `entry`; bare bytes come back with empty metadata. Nil
    /// for an envelope of an unknown version or a damaged one (the caller drops it).
    static func decode(_ entry: Data) -> (bytes: Data, metadata: CacheMetadata)? {
        guard entry.count >= fixedLength, entry.prefix(4).elementsEqual(magic) else {
            return (entry, CacheMetadata())
        }
        let start = entry.startIndex
        guard entry[start + 4] == version else { return nil }
        let length = entry[start + 5 ..< start + 9].reversed().reduce(0) { $0 << 8 | Int($1) }
        guard length <= entry.count - fixedLength,
              let metadata = try? JSONDecoder().decode(CacheMetadata.self, from: entry[start + 9 ..< start + 9 + length])
        else { return nil }
        return (Data(entry[(start + 9 + length)...]), metadata)
    }
}
