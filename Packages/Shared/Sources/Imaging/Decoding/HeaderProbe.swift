/// Reads width and height from the header bytes alone, without libjpeg or libpng.
enum HeaderProbe {
    static func probe(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) -> ImageInfo {
        switch try FormatSniffer.format(of: bytes) {
        case .png: try png(bytes)
        case .jpeg: try jpeg(bytes)
        }
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

    /// JPEG: walk the marker segments after SOI up to the first SOFn, which holds height then width.
    private static func jpeg(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) -> ImageInfo {
        var offset = 2
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
                return ImageInfo(format: .jpeg, width: width, height: height)
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
