/// Recognises an encoded image from its first bytes.
enum FormatSniffer {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]

    static let gifSignature: [UInt8] = Array("GIF8".utf8)

    /// Formats we recognise but do not read, by their leading bytes.
    private static let foreign: [(signature: [UInt8], offset: Int, name: String)] = [
        (Array("BM".utf8), 0, "BMP"),
        ([0x49, 0x49, 0x2A, 0x00], 0, "TIFF"),
        ([0x4D, 0x4D, 0x00, 0x2A], 0, "TIFF"),
        (Array("ftypheic".utf8), 4, "HEIC"),
        (Array("ftypmif1".utf8), 4, "HEIF"),
        ([0x00, 0x00, 0x01, 0x00], 0, "ICO"),
    ]

    /// The format of `bytes`: `.notAnImage` for anything else, `.truncated` when too few bytes
    /// arrived to tell, `.unsupported` for an image format we do not read.
    static func format(of bytes: UnsafeRawBufferPointer) throws(ImagingError) -> ImageFormat {
        if matches(bytes, pngSignature) { return .png }
        if matches(bytes, jpegSignature) { return .jpeg }
        if matches(bytes, gifSignature) { return .gif }
        if matches(bytes, Array("RIFF".utf8)), matches(bytes, Array("WEBP".utf8), at: 8) { return .webp }
        // An AVIF still says `avif` as its major brand, a sequence `avis`.
        if matches(bytes, Array("ftypavif".utf8), at: 4) || matches(bytes, Array("ftypavis".utf8), at: 4) {
            return .avif
        }
        if !bytes.isEmpty, isPrefix(bytes, of: pngSignature) || isPrefix(bytes, of: jpegSignature) {
            throw .truncated
        }
        for entry in foreign where matches(bytes, entry.signature, at: entry.offset) {
            throw .unsupported(entry.name)
        }
        throw .notAnImage
    }

    private static func matches(_ bytes: UnsafeRawBufferPointer, _ signature: [UInt8], at offset: Int = 0) -> Bool {
        guard bytes.count >= offset + signature.count else { return false }
        return signature.indices.allSatisfy { bytes[offset + $0] == signature[$0] }
    }

    private static func isPrefix(_ bytes: UnsafeRawBufferPointer, of signature: [UInt8]) -> Bool {
        bytes.count < signature.count && bytes.indices.allSatisfy { bytes[$0] == signature[$0] }
    }
}
