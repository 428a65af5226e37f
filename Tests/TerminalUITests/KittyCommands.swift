import Foundation
import Imaging

/// The kitty graphics commands of a stream of bytes, one per command with its chunks joined:
/// what ``KittyStream`` does not read, an animation's frames and controls and files sent as
/// they are, read back.
struct KittyCommands {
    struct Command {
        var keys: [String: String]
        /// The base64 payload of every chunk, decoded.
        var payload: Data
        var id: Int? { keys["i"].flatMap(Int.init) }
    }

    var commands: [Command] = []
    /// The images sent (`a=t`) as pixels (`f=32`), by id.
    var images: [Int: Bitmap] = [:]
    /// Files sent as they are (`f=100`): image id to the bytes.
    var files: [Int: Data] = [:]
    /// Frames added to an animation (`a=f`), in order: the image, the gap in ms, the whole frame
    /// as the terminal composes it, and the pixels sent for it.
    var frames: [(id: Int, gap: Int, bitmap: Bitmap, sent: Bitmap)] = []
    /// Animation controls (`a=a`): the image and its keys.
    var controls: [(id: Int, keys: [String: String])] = []
    /// Chunks of a frame (`a=f`) without the frame's keys: the protocol asks for `a=f` on every
    /// chunk, and kitty 0.26 composes a frame by its last chunk's keys.
    var framesChunksWithoutKeys = 0

    /// Reads every whole APC G command of `bytes`; a command still being written at the end is left.
    init(_ bytes: [UInt8]) {
        var index = 0
        var pending: Command?
        while let start = Self.find([0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")], in: bytes, from: index),
              let end = Self.find([0x1B, UInt8(ascii: "\\")], in: bytes, from: start + 3) {
            index = end + 2
            let body = bytes[(start + 3)..<end]
            let split = body.firstIndex(of: UInt8(ascii: ";")) ?? end
            var keys: [String: String] = [:]
            for pair in String(decoding: body[..<split], as: UTF8.self).split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { keys[String(parts[0])] = String(parts[1]) }
            }
            let chunk = split < end ? Data(bytes[(split + 1)..<end]) : Data()
            if let pending, pending.keys["a"] == "f", keys != pending.keys.merging(["m": keys["m"] ?? ""], uniquingKeysWith: { $1 }) {
                framesChunksWithoutKeys += 1
            }
            var command = pending ?? Command(keys: keys, payload: Data())
            command.payload += Data(base64Encoded: chunk) ?? Data()
            pending = keys["m"] == "1" ? command : nil
            if pending == nil { add(command) }
        }
    }

    private mutating func add(_ command: Command) {
        commands.append(command)
        let keys = command.keys
        guard let id = command.id else { return }
        switch keys["a"] {
        case "t" where keys["f"] == "100":
            files[id] = command.payload
        case "t":
            images[id] = Bitmap(width: Int(keys["s"]!)!, height: Int(keys["v"]!)!, pixels: Array(command.payload))
        case "f":
            let sent = Bitmap(width: Int(keys["s"]!)!, height: Int(keys["v"]!)!, pixels: Array(command.payload))
            frames.append((id, Int(keys["z"]!)!, composed(sent, keys: keys, id: id), sent))
        case "a":
            controls.append((id, keys))
        default:
            break
        }
    }

    /// The frame `sent` makes of image `id`: put (`X=1`) at `x`, `y` on the frame numbered `c`
    /// (1: the image), or on a transparent canvas.
    private func composed(_ sent: Bitmap, keys: [String: String], id: Int) -> Bitmap {
        let image = images[id]!
        let earlier = frames.filter { $0.id == id }.map(\.bitmap)
        var canvas = Bitmap(width: image.width, height: image.height, filledWith: RGBA(r: 0, g: 0, b: 0, a: 0))
        if let base = keys["c"].flatMap(Int.init) { canvas = base == 1 ? image : earlier[base - 2] }
        let x = keys["x"].flatMap(Int.init) ?? 0, y = keys["y"].flatMap(Int.init) ?? 0
        for row in 0..<sent.height {
            for column in 0..<sent.width { canvas[x + column, y + row] = sent[column, row] }
        }
        return canvas
    }

    /// True when a command names image `id`.
    func names(_ id: Int) -> Bool { commands.contains { $0.id == id } }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var offset = start
        while let escape = bytes[min(offset, bytes.count)...].firstIndex(of: needle[0]) {
            guard escape + needle.count <= bytes.count else { return nil }
            if bytes[escape..<(escape + needle.count)].elementsEqual(needle) { return escape }
            offset = escape + 1
        }
        return nil
    }
}
