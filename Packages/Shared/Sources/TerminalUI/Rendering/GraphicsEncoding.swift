import Foundation
import Imaging

/// The escape sequences of the three pixel protocols, as bytes.
enum KittyGraphics {
    /// Largest base64 payload per escape, as the protocol asks.
    static let chunkSize = 4096

    /// Sends `bitmap` (RGBA) as image `id`, storing it in the terminal without showing it (`q=2`:
    /// the terminal does not answer).
    static func transmit(_ bitmap: Bitmap, id: Int, into output: inout [UInt8]) {
        send(Data(bitmap.pixels), keys: "a=t,f=32,s=\(bitmap.width),v=\(bitmap.height),i=\(id),q=2", into: &output)
    }

    /// Sends the PNG file `png` as image `id`, as it is (`f=100`): the terminal decodes it. kitty
    /// reads PNG only; any other format is decoded here and sent as pixels.
    static func transmit(png: Data, id: Int, into output: inout [UInt8]) {
        send(png, keys: "a=t,f=100,i=\(id),q=2", into: &output)
    }

    /// Adds the next frame of image `id`, shown for `gap` milliseconds: the frame numbered `base`
    /// (1 is the image itself) with `bitmap` put at `origin` in place of its pixels (`X=1`: put,
    /// not blended). Our decoders give every frame composed whole on the canvas, so the caller
    /// sends the rectangle where a frame differs from the one before, over that one. Every chunk
    /// of a frame carries its keys: the protocol asks for `a=f` on each, and kitty 0.26 composes
    /// a frame by the keys of its last chunk.
    static func transmitFrame(
        _ bitmap: Bitmap, at origin: PixelOffset, over base: Int, id: Int, gap: Int, into output: inout [UInt8]
    ) {
        send(Data(bitmap.pixels),
             keys: "a=f,f=32,s=\(bitmap.width),v=\(bitmap.height),x=\(origin.x),y=\(origin.y),c=\(base),i=\(id),X=1,"
                + "z=\(max(1, gap)),q=2",
             everyChunk: true, into: &output)
    }

    /// Sets how long the first frame of image `id` (sent with the image itself) is shown.
    static func setRootGap(id: Int, gap: Int, into output: inout [UInt8]) {
        output += Array("\u{1b}_Ga=a,i=\(id),r=1,z=\(max(1, gap)),q=2\u{1b}\\".utf8)
    }

    /// Starts the terminal's own playback of image `id`'s frames: `plays` times through (nil:
    /// for ever). kitty's `v` counts one more than the plays it makes, with 1 for ever.
    static func runAnimation(id: Int, plays: Int?, into output: inout [UInt8]) {
        let loops = plays.map { max(1, $0) + 1 } ?? 1
        output += Array("\u{1b}_Ga=a,i=\(id),s=3,v=\(loops),q=2\u{1b}\\".utf8)
    }

    /// Stops the playback of image `id` where it is (kitty resets its loop count).
    static func stopAnimation(id: Int, into output: inout [UInt8]) {
        output += Array("\u{1b}_Ga=a,i=\(id),s=1,q=2\u{1b}\\".utf8)
    }

    /// One command carrying `data` base64-encoded, in chunks of at most `chunkSize` (`m=1` on all
    /// but the last); `keys` go on the first chunk only, or on `everyChunk`.
    private static func send(_ data: Data, keys: String, everyChunk: Bool = false, into output: inout [UInt8]) {
        let payload = Array(data.base64EncodedData())
        var offset = 0
        var first = true
        repeat {
            let end = min(payload.count, offset + chunkSize)
            let more = end < payload.count ? 1 : 0
            output += Array("\u{1b}_G".utf8)
            if first || everyChunk {
                output += Array("\(keys),m=\(more)".utf8)
            } else {
                output += Array("m=\(more)".utf8)
            }
            output.append(UInt8(ascii: ";"))
            output += payload[offset..<end]
            output += [0x1B, UInt8(ascii: "\\")]
            first = false
            offset = end
        } while offset < payload.count
    }

    /// Shows the `source` pixels of image `id` at the cursor as placement `placement` (replacing
    /// that placement wherever it was), without moving the cursor; scaled into `cells` when given.
    static func place(
        id: Int, placement: Int, source: PixelRect, cells: TerminalSize?, into output: inout [UInt8]
    ) {
        var command = "\u{1b}_Ga=p,i=\(id),p=\(placement),x=\(source.x),y=\(source.y),w=\(source.width),h=\(source.height)"
        if let cells { command += ",c=\(cells.columns),r=\(cells.rows)" }
        command += ",C=1,q=2\u{1b}\\"
        output += Array(command.utf8)
    }

    /// Removes placement `placement` of image `id`, keeping the image's pixels in the terminal.
    static func deletePlacement(id: Int, placement: Int, into output: inout [UInt8]) {
        output += Array("\u{1b}_Ga=d,d=i,i=\(id),p=\(placement),q=2\u{1b}\\".utf8)
    }

    /// Removes image `id` with its pixels and every placement of it.
    static func deleteImage(id: Int, into output: inout [UInt8]) {
        output += Array("\u{1b}_Ga=d,d=I,i=\(id),q=2\u{1b}\\".utf8)
    }

    /// Removes every placement on the screen (after a clear), keeping the pixels.
    static let deleteAllPlacements = Array("\u{1b}_Ga=d,d=a,q=2\u{1b}\\".utf8)
    /// Removes every image and its pixels: what a program leaving the screen sends.
    static let deleteAllImages = "\u{1b}_Ga=d,d=A,q=2\u{1b}\\"
}

/// iTerm2's inline images: a file (PNG, JPEG or GIF) in an OSC 1337 sequence.
enum ITerm2Graphics {
    /// Shows `file` at the cursor, `size` pixels large, without moving the cursor.
    static func inline(file: Data, size: PixelSize, into output: inout [UInt8]) {
        output += Array(
            "\u{1b}]1337;File=inline=1;size=\(file.count);width=\(size.width)px;height=\(size.height)px;preserveAspectRatio=0;doNotMoveCursor=1:".utf8)
        output += Array(file.base64EncodedData())
        output.append(0x07)
    }

    /// Shows `file` at the cursor scaled into `cells`, without moving the cursor.
    static func inline(file: Data, cells: TerminalSize, into output: inout [UInt8]) {
        output += Array(
            "\u{1b}]1337;File=inline=1;size=\(file.count);width=\(cells.columns);height=\(cells.rows);preserveAspectRatio=0;doNotMoveCursor=1:".utf8)
        output += Array(file.base64EncodedData())
        output.append(0x07)
    }
}

extension Bitmap {
    /// This picture centred on an opaque area of `size` (at least the picture's) in `color`.
    func centred(on size: PixelSize, color: RGBA) -> Bitmap {
        let canvas = PixelSize(width: max(size.width, width), height: max(size.height, height))
        guard canvas != self.size else { return self }
        var result = Bitmap(width: canvas.width, height: canvas.height, filledWith: RGBA(r: color.r, g: color.g, b: color.b))
        let left = (canvas.width - width) / 2, top = (canvas.height - height) / 2
        let rowBytes = width * 4
        pixels.withUnsafeBufferPointer { source in
            result.pixels.withUnsafeMutableBufferPointer { target in
                for row in 0..<height {
                    let to = ((row + top) * canvas.width + left) * 4
                    for offset in 0..<rowBytes { target[to + offset] = source[row * rowBytes + offset] }
                }
            }
        }
        return result
    }

    /// This picture with transparent columns on the right and rows below, to `size` (no smaller).
    func extended(to size: PixelSize) -> Bitmap {
        guard size.width > width || size.height > height else { return self }
        return padded(by: .zero, to: PixelSize(width: max(size.width, width), height: max(size.height, height)))
    }

    /// This picture after `inset.x` transparent columns on the left and `inset.y` rows on top.
    func padded(by inset: PixelOffset) -> Bitmap {
        guard inset.x > 0 || inset.y > 0 else { return self }
        return padded(by: inset, to: PixelSize(width: width + inset.x, height: height + inset.y))
    }

    /// This picture at `inset` on a transparent canvas of `canvas` pixels.
    private func padded(by inset: PixelOffset, to canvas: PixelSize) -> Bitmap {
        let canvasWidth = canvas.width
        var result = [UInt8](repeating: 0, count: canvasWidth * canvas.height * 4)
        let rowBytes = width * 4
        pixels.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { target in
                for row in 0..<height {
                    let to = ((row + inset.y) * canvasWidth + inset.x) * 4
                    for offset in 0..<rowBytes { target[to + offset] = source[row * rowBytes + offset] }
                }
            }
        }
        return Bitmap(width: canvasWidth, height: canvas.height, pixels: result)
    }

    /// The smallest rectangle holding every pixel that differs between this picture and `other`
    /// (of the same size); nil when they are the same.
    func changedRect(from other: Bitmap) -> PixelRect? {
        guard other.size == size else { return PixelRect(x: 0, y: 0, width: width, height: height) }
        var left = width, right = -1, top = height, bottom = -1
        pixels.withUnsafeBytes { new in
            other.pixels.withUnsafeBytes { old in
                let new = new.bindMemory(to: UInt32.self), old = old.bindMemory(to: UInt32.self)
                for y in 0..<height {
                    let row = y * width
                    guard let first = (0..<width).first(where: { new[row + $0] != old[row + $0] }) else { continue }
                    let last = (first..<width).last { new[row + $0] != old[row + $0] } ?? first
                    left = min(left, first)
                    right = max(right, last)
                    top = min(top, y)
                    bottom = y
                }
            }
        }
        guard right >= 0 else { return nil }
        return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }

}
