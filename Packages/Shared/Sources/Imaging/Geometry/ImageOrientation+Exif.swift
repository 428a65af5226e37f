import CExif

extension ImageOrientation {
    /// The orientation the Orientation tag of an Exif block names (`.up` when it has none), read
    /// by libexif, which is opened only for a picture that has such a block.
    ///
    /// `exif` is a JPEG APP1 payload ("Exif\0\0" then TIFF) or a WebP EXIF chunk.
    static func read(exif: UnsafePointer<UInt8>?, count: Int) throws(ImagingError) -> ImageOrientation {
        guard let exif, count > 0 else { return .up }
        try CodecLibrary.exif.load()
        return ImageOrientation(exifValue: Int(cexif_orientation(exif, count)))
    }
}
