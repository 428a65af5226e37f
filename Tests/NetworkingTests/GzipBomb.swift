import Foundation

/// Builds gzip bodies by hand (no zlib in the test): `count` zero bytes as one fixed-Huffman
/// deflate block of 258-byte back-references, about 1,000 to 1 — the shape of a compression bomb.
enum GzipBomb {
    /// A valid gzip member whose content is `count` zero bytes.
    static func zeros(count: Int) -> Data {
        precondition(count > 0)
        var bits = BitWriter()
        bits.write(1, count: 1)              // BFINAL
        bits.write(1, count: 2)              // BTYPE 01: fixed Huffman codes
        bits.writeCode(0x30, length: 8)      // literal 0
        var produced = 1
        while count - produced >= 258 {
            bits.writeCode(0xC5, length: 8)  // length symbol 285: 258 bytes
            bits.writeCode(0, length: 5)     // distance symbol 0: distance 1
            produced += 258
        }
        while produced < count {
            bits.writeCode(0x30, length: 8)
            produced += 1
        }
        bits.writeCode(0, length: 7)         // end of block
        var member = Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 255])
        member.append(contentsOf: bits.finished)
        member.append(littleEndian: crc32OfZeros(count: count))
        member.append(littleEndian: UInt32(truncatingIfNeeded: count))
        return member
    }

    /// CRC-32 (the gzip one) of `count` zero bytes.
    private static func crc32OfZeros(count: Int) -> UInt32 {
        var table = [UInt32](repeating: 0, count: 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            table[index] = value
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for _ in 0..<count { crc = table[Int(crc & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }

    /// Packs bits least significant first, as deflate does.
    private struct BitWriter {
        var bytes: [UInt8] = []
        private var current: UInt8 = 0
        private var used = 0

        mutating func write(_ value: UInt32, count: Int) {
            for bit in 0..<count { push(UInt8((value >> bit) & 1)) }
        }

        /// Huffman codes go most significant bit first.
        mutating func writeCode(_ code: UInt32, length: Int) {
            for bit in stride(from: length - 1, through: 0, by: -1) { push(UInt8((code >> bit) & 1)) }
        }

        private mutating func push(_ bit: UInt8) {
            current |= bit << used
            used += 1
            if used == 8 { flush() }
        }

        private mutating func flush() {
            bytes.append(current)
            current = 0
            used = 0
        }

        var finished: [UInt8] {
            var copy = self
            if copy.used > 0 { copy.flush() }
            return copy.bytes
        }
    }
}

private extension Data {
    mutating func append(littleEndian value: UInt32) {
        append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) })
    }
}
