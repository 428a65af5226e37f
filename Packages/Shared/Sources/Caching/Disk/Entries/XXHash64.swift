import Foundation

/// XXH64 (Yann Collet's xxHash, 64-bit variant, seed 0): the checksum of an entry's bytes.
///
/// Chosen over SHA-256 for the integrity check on every read: it finds torn, truncated and
/// bit-flipped files just as surely (nobody forges cache files against us; the file NAME stays a
/// SHA-256 of the key), and fast enough that verifying costs less than reading the file does.
/// The `disk`, `disk-read` and `disk-check` bench rows show the figures.
package enum XXHash64 {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    /// The XXH64 digest of `bytes` with seed 0.
    static func digest(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return finish(prime5, tail: bytes, length: 0) }
        var offset = 0
        var hash: UInt64
        if count >= 32 {
            var lane1 = prime1 &+ prime2
            var lane2 = prime2
            var lane3: UInt64 = 0
            var lane4 = 0 &- prime1
            while offset + 32 <= count {
                lane1 = round(lane1, word(base, offset))
                lane2 = round(lane2, word(base, offset + 8))
                lane3 = round(lane3, word(base, offset + 16))
                lane4 = round(lane4, word(base, offset + 24))
                offset += 32
            }
            hash = rotate(lane1, 1) &+ rotate(lane2, 7) &+ rotate(lane3, 12) &+ rotate(lane4, 18)
            hash = merge(hash, lane1)
            hash = merge(hash, lane2)
            hash = merge(hash, lane3)
            hash = merge(hash, lane4)
        } else {
            hash = prime5
        }
        return finish(hash, tail: UnsafeRawBufferPointer(rebasing: bytes[offset...]), length: count)
    }

    /// The XXH64 digest of the bytes of `collection` (e.g. `Data`, `[UInt8]`).
    package static func digest<Bytes: ContiguousBytes>(of collection: Bytes) -> UInt64 {
        collection.withUnsafeBytes { digest($0) }
    }

    /// Mixes in the last < 32 bytes and the length, then avalanches.
    private static func finish(_ start: UInt64, tail: UnsafeRawBufferPointer, length: Int) -> UInt64 {
        var hash = start &+ UInt64(length)
        var offset = 0
        if let base = tail.baseAddress {
            while offset + 8 <= tail.count {
                hash ^= round(0, word(base, offset))
                hash = rotate(hash, 27) &* prime1 &+ prime4
                offset += 8
            }
            if offset + 4 <= tail.count {
                let half = UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                hash ^= half &* prime1
                hash = rotate(hash, 23) &* prime2 &+ prime3
                offset += 4
            }
            while offset < tail.count {
                hash ^= UInt64(tail[offset]) &* prime5
                hash = rotate(hash, 11) &* prime1
                offset += 1
            }
        }
        hash ^= hash >> 33
        hash = hash &* prime2
        hash ^= hash >> 29
        hash = hash &* prime3
        hash ^= hash >> 32
        return hash
    }

    @inline(__always)
    private static func word(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }

    @inline(__always)
    private static func merge(_ accumulator: UInt64, _ lane: UInt64) -> UInt64 {
        (accumulator ^ round(0, lane)) &* prime1 &+ prime4
    }

    @inline(__always)
    private static func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 {
        (value << bits) | (value >> (64 - bits))
    }
}
