// Rows for the imaging scenarios.
import Foundation
import Imaging

/// `decode`: a 1200x900 JPEG decoded at full size and for an 80-column cell, beside djpeg.
///
/// Times are CPU time (user + system), which other work on a busy machine does not inflate the
/// way it inflates wall time. djpeg runs as a process, so its figure is the CPU time its 50
/// `djpeg -outfile /dev/null` runs took (RUSAGE_CHILDREN), per run, minus the same for 50 runs of
/// `true` (the cost of starting any process). Ours is the CPU time of many in-process decodes of
/// the same bytes, per decode.
let imagingScenarios: [Scenario] = [
    Scenario(name: "decode") { try DecodeBenchmark().run() }
]

private struct DecodeBenchmark {
    let size = PixelSize(width: 1200, height: 900)
    /// 80 columns at two pixels per column, 4:3.
    let cell = PixelSize(width: 160, height: 120)
    let processRuns = 50

    func run() throws -> [Row] {
        let data = try ImageEncoder.jpeg(photo(), quality: 85)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-decode-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("photo.jpg")
        try data.write(to: file)

        let full = try cpuTime(iterations: 60) { _ = try ImageDecoder.decode(data) }
        let scaled = try cpuTime(iterations: 100) { _ = try ImageDecoder.decode(data, maxSize: cell) }

        let baseline = try processCPUTime("true", [])
        let djpegFull = try processCPUTime("djpeg", ["-outfile", "/dev/null", file.path])
        let djpegScaled = try processCPUTime("djpeg", ["-scale", "1/4", "-outfile", "/dev/null", file.path])

        let label = "\(size) (\(data.count / 1024) KB)"
        guard let djpegFull, let djpegScaled, let baseline else {
            return [
                Row(scenario: "decode", figure: "full \(label): \(format(full)) CPU", reference: "djpeg not installed",
                    target: "<= 1.2x djpeg", met: nil),
                Row(scenario: "decode", figure: "to \(cell): \(format(scaled)) CPU", reference: "djpeg not installed",
                    target: "faster than full size", met: scaled < full),
            ]
        }
        let djpegFullDecode = max(djpegFull - baseline, 1e-6)
        let djpegScaledDecode = max(djpegScaled - baseline, 1e-6)
        let method = "\(processRuns) runs, -true \(format(baseline))"
        return [
            Row(scenario: "decode", figure: "full \(label): \(format(full)) CPU",
                reference: "djpeg \(format(djpegFullDecode)) (\(method))",
                target: "<= 1.2x djpeg (\(String(format: "%.2fx", full / djpegFullDecode)))",
                met: full <= 1.2 * djpegFullDecode),
            Row(scenario: "decode", figure: "to \(cell): \(format(scaled)) CPU",
                reference: "-scale 1/4 \(format(djpegScaledDecode)) (\(method))",
                target: "faster than full size", met: scaled < full),
        ]
    }

    /// A photo-like picture: gradients plus deterministic texture, so the JPEG has real entropy.
    private func photo() -> Bitmap {
        var bitmap = Bitmap(width: size.width, height: size.height, filledWith: RGBA(r: 0, g: 0, b: 0))
        var seed: UInt32 = 2024
        for y in 0..<size.height {
            for x in 0..<size.width {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let noise = Int(seed >> 28)
                bitmap[x, y] = RGBA(
                    r: UInt8(min(255, x * 255 / size.width + noise)),
                    g: UInt8(min(255, y * 255 / size.height + noise)),
                    b: UInt8(min(255, (x ^ y) & 0xFF))
                )
            }
        }
        bitmap.drawText("DECODE BENCH 1200X900", x: 40, y: 40, scale: 6, color: RGBA(r: 255, g: 255, b: 255))
        return bitmap
    }

    /// CPU seconds per call of `body`, over `iterations` calls after a short warm-up.
    private func cpuTime(iterations: Int, _ body: () throws -> Void) throws -> Double {
        for _ in 0..<3 { try body() }
        let start = processCPUSeconds()
        for _ in 0..<iterations { try body() }
        return (processCPUSeconds() - start) / Double(iterations)
    }

    /// CPU seconds per run of `tool` (children's user + system time), or nil when it is not installed.
    private func processCPUTime(_ tool: String, _ arguments: [String]) throws -> Double? {
        let start = childrenCPUSeconds()
        for _ in 0..<processRuns {
            guard try timeExternal(tool, arguments) != nil else { return nil }
        }
        return (childrenCPUSeconds() - start) / Double(processRuns)
    }

    private func childrenCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(Int32(RUSAGE_CHILDREN.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }
}
