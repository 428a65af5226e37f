import Foundation

/// The layout of one entry file: a small header that makes the file self-describing, then the bytes.
///
/// ```
/// offset  size  field
///      0     4  magic "WBCE" (workbench cache entry)
///      4     1  format version (1)
///      5     3  zero
///      8     4  key length in bytes, little-endian
///     12     8  payload length in bytes, little-endian
///     20     8  XXH64 of the payload, little-endian
///     28     k  the key, UTF-8
///   28+k     n  the payload
/// ```
///
/// With its key, length and checksum in every file, a lost or damaged index is rebuilt from the
/// entries alone, and a file is verified without its index row. A file without the magic (the
/// format before headers, or anything else) is not an entry and is dropped.
struct EntryHeader: Sendable, Equatable {
    static let magic: [UInt8] = Array("WBCE".utf8)
    static let version: UInt8 = 1
    /// The fixed part before the key.
    static let fixedLength = 28
    /// Longer keys are refused: a rebuild reads at most this much of a header.
    static let maximumKeyLength = 64 * 1024

    var key: String
    var payloadLength: Int
    var checksum: UInt64

    /// The header's length on disk: the fixed part and the key.
    var encodedLength: Int { Self.fixedLength + key.utf8.count }

    /// The header's bytes: what an entry file holds before its payload (a store writes the two
    /// parts as they are, see `FileStoring.writeNewFile`, rather than copying the payload).
    var encoded: Data {
        var bytes = Data(capacity: encodedLength)
        bytes.append(contentsOf: Self.magic)
        bytes.append(contentsOf: [Self.version, 0, 0, 0])
        Self.appendLittleEndian(UInt32(key.utf8.count), to: &bytes)
        Self.appendLittleEndian(UInt64(payloadLength), to: &bytes)
        Self.appendLittleEndian(checksum, to: &bytes)
        // An array: Data's append of any other sequence looks conformances up at run time.
        bytes.append(contentsOf: Array(key.utf8))
        return bytes
    }

    /// Reads the header at the start of `bytes` (a whole file or its first bytes); nil when they
    /// do not start with a well-formed header of this version.
    static func parse(_ bytes: Data) -> EntryHeader? {
        bytes.withUnsafeBytes { raw -> EntryHeader? in
            guard let fields = fixedFields(of: raw) else { return nil }
            let keyLength = fields.keyLength
            guard keyLength <= maximumKeyLength, raw.count >= fixedLength + keyLength,
                  fields.payloadLength <= UInt64(Int.max - fixedLength - keyLength)
            else { return nil }
            let keyBytes = UnsafeRawBufferPointer(rebasing: raw[fixedLength..<fixedLength + keyLength])
            guard let key = String(validating: keyBytes, as: UTF8.self) else { return nil }
            return EntryHeader(key: key, payloadLength: Int(fields.payloadLength), checksum: fields.checksum)
        }
    }

    /// Whether `bytes` is exactly this header, read in place: what `parse(bytes) == self` says,
    /// without making a string of the key (every read of the cache checks its file this way).
    func isEncoded(in bytes: Data) -> Bool {
        let keyBytes = key.utf8
        guard bytes.count == Self.fixedLength + keyBytes.count else { return false }
        return bytes.withUnsafeBytes { raw in
            guard let fields = Self.fixedFields(of: raw) else { return false }
            return fields.keyLength == keyBytes.count && fields.payloadLength == UInt64(payloadLength)
                && fields.checksum == checksum && raw[Self.fixedLength...].elementsEqual(keyBytes)
        }
    }

    /// The fixed part of a header at the start of `raw`: nil without the magic and this version.
    private static func fixedFields(of raw: UnsafeRawBufferPointer) -> (keyLength: Int, payloadLength: UInt64, checksum: UInt64)? {
        guard raw.count >= fixedLength, raw.prefix(4).elementsEqual(magic), raw[4] == version else { return nil }
        return (Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self))),
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 12, as: UInt64.self)),
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 20, as: UInt64.self)))
    }

    private static func appendLittleEndian<Integer: FixedWidthInteger>(_ value: Integer, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
}
