import CAVIF
import CGIF
import CLCMS
import CWebP
import Foundation

/// Plays an ``AnimatedImage`` one frame at a time, each decoded when it is asked for and scaled
/// to fit a target: it holds the codec's canvas (and, for a GIF, the canvas a "restore previous"
/// frame returns to) and the frame it last gave, never the frames of a whole play.
///
/// Frames come in the file's order with the file's delays (10 ms or less plays at 100 ms, as in
/// browsers); after the last frame the animation starts again as many times as the file says.
/// Owned by one task: it is not `Sendable`.
///
/// Given room (`keepingUpTo`), a source whose frames, at the size it gives them, fit in that many
/// bytes keeps the frames of its first play and gives the same bitmaps again on later plays: a
/// loop then costs no decoding, and a screen that caches by picture (sixel encodings, kitty's
/// transmitted images) sends each frame once. A longer or larger animation is decoded as it plays,
/// every time.
///
/// ```swift
/// let source = try FrameSource(animation, fitting: cellSize)
/// while let frame = try source.nextFrame() { show(frame.bitmap); try await clock.sleep(for: frame.delay) }
/// ```
public final class FrameSource {
    /// The animation being played.
    public let animation: AnimatedImage
    /// The size of every frame it gives: upright, fitted into the target.
    public let frameSize: PixelSize
    /// How many frames it has given.
    public private(set) var framesGiven = 0
    /// The most pixel memory it held at once, in bytes (the codec's canvases and the frame being
    /// scaled): the bound that holds however many frames the file has.
    public private(set) var largestBufferBytes = 0
    /// The bytes of the frames kept for later plays, never more than the room it was given.
    public private(set) var keptBytes = 0
    /// True once it gives kept frames instead of decoding.
    package var isReplaying: Bool { replaying }

    private let pixelLimit: Int
    /// A copy of the file the codecs read while the source lives (they keep pointers into it).
    private let bytes: UnsafeMutableRawBufferPointer
    private let orientation: ImageOrientation
    /// The size frames are scaled to before they are turned upright.
    private let storedTarget: PixelSize
    private var codec: Codec?
    /// Frames given in the current play.
    private var index = 0
    private var playsFinished = 0
    /// libwebp gives the time each frame ends: a frame's delay is the step from the last.
    private var previousTimestamp: Int32 = 0
    /// True while the first play's frames are being kept (they fit the room given).
    private var keeping: Bool
    /// The first play's frames, given again by later plays once `replaying`.
    private var kept: [AnimationFrame] = []
    private var replaying = false

    private enum Codec {
        case gif(OpaquePointer)
        case webp(OpaquePointer, canvas: [UInt8])
        case avif(OpaquePointer, canvas: [UInt8])
    }
    /// How frames are brought to sRGB, found at the first frame and kept for every play: building a
    /// Little CMS transform costs far more than converting a cell's pixels with it.
    private var colour = Colour.unknown

    private enum Colour {
        case unknown
        case asDecoded
        /// A transform from the file's ICC profile, destroyed with the source.
        case profile(OpaquePointer)
        /// AVIF's `nclx`: ColorManagement keeps the transform.
        case codePoints(ColorManagement.CodePoints)
    }

    /// A source of `animation`'s frames, scaled to fit `maxSize` (nil: the canvas size), keeping
    /// the first play's frames for later plays when all of them fit in `keptLimit` bytes.
    /// - Throws: the decoders' errors for a file past the limits or whose first frame is damaged
    ///   (the first frame is not decoded here: ``nextFrame()`` throws it).
    public init(
        _ animation: AnimatedImage, fitting maxSize: PixelSize?, pixelLimit: Int = ImageDecoder.defaultPixelLimit,
        keepingUpTo keptLimit: Int = 0
    ) throws(ImagingError) {
        try ImageDecoder.checkPixelLimit(animation.canvasSize, limit: pixelLimit)
        try ImageDecoder.checkAnimation(
            frames: animation.frameCount, totalPixels: animation.frameCount * animation.canvasSize.area,
            pixelLimit: pixelLimit)
        self.animation = animation
        self.pixelLimit = pixelLimit
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, animation.data.count), alignment: 16)
        _ = animation.data.copyBytes(to: copy)
        self.bytes = copy
        orientation = Self.orientation(of: animation, in: UnsafeRawBufferPointer(rebasing: copy[0..<animation.data.count]))
        let upright = orientation.upright(animation.canvasSize)
        let fitted = maxSize.map { upright.shrunk(toFit: PixelSize(width: max(1, $0.width), height: max(1, $0.height))) }
        frameSize = fitted ?? upright
        storedTarget = orientation.stored(frameSize)
        // Known before the first frame: the frames of a play, at the size given, fit or do not. A
        // file that plays once has no later play to keep them for.
        let (playBytes, overflow) = frameSize.area.multipliedReportingOverflow(by: 4 * animation.frameCount)
        keeping = !overflow && playBytes <= keptLimit && animation.plays != 1
    }

    deinit {
        close()
        if case .profile(let transform) = colour { clcms_transform_destroy(transform) }
        bytes.deallocate()
    }

    /// The next frame, decoded now; nil once the file's plays are over.
    /// - Throws: when the first frame of a play cannot be decoded. A later frame that is damaged
    ///   or cut short ends the play there, as in a browser.
    public func nextFrame() throws(ImagingError) -> AnimationFrame? {
        if let plays = animation.plays, playsFinished >= plays { return nil }
        if index >= (replaying ? kept.count : animation.frameCount) { endPlay() }
        if let plays = animation.plays, playsFinished >= plays { return nil }
        if replaying {
            defer { index += 1; framesGiven += 1 }
            return kept[index]
        }
        if codec == nil { codec = try open() }
        guard let frame = try decodeNext() else {
            guard index > 0 else { throw .corrupt("the first frame of the animation does not decode") }
            endPlay()
            return try nextFrame()
        }
        index += 1
        framesGiven += 1
        if keeping {
            kept.append(frame)
            keptBytes += frame.bitmap.byteCount
        }
        return frame
    }

    /// The frames of one play, in order, each handed to `body` as it is decoded (none is kept):
    /// what a terminal that plays the animation itself is sent once. A damaged frame ends the
    /// play there, as a player would.
    /// - Throws: when the first frame does not decode.
    package func forEachFrameOfOnePlay(_ body: (AnimationFrame) -> Void) throws(ImagingError) {
        while playsFinished == 0, index < animation.frameCount, let frame = try nextFrame(), playsFinished == 0 {
            body(frame)
        }
    }

    private func endPlay() {
        close()
        index = 0
        previousTimestamp = 0
        playsFinished += 1
        // A first play cut short by a damaged frame is kept as it played: every play ends there.
        if keeping, !kept.isEmpty {
            keeping = false
            replaying = true
        }
    }

    private var input: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[0..<animation.data.count])
    }

    private func open() throws(ImagingError) -> Codec {
        let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let count = animation.data.count
        let canvas = animation.canvasSize
        switch animation.format {
        case .gif:
            try CodecLibrary.gif.load()
            var status = CGIF_OK
            guard let decoder = cgif_decoder_create(base, count, &status) else {
                throw status == CGIF_TRUNCATED ? .truncated : .corrupt("giflib could not open it")
            }
            return .gif(decoder)
        case .webp:
            try CodecLibrary.webp.load()
            guard let player = cwebp_animation_create(base, count) else { throw .corrupt("libwebp refused the animation") }
            return .webp(player, canvas: [UInt8](repeating: 0, count: canvas.area * 4))
        case .avif:
            let opened = try AVIFDecoder.open(input, pixelLimit: pixelLimit, frameLimit: ImageDecoder.frameLimit)
            return .avif(opened.decoder, canvas: [UInt8](repeating: 0, count: canvas.area * 4))
        default:
            throw .unsupported("\(animation.format.rawValue) does not animate")
        }
    }

    private func close() {
        switch codec {
        case .gif(let decoder): cgif_decoder_destroy(decoder)
        case .webp(let player, _): cwebp_animation_destroy(player)
        case .avif(let decoder, _): cavif_decoder_destroy(decoder)
        case nil: break
        }
        codec = nil
    }

    /// Composes the next frame of the play on the codec's canvas and scales it; nil at the end
    /// of the play or at a frame that does not decode.
    private func decodeNext() throws(ImagingError) -> AnimationFrame? {
        let canvas = animation.canvasSize
        let stride = canvas.width * 4
        let full: Bitmap
        let delay: Duration
        var held = 0
        switch codec {
        case .gif(let decoder):
            var centiseconds: Int32 = 0
            guard cgif_next_frame(decoder, &centiseconds) == CGIF_OK else { return nil }
            full = Bitmap(width: canvas.width, height: canvas.height,
                          pixels: Array(UnsafeBufferPointer(start: cgif_canvas(decoder), count: canvas.area * 4)))
            // giflib's canvas, the one kept for "restore previous", and the copy above.
            held = full.byteCount * 3
            delay = ImageDecoder.playable(delayMilliseconds: Int(centiseconds) * 10)
        case .webp(let player, var pixels):
            codec = nil
            var timestamp: Int32 = 0
            let status = pixels.withUnsafeMutableBufferPointer { cwebp_animation_next(player, $0.baseAddress, stride, &timestamp) }
            codec = .webp(player, canvas: pixels)
            guard status == CWEBP_OK else { return nil }
            full = Bitmap(width: canvas.width, height: canvas.height, pixels: pixels)
            // libwebp's own canvas and ours.
            held = full.byteCount * 2
            delay = ImageDecoder.playable(delayMilliseconds: Int(timestamp - previousTimestamp))
            previousTimestamp = timestamp
        case .avif(let decoder, var pixels):
            codec = nil
            var duration = 0.0
            let status = pixels.withUnsafeMutableBufferPointer { cavif_next_frame(decoder, $0.baseAddress, stride, &duration) }
            codec = .avif(decoder, canvas: pixels)
            guard status == CAVIF_OK else { return nil }
            full = Bitmap(width: canvas.width, height: canvas.height, pixels: pixels)
            held = full.byteCount * 2
            delay = ImageDecoder.playable(delayMilliseconds: Int(duration.rounded()))
        case nil:
            return nil
        }
        let scaled = storedTarget == canvas ? full : full.resized(to: storedTarget, filter: .automatic)
        var upright = scaled.oriented(orientation)
        convertColour(&upright)
        largestBufferBytes = max(largestBufferBytes, held + (storedTarget == canvas ? 0 : scaled.byteCount))
        return AnimationFrame(bitmap: upright, delay: delay)
    }

    /// The same conversion to sRGB as the still decoders apply to the first frame.
    private func convertColour(_ bitmap: inout Bitmap) {
        if case .unknown = colour { colour = colourOfFile() }
        switch colour {
        case .profile(let transform): ColorManagement.apply(transform, to: &bitmap)
        case .codePoints(let points): try? ColorManagement.convertToSRGB(&bitmap, codePoints: points)
        case .asDecoded, .unknown: break
        }
    }

    /// How the file tells its colour: an ICC profile, else (AVIF) its code points.
    private func colourOfFile() -> Colour {
        let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var icc: UnsafePointer<UInt8>?
        var count = 0
        switch codec {
        case .webp:
            var info = cwebp_info()
            guard cwebp_read_info(base, animation.data.count, &info) == CWEBP_OK else { return .asDecoded }
            icc = info.icc
            count = info.icc_size
        case .avif(let decoder, _):
            icc = cavif_icc(decoder, &count)
            guard icc != nil else { return .codePoints(AVIFDecoder.codePoints(decoder)) }
        default:
            return .asDecoded
        }
        // The first frame, decoded as a still, opened Little CMS for the same profile already.
        let transform = try? ColorManagement.transform(icc: icc, count: count, input: CLCMS_INPUT_RGBA)
        return transform.map(Colour.profile) ?? .asDecoded
    }

    private static func orientation(of animation: AnimatedImage, in bytes: UnsafeRawBufferPointer) -> ImageOrientation {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return .up }
        if animation.format == .webp {
            var info = cwebp_info()
            guard cwebp_read_info(base, bytes.count, &info) == CWEBP_OK else { return .up }
            return (try? ImageOrientation.read(exif: info.exif, count: info.exif_size)) ?? .up
        }
        if animation.format == .avif {
            guard let opened = try? AVIFDecoder.open(bytes, pixelLimit: nil, frameLimit: nil) else { return .up }
            defer { cavif_decoder_destroy(opened.decoder) }
            return opened.orientation
        }
        return .up
    }
}

extension FrameSource {
    /// Plays `animation` fitted into `size`: each frame after the first (which the screen shows
    /// already) goes to `show` once the frame before has had its delay, timed by `sleep`, until
    /// the file's plays end, a frame fails or the calling task is cancelled. The next frame is
    /// decoded while the shown one waits, one frame at a time.
    /// The room a picture playing on screen gets to keep its frames: a dozen frames of a
    /// screen-sized cell fit, so the usual short loop is decoded and sent to the terminal once.
    public static let screenKeptLimit = 32 << 20

    /// With `keptLimit`, a loop whose frames fit in that many bytes is decoded once (see
    /// ``FrameSource``).
    public static func play(
        _ animation: AnimatedImage, fitting size: PixelSize, keepingUpTo keptLimit: Int = 0,
        sleep: (Duration) async throws -> Void, show: (Bitmap) async -> Void
    ) async {
        guard let source = try? FrameSource(animation, fitting: size, keepingUpTo: keptLimit),
              var shown = try? source.nextFrame() else { return }
        while !Task.isCancelled, let next = try? source.nextFrame() {
            guard (try? await sleep(shown.delay)) != nil else { return }
            await show(next.bitmap)
            shown = next
        }
    }
}
