// The `play-gif` row: an animated GIF of 100 frames playing in a visible gallery cell for 10 s of
// simulated time, its CPU time and peak memory beside the file's decoded size (every frame at full
// size, what a player that decodes them all ahead would hold).
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ImageGallery
import ImagePipeline
import Imaging
import Synchronization
import TerminalUI

let animationScenarios: [Scenario] = [
    Scenario(name: "play-gif") { try await AnimationBenchmark().run() },
]

@MainActor
private struct AnimationBenchmark {
    let canvas = PixelSize(width: 480, height: 360)
    let frames = 100
    /// Hundredths of a second: 40 ms, 25 frames a second.
    let delay = 4
    let playback = Duration.seconds(10)
    /// The cell of the JPEG rows: 80 columns at two pixels per column, 4:3.
    let cell = PixelSize(width: 160, height: 120)

    func run() async throws -> [Row] {
        let data = try ImageEncoder.bandGIF(size: canvas, frames: frames, delayCentiseconds: delay)
        guard let animation = AnimatedImage(data) else { throw AnimationBenchError.notAnimated }
        // As the gallery plays it (the loop's frames kept after the first play, at the cell's
        // size), then with nothing kept: every loop decoded again, as before. Only the first
        // run's peak is told: the second reuses heap pages the first let go of.
        let kept = try await play(data, animation, keptFrameBytes: GalleryConfiguration().keptFrameBytes)
        let decoded = try await play(data, animation, keptFrameBytes: 0)
        let keptFrames = try FrameSource(animation, fitting: cell).frameSize.area * 4 * frames

        // Before the frame source: every frame decoded ahead at full size (`ImageDecoder.frames`).
        resetPeakResident()
        let residentAhead = residentBytes()
        let ahead = try ImageDecoder.frames(data)
        let peakAhead = peakResidentBytes() - residentAhead
        guard ahead.count == frames else { throw AnimationBenchError.notAnimated }

        let decodedSize = animation.decodedByteCount
        let megabytes = { (bytes: Int) in String(format: "%.1f MB", Double(bytes) / 1_048_576) }
        return [Row(
            scenario: "play-gif",
            figure: "\(kept.shown) frames in 10 s: \(format(kept.cpu)) CPU, peak +\(megabytes(kept.peak)) "
                + "(frames kept: \(megabytes(keptFrames)))",
            reference: "every loop decoded: \(format(decoded.cpu)) CPU; "
                + "file \(megabytes(data.count)), decoded \(megabytes(decodedSize)) (\(frames)x\(canvas)); "
                + "all ahead: peak +\(megabytes(peakAhead))",
            // The frames kept are the cell's size: far below the file's frames at full size.
            target: "peak < decoded/3, CPU < 1 s",
            met: kept.peak * 3 < decodedSize && kept.cpu < 1
        )]
    }

    /// 10 s of simulated playback through the gallery's store with `keptFrameBytes` of room for
    /// the loop's frames: frames shown, CPU seconds and the peak resident growth in bytes.
    private func play(
        _ data: Data, _ animation: AnimatedImage, keptFrameBytes: Int
    ) async throws -> (shown: Int, cpu: Double, peak: Int) {
        let picture = try ImageDecoder.decode(data, maxSize: cell)
        var response = ImageResponse(bitmap: picture, source: .memory, originalSize: canvas, encodedByteCount: data.count)
        response.animation = animation
        let clock = SimulatedClock(until: playback)
        let url = URL(string: "http://bench.invalid/animated.gif")!
        let state = GalleryState(urls: [url], configuration: GalleryConfiguration(keptFrameBytes: keptFrameBytes))
        let store = GalleryStore(state: state, loader: FixedLoader(picture: LoadedPicture(response)), clock: clock)
        var shown = 0
        var screen = Frame(size: TerminalSize(columns: 80, rows: 30))
        var last: Bitmap?
        // The screen's share of a frame: the cell drawn again in half blocks.
        store.attach { state in
            guard let bitmap = state.items.first?.status.picture?.bitmap, bitmap != last else { return }
            last = bitmap
            shown += 1
            ImageCells.draw(bitmap, into: &screen, in: Rect(column: 0, row: 0, width: 80, height: 30), mode: .trueColor)
        }

        resetPeakResident()
        let residentBefore = residentBytes()
        let cpuBefore = processCPUSeconds()
        store.send(.layoutChanged(GalleryLayout(viewportHeight: 30, cellHeight: 30, gap: 1, cellPixelSize: cell)))
        await clock.reachedEnd()
        let cpu = processCPUSeconds() - cpuBefore
        let peak = peakResidentBytes() - residentBefore
        store.cancelAll()
        return (shown, cpu, peak)
    }
}

private enum AnimationBenchError: Error { case notAnimated }

/// Answers every load with the same picture, at once.
private struct FixedLoader: GalleryImageLoading {
    let picture: LoadedPicture
    func load(_ url: URL, targetSize: PixelSize, policy: LoadPolicy) async throws(LoadFailure) -> LoadedPicture { picture }
}

/// A clock whose sleeps end at once, moving its time to their deadline: a playback runs through
/// its simulated seconds as fast as the work allows. A sleep past `end` waits until cancelled,
/// and tells `reachedEnd()` that the time is up.
private final class SimulatedClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Timeline {
        var now = Instant(offset: .zero)
        var ended = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let end: Duration
    private let timeline = Mutex(Timeline())

    init(until end: Duration) { self.end = end }

    var now: Instant { timeline.withLock { $0.now } }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        guard deadline.offset > end else {
            timeline.withLock { $0.now = max($0.now, deadline) }
            await Task.yield()
            try Task.checkCancellation()
            return
        }
        let waiter = timeline.withLock { timeline in
            timeline.ended = true
            defer { timeline.waiter = nil }
            return timeline.waiter
        }
        waiter?.resume()
        // The time is up: wait for the benchmark to cancel the playback.
        while !Task.isCancelled { try await Task.sleep(for: .milliseconds(10)) }
        throw CancellationError()
    }

    /// Returns once a sleep went past the end.
    func reachedEnd() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ended = timeline.withLock { timeline in
                if !timeline.ended { timeline.waiter = continuation }
                return timeline.ended
            }
            if ended { continuation.resume() }
        }
    }
}

/// Resident memory now, from /proc/self/status (VmRSS).
private func residentBytes() -> Int { procStatusKilobytes("VmRSS:") * 1024 }

/// The most resident memory since the last `resetPeakResident()` (VmHWM).
private func peakResidentBytes() -> Int { procStatusKilobytes("VmHWM:") * 1024 }

/// Resets the kernel's peak-resident mark to the present (writing 5 to /proc/self/clear_refs).
/// Freed heap goes back to the kernel first: otherwise a measurement after another one would
/// reuse the pages the first freed and show no growth.
private func resetPeakResident() {
    #if canImport(Glibc)
    // malloc.h is not in the Glibc module: glibc's own symbol, looked up once.
    if let trim = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") {
        _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
    }
    #endif
    try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
}

private func procStatusKilobytes(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) })
    else { return 0 }
    return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
}
