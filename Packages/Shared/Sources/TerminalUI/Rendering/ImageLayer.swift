import Foundation
import Imaging

/// The pictures of a frame drawn with real pixels: which escape sequences bring the screen from
/// the pictures shown last frame to this frame's, and nothing when nothing changed.
///
/// kitty: each picture (at each on-screen size) is transmitted once under an id; placements are
/// then put, moved, clipped and deleted by id, so scrolling never resends pixels. A placement
/// that carries its animation has the frames of one play added to its image once, with their
/// gaps and the file's loop count, and the terminal plays them: started while a placement of it
/// is on screen, stopped when none is. sixel and
/// iTerm2 are part of the cells: a picture is drawn again when it moves or when the text under
/// it was rewritten, from an encoding cached per picture, size and clip.
struct ImageLayer: Sendable {
    /// A write at a cell, or anywhere.
    enum Operation: Equatable {
        case at(column: Int, row: Int, bytes: [UInt8])
        case anywhere([UInt8])
    }

    /// One picture at one on-screen size.
    struct SizedKey: Hashable {
        var identity: Int
        var size: PixelSize
        var inset: PixelOffset
        var matte: ImagePlacement.Matte?

        init(_ placement: ImagePlacement) {
            identity = placement.identity
            size = placement.pixelSize
            inset = placement.inset
            matte = placement.matte
        }
    }

    private struct KittyImage {
        var id: Int
        var source: Bitmap
        var lastUsed: Int
        /// Set once the frames of its animation were sent: the terminal can play it.
        var animation: KittyAnimation?
    }

    /// An image whose frames the terminal holds.
    private struct KittyAnimation {
        /// How many times one run plays through; nil for ever.
        var plays: Int?
        /// False when only the first frame could be sent: nothing to play.
        var hasFrames: Bool
        /// True while the terminal is told to play it.
        var running = false
    }

    private struct KittyPlacementKey: Hashable {
        var id: Int
        var number: Int
    }

    private struct EncodedKey: Hashable {
        var sized: SizedKey
        var clip: PixelRect
    }

    let graphics: GraphicsProtocol
    /// True when the terminal told its cell size: pictures are drawn at exact pixel sizes.
    /// Otherwise they are scaled by the terminal into their cells (kitty, iTerm2).
    let cellSizeKnown: Bool
    /// kitty images kept in the terminal beyond those on screen, for scrolling back.
    var keptImages = 16
    private var scaled: [SizedKey: (source: Bitmap, scaled: Bitmap)] = [:]
    private var kittyImages: [SizedKey: KittyImage] = [:]
    private var kittyShown: [KittyPlacementKey: ImagePlacement.Geometry] = [:]
    private var nextKittyID = 1
    private var encoded: [EncodedKey: [UInt8]] = [:]
    private var cellDrawn: [ImagePlacement.Geometry: Rect] = [:]
    private var frameNumber = 0
    /// Sixel/iTerm2 encodings kept before those not on screen are dropped.
    static let maximumEncodings = 48

    /// Palette size of sixel pictures.
    let sixelColors: Int
    /// kitty pictures are drawn as Unicode placeholders (inside tmux): each image is sent once,
    /// through tmux's passthrough, with a virtual placement; the cells showing it are text.
    let placeholders: Bool

    init(graphics: GraphicsProtocol, cellSizeKnown: Bool, sixelColors: Int = 256, placeholders: Bool = false) {
        self.graphics = graphics
        self.cellSizeKnown = cellSizeKnown
        self.sixelColors = sixelColors
        self.placeholders = graphics == .kitty && placeholders
    }

    /// Bytes that take every one of our pictures off the screen and out of the terminal's memory.
    var cleanup: [UInt8] {
        guard graphics == .kitty else { return [] }
        let delete = Array(KittyGraphics.deleteAllImages.utf8)
        return placeholders ? TmuxPassthrough.wrapSequences(delete) : delete
    }

    /// The ids of kitty images the terminal holds for us.
    var kittyImageIDs: Set<Int> { Set(kittyImages.values.map(\.id)) }

    /// The screen was cleared: nothing is shown any more.
    mutating func screenCleared() -> [Operation] {
        cellDrawn.removeAll()
        guard graphics == .kitty, !kittyShown.isEmpty else { return [] }
        kittyShown.removeAll()
        return [.anywhere(KittyGraphics.deleteAllPlacements)]
    }

    /// Limits sixel placements to what may be drawn without scrolling the terminal: a sixel that
    /// reaches the last row moves the cursor past it and scrolls the screen.
    func drawable(_ placements: [ImagePlacement], screen: TerminalSize) -> [ImagePlacement] {
        guard graphics == .sixel else { return placements }
        return placements.compactMap { placement in
            var clipped = placement
            clipped.visible = placement.visible.intersection(Rect(column: 0, row: 0, width: screen.columns, height: screen.rows - 1))
            return clipped.visible.isEmpty ? nil : clipped
        }
    }

    /// The cell areas of sixel/iTerm2 pictures drawn last frame that are not drawn the same way
    /// now: their cells must be written again to wipe the old pixels.
    func staleAreas(for placements: [ImagePlacement]) -> [Rect] {
        guard graphics != .kitty else { return [] }
        let now = Set(placements.map(\.geometry))
        let stale = cellDrawn.filter { !now.contains($0.key) }
        guard !stale.isEmpty else { return [] }
        // An animation's next frame takes the last one's place exactly: when nothing of it is
        // transparent it paints over every pixel of the old one, and wiping the cells first would
        // flash the background between frames.
        let repainted = Set(placements.filter { cellDrawn[$0.geometry] == nil && $0.paintsEveryPixel }.map(\.geometry.place))
        return stale.compactMap { repainted.contains($0.key.place) ? nil : $0.value }
    }

    /// The operations that show `placements`; `cellsRewritten(rect)` tells whether text was
    /// written into any cell of `rect` this frame (that wipes sixel and iTerm2 pixels).
    mutating func update(_ placements: [ImagePlacement], cellsRewritten: (Rect) -> Bool) -> [Operation] {
        frameNumber += 1
        switch graphics {
        case .kitty: return placeholders ? updatePlaceholders(placements) : updateKitty(placements)
        case .sixel, .iTerm2: return updateInCells(placements, cellsRewritten: cellsRewritten)
        case .blocks, .none: return []
        }
    }

    // MARK: kitty

    private mutating func updateKitty(_ placements: [ImagePlacement]) -> [Operation] {
        var operations: [Operation] = []
        var shown: [KittyPlacementKey: ImagePlacement.Geometry] = [:]
        var occurrences: [Int: Int] = [:]
        var playing: Set<SizedKey> = []
        // Frames go after the placements: kitty shows the first frame at once, and starts the run
        // that follows them every time (sent before the placement, a run sometimes never began).
        var frames: [UInt8] = []
        for placement in placements {
            let sized = SizedKey(placement)
            let id: Int
            // The first frame as just sent, which the next frame is sent as a change of.
            var root: Bitmap?
            if var image = kittyImages[sized] {
                image.lastUsed = frameNumber
                kittyImages[sized] = image
                id = image.id
            } else {
                id = nextKittyID
                nextKittyID += 1
                var bytes: [UInt8] = []
                // kitty reads PNG files itself; a JPEG is sent as our pixels.
                if let file = placement.fileShownAsIs, file.format == .png {
                    KittyGraphics.transmit(png: file.data, id: id, into: &bytes)
                } else {
                    let canvas = scaledBitmap(for: placement)
                    if placement.animation != nil { root = canvas }
                    KittyGraphics.transmit(canvas, id: id, into: &bytes)
                }
                // The terminal holds the pixels now; only the source is kept, to keep its identity.
                scaled[sized] = nil
                operations.append(.anywhere(bytes))
                kittyImages[sized] = KittyImage(id: id, source: placement.bitmap, lastUsed: frameNumber)
            }
            if let animation = placement.animation {
                playing.insert(sized)
                if kittyImages[sized]?.animation == nil {
                    let first = root ?? scaledBitmap(for: placement)
                    let (bytes, hasFrames) = Self.frames(of: animation, for: placement, after: first, id: id)
                    scaled[sized] = nil
                    frames += bytes
                    kittyImages[sized]?.animation = KittyAnimation(plays: animation.plays, hasFrames: hasFrames)
                }
            }
            let number = (occurrences[id] ?? 0) + 1
            occurrences[id] = number
            let key = KittyPlacementKey(id: id, number: number)
            shown[key] = placement.geometry
            guard kittyShown[key] != placement.geometry else { continue }
            var bytes: [UInt8] = []
            KittyGraphics.place(id: id, placement: number, source: placement.visiblePixels,
                                cells: cellSizeKnown ? nil : placement.visible.size, into: &bytes)
            operations.append(.at(column: placement.visible.column, row: placement.visible.row, bytes: bytes))
        }
        for key in kittyShown.keys where shown[key] == nil {
            var bytes: [UInt8] = []
            KittyGraphics.deletePlacement(id: key.id, placement: key.number, into: &bytes)
            operations.append(.anywhere(bytes))
        }
        kittyShown = shown
        if !frames.isEmpty { operations.append(.anywhere(frames)) }
        operations += runOrStopAnimations(playing: playing)
        operations += evictKittyImages()
        return operations
    }

    /// Starts the terminal's playback of the animations now on screen and stops the others: one
    /// that scrolled away, was covered, or whose placement no longer asks to play.
    private mutating func runOrStopAnimations(playing: Set<SizedKey>) -> [Operation] {
        var bytes: [UInt8] = []
        for (key, image) in kittyImages.sorted(by: { $0.value.id < $1.value.id }) {
            guard var animation = image.animation, animation.hasFrames else { continue }
            let runs = playing.contains(key)
            guard runs != animation.running else { continue }
            if runs {
                KittyGraphics.runAnimation(id: image.id, plays: animation.plays, into: &bytes)
            } else {
                KittyGraphics.stopAnimation(id: image.id, into: &bytes)
            }
            animation.running = runs
            kittyImages[key]?.animation = animation
        }
        return bytes.isEmpty ? [] : [.anywhere(bytes)]
    }

    /// The frames after the first of one play of `animation` (the first, `root`, went with the
    /// image), as the placement shows them, added to image `id` with their gaps; and whether there
    /// were any. The decoders give each frame composed whole; each is sent as the rectangle where
    /// it differs from the frame before, over that frame, so a spinner turning in a corner costs
    /// its corner.
    private static func frames(
        of animation: AnimatedImage, for placement: ImagePlacement, after root: Bitmap, id: Int
    ) -> ([UInt8], Bool) {
        guard let source = try? FrameSource(animation, fitting: placement.pixelSize) else { return ([], false) }
        var bytes: [UInt8] = []
        var count = 0
        var previous = root
        try? source.forEachFrameOfOnePlay { frame in
            count += 1
            let gap = Int(frame.delay / .milliseconds(1))
            guard count > 1 else {
                KittyGraphics.setRootGap(id: id, gap: gap, into: &bytes)
                return
            }
            let canvas = canvas(of: frame.bitmap, for: placement)
            // A frame like the one before still takes its turn: one unchanged pixel of it.
            let changed = canvas.changedRect(from: previous) ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
            KittyGraphics.transmitFrame(canvas.cropped(to: changed), at: PixelOffset(x: changed.x, y: changed.y),
                                        over: count - 1, id: id, gap: gap, into: &bytes)
            previous = canvas
        }
        return count > 1 ? (bytes, true) : ([], false)
    }

    // MARK: kitty through Unicode placeholders

    /// Sends each picture not yet in the terminal with its virtual placement, the size of its
    /// cells; where it shows is the placeholder text `drawPlaceholders` writes into the frame.
    private mutating func updatePlaceholders(_ placements: [ImagePlacement]) -> [Operation] {
        var bytes: [UInt8] = []
        for placement in placements {
            let sized = SizedKey(placement)
            if var image = kittyImages[sized] {
                image.lastUsed = frameNumber
                kittyImages[sized] = image
                continue
            }
            let used = Set(kittyImages.values.map(\.id))
            guard let id = KittyPlaceholders.ids.first(where: { !used.contains($0) }) else { continue }
            // The picture fills its cells exactly (transparent beyond it), so scaling it into them is none.
            let cells = PixelSize(width: placement.rect.width * placement.cellPixels.width,
                                  height: placement.rect.height * placement.cellPixels.height)
            KittyGraphics.transmit(scaledBitmap(for: placement).extended(to: cells), id: id, into: &bytes)
            KittyPlaceholders.virtualPlacement(id: id, cells: placement.rect.size, into: &bytes)
            scaled[sized] = nil
            kittyImages[sized] = KittyImage(id: id, source: placement.bitmap, lastUsed: frameNumber)
        }
        var operations: [Operation] = bytes.isEmpty ? [] : [.anywhere(TmuxPassthrough.wrapSequences(bytes))]
        for case let .anywhere(deletion) in evictKittyImages() {
            operations.append(.anywhere(TmuxPassthrough.wrapSequences(deletion)))
        }
        return operations
    }

    /// Writes the placeholder text of every picture the terminal holds into its visible cells:
    /// U+10EEEE with the cell's row and column in the picture, coloured with the image id.
    func drawPlaceholders(_ placements: [ImagePlacement], into frame: inout Frame) {
        for placement in placements {
            guard let id = kittyImages[SizedKey(placement)]?.id else { continue }
            let style = Style(foreground: .palette(UInt8(id)))
            let visible = placement.visible.intersection(frame.bounds)
            guard !visible.isEmpty else { continue }
            for row in visible.row..<visible.maxRow {
                for column in visible.column..<visible.maxColumn {
                    guard let text = KittyPlaceholders.cell(row: row - placement.rect.row, column: column - placement.rect.column)
                    else { continue }
                    frame.setImageCell(text, style: style, column: column, row: row)
                }
            }
        }
    }

    /// Deletes the least recently shown images beyond `keptImages` that are not on screen.
    private mutating func evictKittyImages() -> [Operation] {
        let idle = kittyImages.filter { $0.value.lastUsed != frameNumber }
        guard idle.count > keptImages else { return [] }
        var operations: [Operation] = []
        for (key, image) in idle.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }).prefix(idle.count - keptImages) {
            var bytes: [UInt8] = []
            KittyGraphics.deleteImage(id: image.id, into: &bytes)
            operations.append(.anywhere(bytes))
            kittyImages[key] = nil
            scaled[key] = nil
        }
        return operations
    }

    // MARK: sixel and iTerm2

    private mutating func updateInCells(_ placements: [ImagePlacement], cellsRewritten: (Rect) -> Bool) -> [Operation] {
        var operations: [Operation] = []
        var drawn: [ImagePlacement.Geometry: Rect] = [:]
        for placement in placements {
            let geometry = placement.geometry
            drawn[geometry] = placement.visible
            if cellDrawn[geometry] != nil, !cellsRewritten(placement.visible) { continue }
            guard let bytes = encodedBytes(for: placement), !bytes.isEmpty else { continue }
            operations.append(.at(column: placement.visible.column, row: placement.visible.row, bytes: bytes))
        }
        cellDrawn = drawn
        let live = Set(placements.map(\.identity))
        encoded = encoded.filter { live.contains($0.key.sized.identity) }
        // Scrolling makes a clip per row; keep only the clips on screen once there are many.
        if encoded.count > Self.maximumEncodings {
            let shown = Set(placements.map { EncodedKey(sized: SizedKey($0), clip: $0.visiblePixels) })
            encoded = encoded.filter { shown.contains($0.key) }
        }
        scaled = scaled.filter { live.contains($0.key.identity) }
        return operations
    }

    private mutating func encodedBytes(for placement: ImagePlacement) -> [UInt8]? {
        let clip = placement.visiblePixels
        let key = EncodedKey(sized: SizedKey(placement), clip: clip)
        if let bytes = encoded[key] { return bytes }
        // iTerm2 reads PNG and JPEG files itself: one shown whole at 1:1 goes as it is.
        if graphics == .iTerm2, let file = placement.fileShownAsIs, clip == PixelRect(x: 0, y: 0, width: file.size.width,
                                                                                       height: file.size.height) {
            var bytes: [UInt8] = []
            if cellSizeKnown {
                ITerm2Graphics.inline(file: file.data, size: file.size, into: &bytes)
            } else {
                ITerm2Graphics.inline(file: file.data, cells: placement.visible.size, into: &bytes)
            }
            encoded[key] = bytes
            return bytes
        }
        let picture = scaledBitmap(for: placement).cropped(to: clip)
        guard picture.width > 0, picture.height > 0 else { return nil }
        var bytes: [UInt8] = []
        if graphics == .sixel {
            bytes = SixelEncoder.encode(picture, colors: sixelColors)
        } else {
            guard let png = try? ImageEncoder.png(picture) else { return nil }
            if cellSizeKnown {
                ITerm2Graphics.inline(file: png, size: picture.size, into: &bytes)
            } else {
                ITerm2Graphics.inline(file: png, cells: placement.visible.size, into: &bytes)
            }
        }
        encoded[key] = bytes
        return bytes
    }

    /// The placement's picture at its on-screen pixel size after its transparent inset, made once
    /// per size.
    private mutating func scaledBitmap(for placement: ImagePlacement) -> Bitmap {
        let key = SizedKey(placement)
        if let cached = scaled[key] { return cached.scaled }
        let result = Self.canvas(of: placement.bitmap, for: placement)
        scaled[key] = (placement.bitmap, result)
        return result
    }

    /// `bitmap` as `placement` shows it: at its on-screen size, on its matte, after its inset.
    private static func canvas(of bitmap: Bitmap, for placement: ImagePlacement) -> Bitmap {
        var result = bitmap.resized(to: placement.pixelSize)
        if let matte = placement.matte { result = result.centred(on: matte.size, color: matte.color) }
        return result.padded(by: placement.inset)
    }
}
