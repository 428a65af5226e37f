// Rows for the imaging scenarios.
import Foundation
import Imaging

/// `decode`: a 1200x900 JPEG decoded at full size and for an 80-column cell, beside djpeg.
///
/// djpeg runs as a process, so its figure is the median wall time of 50 `djpeg -outfile /dev/null`
/// runs minus the median of 50 runs of `true` (the cost of starting any process). Ours is the
/// median of many in-process decodes of the same bytes.
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

        let full = try median(iterations: 60) { _ = try ImageDecoder.decode(data) }
        let scaled = try median(iterations: 200) { _ = try ImageDecoder.decode(data, maxSize: cell) }

        let baseline = try processMedian("true", [])
        let djpegFull = try processMedian("djpeg", ["-outfile", "/dev/null", file.path])
        let djpegScaled = try processMedian("djpeg", ["-scale", "1/4", "-outfile", "/dev/null", file.path])

        let label = "1200x900 JPEG (\(data.count / 1024) KB)"
        guard let djpegFull, let djpegScaled, let baseline else {
            return [
                Row(scenario: "decode", figure: "full \(label): \(format(full))", reference: "djpeg not installed",
                    target: "<= 1.2x djpeg", met: nil),
                Row(scenario: "decode", figure: "to \(cell) cell: \(format(scaled))", reference: "djpeg not installed",
                    target: "faster than full size", met: scaled < full),
            ]
        }
        let djpegFullDecode = max(djpegFull - baseline, 1e-6)
        let djpegScaledDecode = max(djpegScaled - baseline, 1e-6)
        let method = "median of \(processRuns) runs - `true` \(format(baseline))"
        return [
            Row(scenario: "decode", figure: "full \(label): \(format(full))",
                reference: "djpeg \(format(djpegFullDecode)) (\(method))",
                target: "<= 1.2x djpeg (\(String(format: "%.2fx", full / djpegFullDecode)))",
                met: full <= 1.2 * djpegFullDecode),
            Row(scenario: "decode", figure: "to \(cell) cell: \(format(scaled))",
                reference: "djpeg -scale 1/4 \(format(djpegScaledDecode)) (\(method))",
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

    /// Median seconds of one call of `body`, after a short warm-up.
    private func median(iterations: Int, _ body: () throws -> Void) throws -> Double {
        for _ in 0..<5 { try body() }
        var times: [Double] = []
        times.reserveCapacity(iterations)
        let clock = ContinuousClock()
        for _ in 0..<iterations {
            let start = clock.now
            try body()
            let elapsed = clock.now - start
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return times.sorted()[times.count / 2]
    }

    /// Median wall time of `processRuns` runs of `tool`, or nil when it is not installed.
    private func processMedian(_ tool: String, _ arguments: [String]) throws -> Double? {
        var times: [Double] = []
        for _ in 0..<processRuns {
            guard let seconds = try timeExternal(tool, arguments) else { return nil }
            times.append(seconds)
        }
        return times.sorted()[times.count / 2]
    }
}
