import CAVIF
import CHEIF
import CWebP

/// Reads the upright width and height from the header bytes alone, without decoding pixels.
enum HeaderProbe {
    static func probe(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) -> ImageInfo {
        switch try FormatSniffer.format(of: bytes) {
        case .png: try png(bytes)
        case .jpeg: try jpeg(bytes)
        case .gif: try gif(bytes)
        case .webp: try webp(bytes)
        case .avif: try avif(bytes)
        case .heic: try heic(bytes)
        }
    }

    /// GIF: the logical screen, little-endian, right after the six-byte signature.
    private static func gif(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) -> ImageInfo {
        guard bytes.count >= 10 else { throw .truncated }
        let width = Int(bytes[6]) | Int(bytes[7]) << 8
        let height = Int(bytes[8]) | Int(bytes[9]) << 8
        guard width > 0, height > 0 else { throw .corrupt("the logical screen is \(width)x\(height)") }
        return ImageInfo(format: .gif, width: width, height: height)
    }

    /// WebP: the whole container through libwebp's demuxer (canvas and Exif turn); a file cut
    /// short, from its first chunk's header.
    private static func webp(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) -> ImageInfo {
        try CodecLibrary.webp.load()
        let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var info = cwebp_info()
        if cwebp_read_info(base, bytes.count, &info) == CWEBP_OK {
            let orientation = try ImageOrientation.read(exif: info.exif, count: info.exif_size)
            let size = orientation.upright(PixelSize(width: Int(info.width), height: Int(info.height)))
            guard !size.isEmpty else { throw .corrupt("the canvas is \(size)") }
            return ImageInfo(format: .webp, width: size.width, height: size.height)
        }
        guard bytes.count >= 30 else { throw .truncated }
        let chunk = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[12..<16]), as: UTF8.self)
        let size: PixelSize
        switch chunk {
        case "VP8X":
            size = PixelSize(width: 1 + littleEndian(bytes, at: 24, count: 3), height: 1 + littleEndian(bytes, at: 27, count: 3))
        case "VP8 ":
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { throw .corrupt("no VP8 start code") }
            size = PixelSize(width: littleEndian(bytes, at: 26, count: 2) & 0x3FFF,
                             height: littleEndian(bytes, at: 28, count: 2) & 0x3FFF)
        case "VP8L":
            guard bytes[20] == 0x2F else { throw .corrupt("no VP8L signature") }
            let bits = littleEndian(bytes, at: 21, count: 4)
            size = PixelSize(width: 1 + bits & 0x3FFF, height: 1 + (bits >> 14) & 0x3FFF)
        default:
            throw .corrupt("the first chunk is \(chunk)")
        }
        guard !size.isEmpty else { throw .corrupt("the picture is \(size)") }
        return ImageInfo(format: .webp, width: size.width, height: size.height)
    }

    /// AVIF: libavif parses the boxes (no AV1 decoding) for `ispe` and the `irot`/`imir` turn.
    private static func avif(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) -> ImageInfo {
        let opened = try AVIFDecoder.open(bytes, pixelLimit: nil, frameLimit: nil)
        defer { cavif_decoder_destroy(opened.decoder) }
        let size = opened.orientation.upright(opened.storedSize)
        guard !size.isEmpty else { throw .corrupt("the picture is \(size)") }
        return ImageInfo(format: .avif, width: size.width, height: size.height)
    }

    /// HEIC: libheif parses the boxes (no HEVC decoding) for the primary image's upright size.
    private static func heic(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) -> ImageInfo {
        let opened = try HEICDecoder.open(bytes)
        defer { cheif_decoder_destroy(opened.decoder) }
        return ImageInfo(format: .heic, width: opened.size.width, height: opened.size.height)
    }

    private static func littleEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int, count: Int) -> Int {
        (0..<count).reduce(0) { value, index in value | Int(bytes[offset + index]) << (8 * index) }
    }

    /// PNG: the signature, then IHDR (always the first chunk) with big-endian width and height.
    private static func png(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) -> ImageInfo {
        guard bytes.count >= 24 else { throw .truncated }
        guard bytes[12] == 0x49, bytes[13] == 0x48, bytes[14] == 0x44, bytes[15] == 0x52 else {
            throw .corrupt("the first chunk is not IHDR")
        }
        let width = Int(bigEndian32(bytes, at: 16))
        let height = Int(bigEndian32(bytes, at: 20))
        guard width > 0, height > 0 else { throw .corrupt("IHDR gives a size of \(width)x\(height)") }
        return ImageInfo(format: .png, width: width, height: height)
    }

    /// JPEG: walk the marker segments after SOI up to the first SOFn, which holds height then width,
    /// reading the Exif orientation on the way (APP1 comes before the frame).
    private static func jpeg(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) -> ImageInfo {
        var offset = 2
        var orientation = ImageOrientation.up
        while true {
            // Like libjpeg, skip stray bytes between segments up to the next marker.
            while offset < bytes.count, bytes[offset] != 0xFF { offset += 1 }
            guard offset < bytes.count else { throw .truncated }
            // Any number of 0xFF fill bytes may precede a marker code.
            while offset < bytes.count, bytes[offset] == 0xFF { offset += 1 }
            guard offset < bytes.count else { throw .truncated }
            let marker = bytes[offset]
            offset += 1
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue } // no length
            if marker == 0xD9 || marker == 0xDA {
                throw .corrupt("no frame header before \(marker == 0xDA ? "the scan" : "the end")")
            }
            guard offset + 2 <= bytes.count else { throw .truncated }
            let length = Int(bigEndian16(bytes, at: offset))
            guard length >= 2 else { throw .corrupt("a marker segment of length \(length)") }
            if isStartOfFrame(marker) {
                guard offset + 7 <= bytes.count else { throw .truncated }
                let height = Int(bigEndian16(bytes, at: offset + 3))
                let width = Int(bigEndian16(bytes, at: offset + 5))
                guard height > 0 else { throw .unsupported("JPEG with the height in a DNL marker") }
                guard width > 0 else { throw .corrupt("the frame header gives a width of 0") }
                let size = orientation.upright(PixelSize(width: width, height: height))
                return ImageInfo(format: .jpeg, width: size.width, height: size.height)
            }
            if marker == 0xE1, orientation == .up, length >= 8, offset + length <= bytes.count, bytes[offset + 2] == 0x45 {
                let payload = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + offset + 2
                orientation = try ImageOrientation.read(exif: payload, count: length - 2)
            }
            offset += length
        }
    }

    /// SOF0...SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    private static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    private static func bigEndian16(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    private static func bigEndian32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }
}
