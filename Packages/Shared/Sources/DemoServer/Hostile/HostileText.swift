import Foundation

/// What the hostile faults put into answers: the text of a server that attacks the terminal, and
/// a compression bomb.
package enum HostileText {
    /// Every kind of scalar that must not reach a terminal from outside text: ESC with OSC 0 (window
    /// title) and OSC 52 (clipboard write), a screen clear, the 8-bit CSI (U+009B) and NEL (U+0085),
    /// BEL, CR, BS, TAB, NUL, DEL, the bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069).
    package static let payload =
        "pwn\u{1B}]0;owned\u{07}\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2J\u{9B}31m\u{85}\r\u{08}\t\u{00}\u{7F}"
        + "\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}gpj.exe\u{2066}\u{2067}\u{2068}\u{2069}\n!"

    /// `json` with ``payload`` appended to the string values under `keys`; unchanged if it is not JSON.
    static func inject(into json: Data, under keys: Set<String>) -> Data {
        guard let value = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed]),
              let changed = try? JSONSerialization.data(
                  withJSONObject: inject(into: value, under: keys, hostile: false), options: [.fragmentsAllowed])
        else { return json }
        return changed
    }

    private static func inject(into value: Any, under keys: Set<String>, hostile: Bool) -> Any {
        switch value {
        case let object as [String: Any]:
            return object.reduce(into: [String: Any]()) { result, member in
                result[member.key] = inject(into: member.value, under: keys, hostile: keys.contains(member.key))
            }
        case let array as [Any]:
            return array.map { inject(into: $0, under: keys, hostile: hostile) }
        case let text as String where hostile:
            return text + payload
        default:
            return value
        }
    }

    /// A gzip member whose content is `decodedBytes` zero bytes (rounded up to a whole block).
    ///
    /// Deflate blocks of fixed Huffman codes, each a run of 258-byte back-references at distance 1:
    /// a block of 6 + 8k of them is a whole number of bytes, so one block is built bit by bit and
    /// then repeated byte for byte, and a bomb of gigabytes takes milliseconds to make. The trailer
    /// (CRC-32 and length) is left zero: a client that reads to the end instead of giving up at its
    /// size cap fails on it anyway, only much later.
    package static func gzipBomb(decodedBytes: Int) -> Data {
        let references = 6 + 8 * 250                  // per block: 10 + 13·2006 bits = 3261 bytes
        let block = deflateBlock(references: references, final: false, leadingLiteral: false)
        let first = deflateBlock(references: references, final: false, leadingLiteral: true)
        let perBlock = references * 258
        let blocks = max(1, (decodedBytes + perBlock - 1) / perBlock)
        var member = Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 255])
        member.reserveCapacity(10 + blocks * block.count + 16)
        member.append(first)
        for _ in 1..<blocks { member.append(block) }
        member.append(deflateBlock(references: 0, final: true, leadingLiteral: false))
        member.append(Data(count: 8))
        return member
    }

    /// A valid gzip member whose content is exactly `count` zero bytes, checksum and length
    /// included: one fixed-Huffman block of 258-byte back-references, about 1,000 to 1. What a
    /// well-behaved server may send; ``gzipBomb(decodedBytes:)`` is the hostile one.
    package static func gzipZeros(count: Int) -> Data {
        precondition(count > 0)
        var bits = BitWriter()
        bits.write(1, count: 1)                       // BFINAL
        bits.write(1, count: 2)                       // BTYPE 01: fixed Huffman codes
        bits.writeCode(0x30, length: 8)               // literal 0
        var produced = 1
        while count - produced >= 258 {
            bits.writeCode(0xC5, length: 8)           // length symbol 285: 258 bytes
            bits.writeCode(0, length: 5)              // distance symbol 0: distance 1
            produced += 258
        }
        while produced < count {
            bits.writeCode(0x30, length: 8)
            produced += 1
        }
        bits.writeCode(0, length: 7)                  // end of block
        var member = Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 255])
        member.append(contentsOf: bits.finished)
        for value in [crc32OfZeros(count: count), UInt32(truncatingIfNeeded: count)] {
            member.append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) })
        }
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

    /// One fixed-Huffman block: an optional literal zero, `references` copies of 258 bytes at
    /// distance 1, end of block; padded to a byte (the padding is zero bits only when it is final).
    private static func deflateBlock(references: Int, final: Bool, leadingLiteral: Bool) -> Data {
        var bits = BitWriter()
        bits.write(final ? 1 : 0, count: 1)          // BFINAL
        bits.write(1, count: 2)                       // BTYPE 01: fixed Huffman codes
        if leadingLiteral { bits.writeCode(0x30, length: 8) }   // literal 0 (the first block only)
        for _ in 0..<references {
            bits.writeCode(0xC5, length: 8)           // length symbol 285: 258 bytes
            bits.writeCode(0, length: 5)              // distance symbol 0: distance 1
        }
        bits.writeCode(0, length: 7)                  // end of block
        precondition(final || bits.isByteAligned, "a repeated block must end on a byte boundary")
        return Data(bits.finished)
    }

    /// Packs bits least significant first, as deflate does.
    private struct BitWriter {
        private var bytes: [UInt8] = []
        private var current: UInt8 = 0
        private var used = 0

        var isByteAligned: Bool { used == 0 }

        var finished: [UInt8] { used == 0 ? bytes : bytes + [current] }

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
            if used == 8 {
                bytes.append(current)
                current = 0
                used = 0
            }
        }
    }
}
