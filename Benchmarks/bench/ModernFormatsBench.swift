// Rows for WebP and AVIF decoding beside their reference decoders.
import Foundation
import Imaging

/// `decode-webp`, `decode-avif`: a 1200x900 picture decoded for the gallery's cell, beside the
/// reference decoder of its format run on the same file in the same run.
///
/// The file is made by `cwebp` / `avifenc` from the same photo-like picture the JPEG row uses.
/// The references run as processes: `dwebp -resize` (libwebp scaling while it decodes, output
/// to PAM, no compression) and `avifdec` to Y4M (decoding only, no RGB conversion and no PNG), so
/// their figure is the CPU time of 20 runs (RUSAGE_CHILDREN) per run, minus that of `true` (the
/// cost of starting any process). Ours is the CPU time of in-process decodes of the same bytes.
let modernFormatScenarios: [Scenario] = [
    Scenario(name: "decode-webp") { try ModernDecodeBenchmark(kind: .webp).run() },
    Scenario(name: "decode-avif") { try ModernDecodeBenchmark(kind: .avif).run() },
]

private struct ModernDecodeBenchmark {
    let kind: ImageFormat
    let size = PixelSize(width: 1200, height: 900)
    /// The JPEG row's cell: 80 columns at two pixels per column, 4:3.
    let cell = PixelSize(width: 160, height: 120)
    let processRuns = 20

    private var name: String { "decode-\(kind.rawValue)" }

    func run() throws -> [Row] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(name)-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("photo.png")
        try ImageEncoder.png(benchPhoto(size: size)).write(to: source)
        let file = directory.appendingPathComponent(kind == .webp ? "photo.webp" : "photo.avif")
        let encoded = kind == .webp
            ? try childCPUSeconds("cwebp", ["-quiet", "-q", "80", source.path, "-o", file.path])
            : try childCPUSeconds("avifenc", ["-j", "1", "-s", "6", "--min", "20", "--max", "30", source.path, file.path])
        let tool = kind == .webp ? "dwebp" : "avifdec"
        guard encoded != nil, let data = try? Data(contentsOf: file) else {
            return [Row(scenario: name, figure: "-", reference: "\(kind == .webp ? "cwebp" : "avifenc") not installed",
                        target: "<= 1.2x \(tool)", met: nil)]
        }
        let ours = try cpuSecondsPerCall(iterations: kind == .webp ? 40 : 10) {
            _ = try ImageDecoder.decode(data, maxSize: cell)
        }
        let target = size.shrunk(toFit: cell)
        let arguments = kind == .webp
            ? [file.path, "-resize", "\(target.width)", "\(target.height)", "-pam", "-o", directory.appendingPathComponent("out.pam").path]
            : ["-j", "1", file.path, directory.appendingPathComponent("out.y4m").path]
        let label = "\(size) (\(data.count / 1024) KB) to \(target)"
        guard let baseline = try childrenCPUSecondsPerRun("true", [], runs: processRuns), let reference = try childrenCPUSecondsPerRun(tool, arguments, runs: processRuns) else {
            return [Row(scenario: name, figure: "\(label): \(format(ours)) CPU", reference: "\(tool) not installed",
                        target: "<= 1.2x \(tool)", met: nil)]
        }
        let referenceDecode = max(reference - baseline, 1e-6)
        let what = kind == .webp ? "dwebp -resize" : "avifdec (to Y4M)"
        return [
            Row(scenario: name, figure: "\(label): \(format(ours)) CPU",
                reference: "\(what) \(format(referenceDecode)) (\(processRuns) runs, -true \(format(baseline)))",
                target: "<= 1.2x \(tool) (\(String(format: "%.2fx", ours / referenceDecode)))",
                met: ours <= 1.2 * referenceDecode),
        ]
    }
}
