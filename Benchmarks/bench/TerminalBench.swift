// Rows for the terminal scenarios: how fast frames of pictures render, and how little one change costs.
import DemoServer
import Foundation
import Imaging
import TerminalUI

let terminalScenarios: [Scenario] = [
    Scenario(name: "render") { try await renderRows() },
    Scenario(name: "sixel") { try await sixelRows() },
    Scenario(name: "graphics") { graphicsRows() },
    Scenario(name: "kitty-gif") { try kittyAnimationRows() },
]

/// The hidden argument that makes `bench` a one-shot sixel encoder (PNG file in, sixel on
/// stdout), so the `sixel` row can time a whole process of ours beside a whole `img2sixel`.
let sixelEncodeArgument = "--sixel-encode"

/// `bench --sixel-encode FILE`: decodes the PNG, encodes it with our encoder, writes it to stdout.
func runSixelEncode(_ path: String) -> Never {
    do {
        let bitmap = try ImageDecoder.decode(try Data(contentsOf: URL(fileURLWithPath: path)))
        FileHandle.standardOutput.write(Data(SixelEncoder.encode(bitmap)))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("bench: cannot encode \(path): \(error)\n".utf8))
        exit(1)
    }
}

/// Encodes an 800x800 detailed picture to sixel in this process with our encoder and with
/// libsixel, and times a whole process of ours (`bench --sixel-encode`) beside a whole
/// `img2sixel` on the same PNG (15 runs each, every figure the median run).
private func sixelRows() async throws -> [Row] {
    let picture = DemoPictures.picture(number: 3, size: PixelSize(width: 800, height: 800))
    let runs = 15
    // Each encoder's median run in milliseconds, of the wall clock and of this thread's CPU time
    // (on a loaded machine the first is stretched by other processes, the second is not).
    func median(_ encode: () throws -> Int) rethrows -> (milliseconds: Double, cpu: Double, bytes: Int) {
        var times: [Double] = [], cpuTimes: [Double] = [], bytes = 0
        func cpuNow() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
        }
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds, cpuStart = cpuNow()
            bytes = try encode()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            cpuTimes.append(cpuNow() - cpuStart)
        }
        return (times.sorted()[runs / 2], cpuTimes.sorted()[runs / 2], bytes)
    }
    let (inProcess, inProcessCPU, encoded) = median { SixelEncoder.encode(picture).count }
    let (libsixel, libsixelCPU, theirsEncoded) = try median { try LibSixel.encode(picture).count }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("bench-sixel-\(getpid()).png")
    try ImageEncoder.png(picture).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let ours = medianProcessTime(CommandLine.arguments[0], [sixelEncodeArgument, file.path], runs: runs)
    let img2sixel = ["/usr/bin/img2sixel", "/usr/local/bin/img2sixel"].first { FileManager.default.isExecutableFile(atPath: $0) }
    let theirs = img2sixel.flatMap { medianProcessTime($0, [file.path], runs: runs) }
    let oursText = ours.map { String(format: "%.1f ms process", $0 * 1000) } ?? "failed"
    return [
        Row(scenario: "sixel", figure: String(format: "%.1f ms encode (CPU %.1f), %d KB", inProcess, inProcessCPU, encoded / 1024),
            reference: String(format: "800x800; libsixel in process %.1f ms (CPU %.1f), %d KB",
                              libsixel, libsixelCPU, theirsEncoded / 1024),
            target: "< 20 ms", met: inProcess < 20),
        // Whole processes (start-up, PNG decode, encode, write) against each other: ours must be the faster.
        Row(scenario: "sixel", figure: oursText,
            reference: theirs.map { String(format: "img2sixel %.1f ms process", $0 * 1000) }
                ?? "img2sixel missing (libsixel-bin)",
            target: "below img2sixel", met: ours.flatMap { ours in theirs.map { ours < $0 } }),
    ]
}

/// Median wall time of `runs` whole runs of `executable` with output to /dev/null; nil if it failed.
private func medianProcessTime(_ executable: String, _ arguments: [String], runs: Int) -> Double? {
    var times: [Double] = []
    for _ in 0..<runs {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid = pid_t()
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let start = DispatchTime.now()
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        guard status == 0 else { return nil }
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
    }
    return times.sorted()[times.count / 2]
}

/// Bytes written for a frame that did not change, in every graphics mode, and the pixel bytes
/// kitty sends when a picture scrolls by one cell.
private func graphicsRows() -> [Row] {
    let size = TerminalSize(columns: 120, rows: 40)
    let cell = PixelSize(width: 10, height: 20)
    let picture = DemoPictures.picture(number: 2, size: PixelSize(width: 800, height: 600))
    func frame(mode: ImageCells.Mode, top: Int) -> Frame {
        var frame = Frame(size: size)
        frame.put("gallery", column: 0, row: 0)
        ImageCells.draw(picture, into: &frame, in: Rect(column: 2, row: top, width: 60, height: 30), mode: mode)
        return frame
    }
    var unchanged: [String] = []
    var total = 0
    for graphics in GraphicsProtocol.allCases {
        let mode: ImageCells.Mode = graphics.showsPixels ? .pixels(graphics, cell: cell) : graphics == .none ? .text : .trueColor
        var renderer = Renderer(colorMode: .trueColor, graphics: graphics, cellSizeKnown: true, synchronizedOutput: true)
        _ = renderer.render(frame(mode: mode, top: 3))
        let again = renderer.render(frame(mode: mode, top: 3)).count
        total += again
        unchanged.append("\(graphics) \(again)")
    }
    var kitty = Renderer(colorMode: .trueColor, graphics: .kitty, cellSizeKnown: true, synchronizedOutput: true)
    let first = kitty.render(frame(mode: .pixels(.kitty, cell: cell), top: 3))
    let scrolled = kitty.render(frame(mode: .pixels(.kitty, cell: cell), top: 2))
    let pixelBytes = transmittedBytes(scrolled)
    return [
        Row(scenario: "graphics", figure: unchanged.joined(separator: ", "), reference: "bytes per unchanged frame",
            target: "0 in every mode", met: total == 0),
        Row(scenario: "graphics", figure: "\(pixelBytes) pixel bytes of \(scrolled.count)",
            reference: "kitty scroll 1 cell (first: \(transmittedBytes(first) / 1024) KB)", target: "0 pixel bytes",
            met: pixelBytes == 0),
    ]
}

/// Bytes written while the demo's looping GIF (12 frames of 80 ms) plays for 10 s of simulated
/// time in a 60x30 cell box of 10x20 px cells in kitty mode: sent frame by frame from our timer,
/// each frame a new picture until the loop's frames are kept and only placements swap (before),
/// against kitty playing it from the frames sent once (after), the screen redrawn as often.
private func kittyAnimationRows() throws -> [Row] {
    let cell = PixelSize(width: 10, height: 20)
    let box = Rect(column: 2, row: 3, width: 60, height: 30)
    let (data, _) = try DemoPictures.encoded(number: 2, size: PixelSize(width: 800, height: 600))
    guard let animation = AnimatedImage(data) else { return [] }
    let target = PixelSize(width: box.width * cell.width, height: box.height * cell.height)
    func frame(_ bitmap: Bitmap, animation: AnimatedImage? = nil) -> Frame {
        var frame = Frame(size: TerminalSize(columns: 120, rows: 40))
        frame.put("gallery", column: 0, row: 0)
        ImageCells.draw(bitmap, into: &frame, in: box, mode: .pixels(.kitty, cell: cell), animation: animation)
        return frame
    }
    let seconds = 10
    // Before: the frames as the gallery's playback gives them, each drawn when it is due.
    let source = try FrameSource(animation, fitting: target, keepingUpTo: FrameSource.screenKeptLimit)
    var timer = Renderer(colorMode: .trueColor, graphics: .kitty, cellSizeKnown: true, synchronizedOutput: true)
    var before = [Int](repeating: 0, count: seconds)
    var first: Bitmap?
    var elapsed = Duration.zero
    while elapsed < .seconds(seconds), let next = try source.nextFrame() {
        first = first ?? next.bitmap
        before[Int(elapsed / .seconds(1))] += timer.render(frame(next.bitmap)).count
        elapsed += next.delay
    }
    // After: the first frame with its animation, then the same screen at every frame time.
    guard let first else { return [] }
    var played = Renderer(colorMode: .trueColor, graphics: .kitty, cellSizeKnown: true, synchronizedOutput: true)
    var after = [Int](repeating: 0, count: seconds)
    let shown = frame(first, animation: animation)
    // The first render decodes and sends the frames of one play: the one pause it costs.
    let clock = ContinuousClock()
    let started = clock.now
    after[0] += played.render(shown).count
    let firstRender = clock.now - started
    elapsed = .milliseconds(80)
    while elapsed < .seconds(seconds) {
        after[Int(elapsed / .seconds(1))] += played.render(shown).count
        elapsed += .milliseconds(80)
    }
    let kilobytes = { (bytes: Int) in String(format: "%.0f KB", Double(bytes) / 1024) }
    let steadyBefore = before.dropFirst().reduce(0, +) / (seconds - 1)
    let steadyAfter = after.dropFirst().reduce(0, +) / (seconds - 1)
    return [Row(
        scenario: "kitty-gif",
        figure: "kitty plays it: \(kilobytes(after[0])) in the 1st s (made in \(format(firstRender / .seconds(1)))), "
            + "then \(steadyAfter) B/s",
        reference: "our timer: \(kilobytes(before[0])) in the 1st s, then \(kilobytes(steadyBefore))/s "
            + "(\(animation.frameCount) frames, \(target.width)x\(target.height) px)",
        target: "0 B/s after the 1st s",
        met: steadyAfter == 0
    )]
}

/// The payload bytes of kitty transmissions (`a=t` and their continuation chunks) in `bytes`.
private func transmittedBytes(_ bytes: [UInt8]) -> Int {
    let text = String(decoding: bytes, as: UTF8.self)
    var total = 0
    var inTransmission = false
    for command in text.components(separatedBy: "\u{1b}_G").dropFirst() {
        guard let end = command.range(of: "\u{1b}\\") else { continue }
        let body = command[..<end.lowerBound]
        let keys = body.prefix { $0 != ";" }
        if keys.contains("a=t") || inTransmission { total += body.count - keys.count }
        inTransmission = keys.contains("a=t") ? keys.contains("m=1") : (inTransmission && keys.contains("m=1"))
    }
    return total
}

/// Renders a full 200x60 screen of half-block pictures that change every frame into memory
/// (no terminal), then measures the bytes one changed cell costs.
private func renderRows() async throws -> [Row] {
    let size = TerminalSize(columns: 200, rows: 60)
    let (width, height) = ImageCells.pixelSize(forCells: size)
    // Eight shifted gradients: every cell changes from one frame to the next.
    let pictures = (0..<8).map { shift in
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                pixels[offset] = UInt8((x * 255 / width + shift * 31) & 0xFF)
                pixels[offset + 1] = UInt8((y * 255 / height + shift * 17) & 0xFF)
                pixels[offset + 2] = UInt8(((x + y) + shift * 53) & 0xFF)
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }
    var renderer = Renderer(colorMode: .trueColor)
    var sink: [UInt8] = []
    sink.reserveCapacity(1 << 20)
    let frameCount = 240
    var totalBytes = 0
    let (seconds, _) = await measure {
        for index in 0..<frameCount {
            var frame = Frame(size: size)
            ImageCells.draw(pictures[index % pictures.count], into: &frame, in: frame.bounds, mode: .trueColor)
            sink.removeAll(keepingCapacity: true)
            renderer.render(frame, into: &sink)
            totalBytes += sink.count
        }
    }
    let fps = Double(frameCount) / seconds

    var frame = Frame(size: size)
    ImageCells.draw(pictures[0], into: &frame, in: frame.bounds, mode: .trueColor)
    var single = Renderer(colorMode: .trueColor)
    _ = single.render(frame)
    frame[137, 41] = Cell("▀", style: Style(foreground: .rgb(255, 255, 255), background: .rgb(128, 128, 128)))
    let oneCell = single.render(frame).count

    // The same in sextants, from pictures at the pixels the gallery decodes for them.
    let mode = ImageCells.Mode.symbols(.sextant, .trueColor)
    let fine = ImageCells.pixelSize(forCells: size, mode: mode)
    let finePictures = pictures.map { $0.resized(to: fine, filter: .bilinear) }
    // Timed by this thread's CPU too: the wall clock of a loaded machine (other builds on two
    // cores) stretches this row by half, the CPU time does not.
    var sextantRenderer = Renderer(colorMode: .trueColor)
    var sextantBytes = 0
    let sextantFrames = 120
    let cpuStart = threadCPUSeconds()
    let (sextantSeconds, _) = await measure {
        for index in 0..<sextantFrames {
            var frame = Frame(size: size)
            ImageCells.draw(finePictures[index % finePictures.count], into: &frame, in: frame.bounds, mode: mode)
            sink.removeAll(keepingCapacity: true)
            sextantRenderer.render(frame, into: &sink)
            sextantBytes += sink.count
        }
    }
    let sextantCPUFPS = Double(sextantFrames) / (threadCPUSeconds() - cpuStart)
    let sextantFPS = Double(sextantFrames) / sextantSeconds

    return [
        Row(scenario: "render", figure: String(format: "%.0f fps, %.0f KB/frame", fps, Double(totalBytes) / Double(frameCount) / 1024),
            reference: "200x60 half-blocks, all cells change", target: ">= 60 fps", met: fps >= 60),
        Row(scenario: "render", figure: String(format: "%.0f fps CPU (%.0f wall), %.0f KB/frame", sextantCPUFPS,
                                               sextantFPS, Double(sextantBytes) / Double(sextantFrames) / 1024),
            reference: "200x60 sextants, all cells change", target: ">= 60 fps CPU", met: sextantCPUFPS >= 60),
        Row(scenario: "render", figure: "\(oneCell) bytes/frame", reference: "one cell changed of 200x60",
            target: "< 64 bytes", met: oneCell < 64),
    ]
}

/// CPU seconds this thread has used.
private func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
