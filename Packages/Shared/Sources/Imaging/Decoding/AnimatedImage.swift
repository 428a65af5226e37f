import CAVIF
import CGIF
import CWebP
import Foundation

/// An animation as its file holds it: the encoded bytes and what the headers say, and no decoded
/// frame. A ``FrameSource`` plays it, one frame at a time.
///
/// ```swift
/// if let animation = AnimatedImage(bytes) {
///     let source = try FrameSource(animation, fitting: PixelSize(width: 160, height: 96))
///     while let frame = try source.nextFrame() { show(frame.bitmap); wait(frame.delay) }
/// }
/// ```
public struct AnimatedImage: Sendable, Hashable {
    /// The file, whole.
    public let data: Data
    /// GIF, WebP or AVIF.
    public let format: ImageFormat
    /// How many frames one play shows.
    public let frameCount: Int
    /// How many times the animation plays through; nil for forever.
    public let plays: Int?
    /// The canvas every frame is composed on, as stored (before any orientation).
    public let canvasSize: PixelSize

    /// The facts of `data` when it is an animation of more than one frame within the limits;
    /// nil for a still, a format that does not animate, or a file the headers refuse.
    public init?(_ data: Data, pixelLimit: Int = ImageDecoder.defaultPixelLimit) {
        guard let facts = try? Self.facts(of: data, pixelLimit: pixelLimit), facts.frames > 1 else { return nil }
        self.data = data
        self.format = facts.format
        self.frameCount = facts.frames
        self.plays = facts.plays
        self.canvasSize = facts.canvas
    }

    /// What every frame of one play would take at full size, in bytes: what a player that keeps
    /// them all would hold.
    public var decodedByteCount: Int { frameCount * canvasSize.area * 4 }

    /// At most what the frames of one play take fitted into `size`, in bytes: what a terminal
    /// that plays the animation itself is asked to hold.
    public func playByteCount(fitting size: PixelSize) -> Int {
        let (bytes, overflow) = min(canvasSize.area, size.area).multipliedReportingOverflow(by: 4 * frameCount)
        return overflow ? .max : bytes
    }

    /// Compared by bytes: two loads of the same file are the same animation.
    public static func == (lhs: AnimatedImage, rhs: AnimatedImage) -> Bool {
        lhs.frameCount == rhs.frameCount && lhs.format == rhs.format && lhs.data == rhs.data
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(format)
        hasher.combine(frameCount)
        hasher.combine(data.count)
    }

    private struct Facts {
        var format: ImageFormat
        var frames: Int
        var plays: Int?
        var canvas: PixelSize
    }

    /// Reads the headers under the decoders' limits, decoding no pixel.
    private static func facts(of data: Data, pixelLimit: Int) throws(ImagingError) -> Facts? {
        let header = try ImageDecoder.probe(data)
        try ImageDecoder.checkPixelLimit(header.size, limit: pixelLimit)
        return try data.withUnsafeBytes { raw in
            Result { () throws(ImagingError) -> Facts? in
                guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
                if header.format == .gif {
                    let info = try GIFDecoder.scan(base, count: raw.count, pixelLimit: pixelLimit)
                    return Facts(format: .gif, frames: Int(info.frame_count), plays: gifPlays(info.loop_count),
                                 canvas: PixelSize(width: Int(info.width), height: Int(info.height)))
                }
                if header.format == .webp {
                    var info = cwebp_info()
                    guard cwebp_read_info(base, raw.count, &info) == CWEBP_OK, info.is_animated != 0 else { return nil }
                    let canvas = PixelSize(width: Int(info.width), height: Int(info.height))
                    let frames = Int(info.frame_count)
                    try ImageDecoder.checkAnimation(frames: frames, totalPixels: frames * canvas.area, pixelLimit: pixelLimit)
                    return Facts(format: .webp, frames: frames, plays: info.loop_count == 0 ? nil : Int(info.loop_count),
                                 canvas: canvas)
                }
                if header.format == .avif {
                    let opened = try AVIFDecoder.open(raw, pixelLimit: pixelLimit, frameLimit: ImageDecoder.frameLimit)
                    defer { cavif_decoder_destroy(opened.decoder) }
                    let size = opened.storedSize
                    try ImageDecoder.checkAnimation(frames: opened.frames, totalPixels: opened.frames * size.area,
                                                    pixelLimit: pixelLimit)
                    // The shim does not read AVIF's repetition count: an image sequence loops, as browsers show most.
                    return Facts(format: .avif, frames: opened.frames, plays: nil, canvas: size)
                }
                return nil
            }
        }.get()
    }

    /// NETSCAPE2.0 counts repeats after the first play (browsers play a count of 2 three times);
    /// no extension at all plays once.
    static func gifPlays(_ loopCount: Int32) -> Int? {
        switch loopCount {
        case 0: nil
        case ..<0: 1
        default: Int(loopCount) + 1
        }
    }
}
