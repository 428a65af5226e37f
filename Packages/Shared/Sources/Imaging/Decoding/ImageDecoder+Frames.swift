import CAVIF
import CGIF
import CWebP
import Foundation

/// One frame of an animation as the screen shows it: composed on the canvas, upright.
public struct AnimationFrame: Sendable, Hashable {
    /// The whole canvas after this frame was drawn.
    public var bitmap: Bitmap
    /// How long it stays, after browsers' rule for very short delays.
    public var delay: Duration

    /// A frame of `bitmap` shown for `delay`.
    public init(bitmap: Bitmap, delay: Duration) {
        self.bitmap = bitmap
        self.delay = delay
    }
}

extension ImageDecoder {
    /// What browsers do with a delay of 10 ms or less (many GIFs say 0): show the frame for 100 ms.
    package static func playable(delayMilliseconds: Int) -> Duration {
        delayMilliseconds <= 10 ? .milliseconds(100) : .milliseconds(delayMilliseconds)
    }

    /// Every frame of `data` at full size, composed as the format says (a still gives one frame).
    ///
    /// The limits are those of `decode`, for each frame and for the whole animation, checked from
    /// the headers before the first frame is decoded. A frame that is cut short ends the
    /// animation there, as in a browser; only a damaged first frame is an error.
    package static func frames(
        _ data: Data, pixelLimit: Int = defaultPixelLimit
    ) throws(ImagingError) -> [AnimationFrame] {
        let header = try probe(data)
        try checkPixelLimit(header.size, limit: pixelLimit)
        let frames: [AnimationFrame] = try data.withUnsafeBytes { raw in
            Result { () throws(ImagingError) -> [AnimationFrame] in
                switch header.format {
                case .gif: try gifFrames(raw, pixelLimit: pixelLimit)
                case .webp: try webpFrames(raw, pixelLimit: pixelLimit)
                case .avif: try avifFrames(raw, pixelLimit: pixelLimit)
                case .jpeg, .png, .heic: []
                }
            }
        }.get()
        guard frames.isEmpty else { return frames }
        return [AnimationFrame(bitmap: try decode(data, pixelLimit: pixelLimit), delay: .zero)]
    }

    private static func gifFrames(_ bytes: UnsafeRawBufferPointer, pixelLimit: Int) throws(ImagingError) -> [AnimationFrame] {
        let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let info = try GIFDecoder.scan(base, count: bytes.count, pixelLimit: pixelLimit)
        let screen = PixelSize(width: Int(info.width), height: Int(info.height))
        try CodecLibrary.gif.load()
        var status = CGIF_OK
        guard let decoder = cgif_decoder_create(base, bytes.count, &status) else { throw .corrupt("giflib could not open it") }
        defer { cgif_decoder_destroy(decoder) }
        var frames: [AnimationFrame] = []
        while frames.count < Int(info.frame_count) {
            var delay: Int32 = 0
            status = cgif_next_frame(decoder, &delay)
            guard status == CGIF_OK else { break }
            let pixels = Array(UnsafeBufferPointer(start: cgif_canvas(decoder), count: screen.area * 4))
            frames.append(AnimationFrame(
                bitmap: Bitmap(width: screen.width, height: screen.height, pixels: pixels),
                delay: playable(delayMilliseconds: Int(delay) * 10)
            ))
        }
        guard !frames.isEmpty else {
            throw status == CGIF_TRUNCATED ? .truncated : .corrupt(String(cString: cgif_decoder_message(decoder)))
        }
        return frames
    }

    private static func webpFrames(_ bytes: UnsafeRawBufferPointer, pixelLimit: Int) throws(ImagingError) -> [AnimationFrame] {
        let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var info = cwebp_info()
        guard cwebp_read_info(base, bytes.count, &info) == CWEBP_OK, info.is_animated != 0 else { return [] }
        let canvas = PixelSize(width: Int(info.width), height: Int(info.height))
        let count = Int(info.frame_count)
        try checkAnimation(frames: count, totalPixels: count * canvas.area, pixelLimit: pixelLimit)
        guard let animation = cwebp_animation_create(base, bytes.count) else { throw .corrupt("libwebp refused the animation") }
        defer { cwebp_animation_destroy(animation) }
        var frames: [AnimationFrame] = []
        var previous: Int32 = 0
        for _ in 0..<count {
            var timestamp: Int32 = 0
            var status = CWEBP_OK
            let pixels = [UInt8](unsafeUninitializedCapacity: canvas.area * 4) { buffer, initialized in
                status = cwebp_animation_next(animation, buffer.baseAddress, canvas.width * 4, &timestamp)
                initialized = status == CWEBP_OK ? buffer.count : 0
            }
            guard status == CWEBP_OK else { break }
            // libwebp gives the time each frame ends; a frame's delay is the step from the last.
            frames.append(AnimationFrame(
                bitmap: Bitmap(width: canvas.width, height: canvas.height, pixels: pixels),
                delay: playable(delayMilliseconds: Int(timestamp - previous))
            ))
            previous = timestamp
        }
        guard !frames.isEmpty else { throw .corrupt("libwebp could not decode the first frame") }
        return frames
    }

    private static func avifFrames(_ bytes: UnsafeRawBufferPointer, pixelLimit: Int) throws(ImagingError) -> [AnimationFrame] {
        let opened = try AVIFDecoder.open(bytes, pixelLimit: pixelLimit, frameLimit: frameLimit)
        defer { cavif_decoder_destroy(opened.decoder) }
        let size = opened.storedSize
        try checkAnimation(frames: opened.frames, totalPixels: opened.frames * size.area, pixelLimit: pixelLimit)
        guard opened.frames > 1 else { return [] }
        var frames: [AnimationFrame] = []
        for _ in 0..<opened.frames {
            var duration = 0.0
            var status = CAVIF_OK
            let pixels = [UInt8](unsafeUninitializedCapacity: size.area * 4) { buffer, initialized in
                status = cavif_next_frame(opened.decoder, buffer.baseAddress, size.width * 4, &duration)
                initialized = status == CAVIF_OK ? buffer.count : 0
            }
            guard status == CAVIF_OK else { break }
            var bitmap = Bitmap(width: size.width, height: size.height, pixels: pixels).oriented(opened.orientation)
            try AVIFDecoder.convertColour(&bitmap, decoder: opened.decoder)
            frames.append(AnimationFrame(bitmap: bitmap, delay: playable(delayMilliseconds: Int(duration.rounded()))))
        }
        guard !frames.isEmpty else { throw .corrupt("libavif could not decode the first frame") }
        return frames
    }
}
