import Foundation
import Locking

/// A picture's encoded bytes, and the parts of it decoded for a zoomed view: each at the
/// resolution the screen needs, kept per zoom step within a byte budget.
///
/// A ``ZoomViewport`` says what shows; ``tile(for:)`` answers with a decoded part a little larger
/// than the view (or the whole picture, when that is small enough), so panning within it is a crop
/// of pixels already decoded, and a step back to a zoom seen before decodes nothing. JPEG and
/// WebP decode only the part (``ImageDecoder/decodeRegion(_:region:size:pixelLimit:)``); other
/// formats are decoded whole once and cropped.
///
/// The viewport's coordinates may be those of a larger picture than these bytes hold (a preview
/// shown until the original arrives): the part is then enlarged, and ``ZoomTile/isSharp`` says so.
///
/// ```swift
/// let source = try ZoomSource(data: jpeg)
/// let tile = try source.tile(for: viewport)
/// let shown = tile.bitmap.cropped(to: tile.crop)   // exactly viewport.layout.drawn's size
/// ```
public final class ZoomSource: Sendable {
    /// The picture's bytes.
    public let data: Data
    /// Its format and upright size, from the header.
    public let info: ImageInfo
    /// Bytes of decoded parts kept (the last one asked for is always kept).
    public let costLimit: Int
    /// True for an animation: a view fitted to the screen may play it rather than show its first frame.
    public let isAnimated: Bool
    private let pixelLimit: Int
    private let cache = LockedValue(Cache())

    /// Reads the header of `data`; throws for bytes that are no picture or one over `pixelLimit`.
    public init(
        data: Data, costLimit: Int = 64 << 20, pixelLimit: Int = ImageDecoder.defaultPixelLimit
    ) throws(ImagingError) {
        let info = try ImageDecoder.probe(data)
        try ImageDecoder.checkPixelLimit(info.size, limit: pixelLimit)
        self.data = data
        self.info = info
        self.costLimit = costLimit
        self.pixelLimit = pixelLimit
        self.isAnimated = AnimatedImage(data, pixelLimit: pixelLimit) != nil
    }

    /// The size of the picture these bytes hold, upright.
    public var size: PixelSize { info.size }

    /// Bytes of decoded pixels held now.
    public var cost: Int { cache.withLock { $0.cost } }

    /// How many decodes ``tile(for:)`` has made (a cached step makes none).
    package var decodeCount: Int { cache.withLock { $0.decodes } }

    /// The decoded part that shows `viewport`, from the cache when one covers it.
    public func tile(for viewport: ZoomViewport) throws(ImagingError) -> ZoomTile {
        let layout = viewport.layout
        // Source pixels per picture pixel of the viewport, and screen pixels per source pixel.
        let ratio = Double(size.width) / Double(viewport.imageSize.width)
        let scale = viewport.scale / ratio
        let origin = PixelPoint(x: layout.origin.x * ratio, y: layout.origin.y * ratio)
        let needed = Self.roundedOut(origin: origin, width: Double(layout.drawn.width) / scale,
                                     height: Double(layout.drawn.height) / scale, within: size)
        return try cache.withLock { cache throws(ImagingError) in
            cache.clock += 1
            let part: Part
            if let index = cache.parts.firstIndex(where: { $0.scale == scale && $0.region.contains(needed) }) {
                cache.parts[index].lastUsed = cache.clock
                part = cache.parts[index]
            } else {
                part = try decode(needed, origin: origin, scale: scale,
                                  drawn: PixelSize(width: layout.drawn.width, height: layout.drawn.height), cache: &cache)
            }
            // The part's own pixels per source pixel: its size was rounded to whole pixels.
            let x = Int(((origin.x - Double(part.region.x)) * Double(part.bitmap.width) / Double(part.region.width)).rounded())
            let y = Int(((origin.y - Double(part.region.y)) * Double(part.bitmap.height) / Double(part.region.height)).rounded())
            let crop = PixelRect(x: min(max(0, x), max(0, part.bitmap.width - layout.drawn.width)),
                                 y: min(max(0, y), max(0, part.bitmap.height - layout.drawn.height)),
                                 width: min(layout.drawn.width, part.bitmap.width),
                                 height: min(layout.drawn.height, part.bitmap.height))
            return ZoomTile(bitmap: part.bitmap, crop: crop, drawn: layout.drawn, isSharp: scale <= 1 + 1e-9)
        }
    }

    /// Lets go of every decoded part.
    public func evictAll() {
        cache.withLock { $0 = Cache() }
    }

    // MARK: Decoding

    private struct Part {
        var scale: Double
        /// Source pixels.
        var region: PixelRect
        var bitmap: Bitmap
        var lastUsed: Int
    }

    private struct Cache {
        var parts: [Part] = []
        var whole: Bitmap?
        var clock = 0
        var decodes = 0

        var cost: Int { parts.reduce(0) { $0 + $1.bitmap.byteCount } + (whole?.byteCount ?? 0) }
    }

    /// Decodes a part around `needed` at `scale`: the whole picture when it is at most four views'
    /// pixels, else the view and a quarter of a view more on every side (two pan steps of an eighth:
    /// a wider margin makes every new part, which kitty is sent whole, dearer); then drops the least
    /// recently used parts over the budget.
    private func decode(
        _ needed: PixelRect, origin: PixelPoint, scale: Double, drawn: PixelSize, cache: inout Cache
    ) throws(ImagingError) -> Part {
        let whole = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        let scaledArea = Double(size.width) * Double(size.height) * scale * scale
        var region = whole
        if scaledArea > 4 * Double(drawn.area) {
            let marginX = Int((Double(drawn.width) / 4 / scale).rounded(.up))
            let marginY = Int((Double(drawn.height) / 4 / scale).rounded(.up))
            let (left, right) = Self.edges(from: needed.x - marginX, to: needed.x + needed.width + marginX,
                                           limit: size.width, origin: origin.x, scale: scale)
            let (top, bottom) = Self.edges(from: needed.y - marginY, to: needed.y + needed.height + marginY,
                                           limit: size.height, origin: origin.y, scale: scale)
            region = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
        }
        let output = PixelSize(width: max(1, Int((Double(region.width) * scale).rounded())),
                               height: max(1, Int((Double(region.height) * scale).rounded())))
        let bitmap: Bitmap
        if ImageDecoder.decodesRegions(of: info.format) {
            bitmap = try ImageDecoder.decodeRegion(data, region: region, size: output, pixelLimit: pixelLimit)
        } else {
            if cache.whole == nil { cache.whole = try ImageDecoder.decode(data, pixelLimit: pixelLimit) }
            bitmap = (cache.whole ?? Bitmap(width: 0, height: 0, pixels: [])).cropped(to: region).resized(to: output)
        }
        cache.decodes += 1
        let part = Part(scale: scale, region: region, bitmap: bitmap, lastUsed: cache.clock)
        cache.parts.append(part)
        while cache.cost > costLimit, let oldest = cache.parts.indices.dropLast().min(by: { cache.parts[$0].lastUsed < cache.parts[$1].lastUsed }) {
            cache.parts.remove(at: oldest)
        }
        return part
    }

    /// The edges of a part along one axis, around `from..<to`: on multiples of eight (libjpeg scales
    /// by n/8, so they fall on whole scaled pixels), the start chosen among a few so the view's
    /// `origin` lies on a whole pixel of the part at `scale`, and the length so the part's pixels
    /// are `scale` apart: a part that is off by a fraction of a pixel blurs a fine grid.
    private static func edges(from: Int, to: Int, limit: Int, origin: Double, scale: Double) -> (Int, Int) {
        func error(_ value: Double) -> Double { abs(value - value.rounded()) }
        let first = max(0, from) / 8 * 8
        let start = stride(from: first, through: max(0, first - 8 * 15), by: -8)
            .min { error((origin - Double($0)) * scale) < error((origin - Double($1)) * scale) } ?? first
        let last = min(limit, (to + 7) / 8 * 8)
        let end = last == limit ? limit : stride(from: last, through: min(limit, last + 8 * 15), by: 8)
            .min { error(Double($0 - start) * scale) < error(Double($1 - start) * scale) } ?? last
        return (start, max(start + 1, end))
    }

    /// The whole pixels that hold the rectangle from `origin`, `width` x `height`, inside `bounds`.
    private static func roundedOut(origin: PixelPoint, width: Double, height: Double, within bounds: PixelSize) -> PixelRect {
        let left = max(0, Int(origin.x.rounded(.down))), top = max(0, Int(origin.y.rounded(.down)))
        let right = min(bounds.width, Int((origin.x + width - 1e-6).rounded(.up)))
        let bottom = min(bounds.height, Int((origin.y + height - 1e-6).rounded(.up)))
        return PixelRect(x: left, y: top, width: max(1, right - left), height: max(1, bottom - top))
    }
}

extension ZoomSource: Hashable {
    public static func == (lhs: ZoomSource, rhs: ZoomSource) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A decoded part of a picture and the pixels of it that show: `bitmap.cropped(to: crop)` goes
/// into the view's `drawn` rectangle, one pixel for one screen pixel.
public struct ZoomTile: Sendable {
    /// The decoded part, at the view's scale (the same pixels while the view pans inside it).
    public var bitmap: Bitmap
    /// The pixels of `bitmap` that show.
    public var crop: PixelRect
    /// Where they go: screen pixels from the view's top-left (``ZoomViewport/Layout/drawn``).
    public var drawn: PixelRect
    /// False when the bytes hold fewer pixels than the view shows: a preview enlarged, waiting for
    /// the original.
    public var isSharp: Bool
}

extension PixelRect {
    /// True when `other` lies wholly inside this rectangle.
    func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }
}
