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
        ([0x00, 0x00, 0x01, 0x00], 0, "ICO"),
    ]

    /// The format of `bytes`: `.notAnImage` for anything else, `.truncated` when too few bytes
    /// arrived to tell, `.unsupported` for an image format we do not read.
    static func format(of bytes: UnsafeRawBufferPointer) throws(ImagingError) -> ImageFormat {
        if matches(bytes, pngSignature) { return .png }
        if matches(bytes, jpegSignature) { return .jpeg }
        if matches(bytes, gifSignature) { return .gif }
        if matches(bytes, Array("RIFF".utf8)), matches(bytes, Array("WEBP".utf8), at: 8) { return .webp }
        if let format = try isoFormat(of: bytes) { return format }
        if !bytes.isEmpty, isPrefix(bytes, of: pngSignature) || isPrefix(bytes, of: jpegSignature) {
            throw .truncated
        }
        for entry in foreign where matches(bytes, entry.signature, at: entry.offset) {
            throw .unsupported(entry.name)
        }
        throw .notAnImage
    }

    /// AVIF and HEIC share the ISO base media container: its `ftyp` box names the codec.
    private static let avifBrands: Set<String> = ["avif", "avis"]
    private static let heicBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx"]
    /// Brands that say only "a HEIF": the compatible brands then tell AVIF from HEIC.
    private static let genericBrands: Set<String> = ["mif1", "msf1", "miaf"]

    /// AVIF or HEIC from the brands of an `ftyp` box; nil when the bytes do not start with one.
    private static func isoFormat(of bytes: UnsafeRawBufferPointer) throws(ImagingError) -> ImageFormat? {
        guard bytes.count >= 12, matches(bytes, Array("ftyp".utf8), at: 4) else { return nil }
        let boxSize = (0..<4).reduce(0) { $0 << 8 | Int(bytes[$1]) }
        let end = min(max(boxSize, 12), bytes.count)
        let major = brand(bytes, at: 8)
        let compatible = Set(stride(from: 16, to: end - 3, by: 4).map { brand(bytes, at: $0) })
        if avifBrands.contains(major) { return .avif }
        if heicBrands.contains(major) { return .heic }
        guard genericBrands.contains(major) else { return nil }
        if !compatible.isDisjoint(with: avifBrands) { return .avif }
        if !compatible.isDisjoint(with: heicBrands) { return .heic }
        throw .unsupported("HEIF")
    }

    private static func brand(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 4]), as: UTF8.self)
    }

    private static func matches(_ bytes: UnsafeRawBufferPointer, _ signature: [UInt8], at offset: Int = 0) -> Bool {
        guard bytes.count >= offset + signature.count else { return false }
        return signature.indices.allSatisfy { bytes[offset + $0] == signature[$0] }
    }

    private static func isPrefix(_ bytes: UnsafeRawBufferPointer, of signature: [UInt8]) -> Bool {
        bytes.count < signature.count && bytes.indices.allSatisfy { bytes[$0] == signature[$0] }
    }
}
