/// How a stored picture is turned to stand upright: the eight values of the Exif Orientation tag.
///
/// Cameras store the sensor's rows as they came and say in Exif (JPEG, WebP) or in `irot`/`imir`
/// (AVIF) how to turn them; a decoder that ignores it shows a portrait photo on its side.
public enum ImageOrientation: Int, Sendable, Hashable, CaseIterable {
    /// Stored upright.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Upside down.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored across the diagonal from the top left (transposed).
    case leftMirrored = 5
    /// Needs a quarter turn clockwise.
    case right = 6
    /// Mirrored across the diagonal from the top right (transversed).
    case rightMirrored = 7
    /// Needs a quarter turn anticlockwise.
    case left = 8

    /// The orientation an Exif tag value names; values outside 1...8 mean upright, as browsers take them.
    public init(exifValue: Int) {
        self = ImageOrientation(rawValue: exifValue) ?? .up
    }

    /// HEIF's transforms: `irot` (quarter turns anticlockwise, applied first) then `imir`
    /// (0 exchanges top and bottom, 1 left and right); nil for a box the file does not have.
    init(quarterTurnsAnticlockwise turns: Int?, mirrorMode: Int?) {
        let rotated: ImageOrientation = switch (turns ?? 0) & 3 {
        case 1: .left
        case 2: .down
        case 3: .right
        default: .up
        }
        guard let mirrorMode else {
            self = rotated
            return
        }
        // Flipping after the turn: a top-bottom flip of each turn, or a left-right one.
        let topBottom: [ImageOrientation: ImageOrientation] = [
            .up: .downMirrored, .left: .leftMirrored, .down: .upMirrored, .right: .rightMirrored,
        ]
        let leftRight: [ImageOrientation: ImageOrientation] = [
            .up: .upMirrored, .left: .rightMirrored, .down: .downMirrored, .right: .leftMirrored,
        ]
        self = (mirrorMode == 0 ? topBottom : leftRight)[rotated] ?? rotated
    }

    /// True when the upright picture's width is the stored height.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The upright size of a picture stored at `size`.
    public func upright(_ size: PixelSize) -> PixelSize {
        swapsAxes ? PixelSize(width: size.height, height: size.width) : size
    }

    /// The stored size of a picture that is `size` upright (the turn is its own inverse on sizes).
    func stored(_ size: PixelSize) -> PixelSize { upright(size) }
}
