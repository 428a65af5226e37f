import Foundation
import Imaging

/// One benchmark: a name and the work that measures it, giving one or more rows.
struct Scenario: Sendable {
    let name: String
    let run: @Sendable () async throws -> [Row]
}

/// One line of the table: the measured figure, what it is compared to in the same run, the target.
struct Row: Sendable {
    let scenario: String
    let figure: String
    let reference: String
    let target: String
    /// nil where the row only reports.
    let met: Bool?
}

/// Collects rows and prints them as they come, then the whole table.
struct ResultTable {
    private(set) var rows: [Row] = []
    private var printed = 0

    mutating func add(_ row: Row) { rows.append(row) }

    mutating func printLast() {
        for row in rows[printed...] { print(Self.line(row)) }
        printed = rows.count
        fflush(nil)
    }

    func printSummary() {
        print("")
        print(Self.pad("scenario", 16) + " | " + Self.pad("figure", 34) + " | " + Self.pad("reference", 34) + " | "
              + Self.pad("target", 24) + " | met")
        print(String(repeating: "-", count: 124))
        for row in rows { print(Self.line(row)) }
    }

    private static func line(_ row: Row) -> String {
        let verdict = row.met.map { $0 ? "yes" : "NO" } ?? "n/a"
        return pad(row.scenario, 16) + " | " + pad(row.figure, 34) + " | " + pad(row.reference, 34) + " | "
            + pad(row.target, 24) + " | " + verdict
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

/// Wall-clock seconds taken by `body`.
func measure<T>(_ body: () async throws -> T) async rethrows -> (seconds: Double, value: T) {
    let clock = ContinuousClock()
    let start = clock.now
    let value = try await body()
    let elapsed = clock.now - start
    return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, value)
}

/// CPU seconds (user + system) this process has used so far.
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

/// Runs an external tool and returns its wall time, or nil when the tool is not installed.
func timeExternal(_ executable: String, _ arguments: [String]) throws -> Double? {
    let path = ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + executable }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let path else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let start = DispatchTime.now()
    try process.run()
    process.waitUntilExit()
    let end = DispatchTime.now()
    return Double(end.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

func format(_ seconds: Double) -> String {
    seconds < 1 ? String(format: "%.1f ms", seconds * 1000) : String(format: "%.2f s", seconds)
}

/// Runs an external tool to its end and returns the CPU seconds (user + system) it used, or nil
/// when the tool is not installed.
func childCPUSeconds(_ executable: String, _ arguments: [String]) throws -> Double? {
    let path = ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + executable }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let path else { return nil }
    let before = childrenCPUSeconds()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return childrenCPUSeconds() - before
}

/// CPU seconds (user + system) used so far by this process's children that have been waited for.
private func childrenCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(Int32(RUSAGE_CHILDREN.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

/// A photo-like picture of `size`: gradients plus deterministic texture, so an encoded file has
/// real entropy (the decoding rows' input).
func benchPhoto(size: PixelSize) -> Bitmap {
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
func cpuSecondsPerCall(iterations: Int, _ body: () throws -> Void) throws -> Double {
    for _ in 0..<3 { try body() }
    let start = processCPUSeconds()
    for _ in 0..<iterations { try body() }
    return (processCPUSeconds() - start) / Double(iterations)
}

/// CPU seconds per run of `tool` over `runs` runs (children's user + system time), or nil when it
/// is not installed.
func childrenCPUSecondsPerRun(_ tool: String, _ arguments: [String], runs: Int) throws -> Double? {
    let start = childrenCPUSeconds()
    for _ in 0..<runs {
        guard try timeExternal(tool, arguments) != nil else { return nil }
    }
    return (childrenCPUSeconds() - start) / Double(runs)
}

/// An executable built beside this bench (release builds put them together), nil when absent.
func siblingExecutable(_ name: String) -> String? {
    let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    let path = here.appendingPathComponent(name).path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
}

/// Runs `executable` to its end and returns its standard output (standard error dropped).
func output(of executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}
