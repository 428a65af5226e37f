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
        try ImageEncoder.png(photo()).write(to: source)
        let file = directory.appendingPathComponent(kind == .webp ? "photo.webp" : "photo.avif")
        let encoded = kind == .webp
            ? try childCPUSeconds("cwebp", ["-quiet", "-q", "80", source.path, "-o", file.path])
            : try childCPUSeconds("avifenc", ["-j", "1", "-s", "6", "--min", "20", "--max", "30", source.path, file.path])
        let tool = kind == .webp ? "dwebp" : "avifdec"
        guard encoded != nil, let data = try? Data(contentsOf: file) else {
            return [Row(scenario: name, figure: "-", reference: "\(kind == .webp ? "cwebp" : "avifenc") not installed",
                        target: "<= 1.2x \(tool)", met: nil)]
        }
        let ours = try cpuTime(iterations: kind == .webp ? 40 : 10) {
            _ = try ImageDecoder.decode(data, maxSize: cell)
        }
        let target = size.shrunk(toFit: cell)
        let arguments = kind == .webp
            ? [file.path, "-resize", "\(target.width)", "\(target.height)", "-pam", "-o", directory.appendingPathComponent("out.pam").path]
            : ["-j", "1", file.path, directory.appendingPathComponent("out.y4m").path]
        let label = "\(size) (\(data.count / 1024) KB) to \(target)"
        guard let baseline = try processCPUTime("true", []), let reference = try processCPUTime(tool, arguments) else {
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

    /// The JPEG row's picture: gradients plus deterministic texture, so the file has real entropy.
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

    private func cpuTime(iterations: Int, _ body: () throws -> Void) throws -> Double {
        for _ in 0..<2 { try body() }
        let start = processCPUSeconds()
        for _ in 0..<iterations { try body() }
        return (processCPUSeconds() - start) / Double(iterations)
    }

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
