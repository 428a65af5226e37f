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
        let data = try ImageEncoder.jpeg(benchPhoto(size: size), quality: 85)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-decode-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("photo.jpg")
        try data.write(to: file)

        let full = try cpuSecondsPerCall(iterations: 60) { _ = try ImageDecoder.decode(data) }
        let scaled = try cpuSecondsPerCall(iterations: 100) { _ = try ImageDecoder.decode(data, maxSize: cell) }

        let baseline = try childrenCPUSecondsPerRun("true", [], runs: processRuns)
        let djpegFull = try childrenCPUSecondsPerRun("djpeg", ["-outfile", "/dev/null", file.path], runs: processRuns)
        let djpegScaled = try childrenCPUSecondsPerRun("djpeg", ["-scale", "1/4", "-outfile", "/dev/null", file.path], runs: processRuns)

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
}
