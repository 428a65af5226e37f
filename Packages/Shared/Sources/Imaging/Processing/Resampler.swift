/// How one axis of an image is resampled: for each output index, which input indices contribute
/// and with what weight (the weights of one output sum to 1).
struct ResampleKernel: Sendable {
    /// First contributing input index of each output index.
    private(set) var starts: [Int]
    /// Where each output index's weights begin in `weights`; one extra entry closes the last.
    private(set) var offsets: [Int]
    private(set) var weights: [Float]

    var outputCount: Int { starts.count }

    /// Area averaging: each output pixel is the mean of the input area it covers (exact for fractional scales).
    static func box(from input: Int, to output: Int) -> ResampleKernel {
        var kernel = ResampleKernel(starts: [], offsets: [0], weights: [])
        let scale = Double(input) / Double(output)
        for index in 0..<output {
            let left = Double(index) * scale
            let right = Double(index + 1) * scale
            let first = min(Int(left), input - 1)
            let last = max(first, min(Int((right - 1e-9).rounded(.up)) - 1, input - 1))
            kernel.starts.append(first)
            for source in first...last {
                let overlap = min(Double(source + 1), right) - max(Double(source), left)
                kernel.weights.append(Float(max(overlap, 0) / scale))
            }
            kernel.offsets.append(kernel.weights.count)
        }
        return kernel
    }

    /// Linear interpolation between the two nearest input pixel centres (edges clamp).
    static func bilinear(from input: Int, to output: Int) -> ResampleKernel {
        var kernel = ResampleKernel(starts: [], offsets: [0], weights: [])
        let scale = Double(input) / Double(output)
        for index in 0..<output {
            let centre = min(max((Double(index) + 0.5) * scale - 0.5, 0), Double(input - 1))
            let first = Int(centre)
            let fraction = centre - Double(first)
            kernel.starts.append(first)
            if first + 1 < input, fraction > 0 {
                kernel.weights.append(Float(1 - fraction))
                kernel.weights.append(Float(fraction))
            } else {
                kernel.weights.append(1)
            }
            kernel.offsets.append(kernel.weights.count)
        }
        return kernel
    }
}

/// Resamples an image to an exact size from its rows, given one at a time top to bottom.
///
/// Holds the output bitmap, one resampled input row and the sums of the few output rows that
/// input rows still feed (two when shrinking), never the whole input or a float copy of the output:
/// a decoder can feed it rows straight from the library. An output row is written out as bytes as
/// soon as its last input row is in. Colour is averaged premultiplied by alpha, so transparent
/// pixels do not bleed their colour into their neighbours; rows known to be opaque (a JPEG's) skip
/// that work, with the same result. A pixel is one `SIMD4<Float>` (red, green, blue, alpha) while
/// it is summed, so each step works on the four channels at once.
struct Resampler {
    let source: PixelSize
    let target: PixelSize
    /// Every input pixel has alpha 255: colour is averaged as it is, and alpha stays 255.
    let opaque: Bool
    private let horizontal: ResampleKernel
    /// For each input row, the output rows it feeds and how much: `(row, weight)` runs indexed by `rowOffsets`.
    private let rowTargets: [(row: Int, weight: Float)]
    private let rowOffsets: [Int]
    /// For each output row, the last input row that feeds it: once that one is in, the row is done.
    private let lastSourceRow: [Int]
    /// How many output rows are summed at once at most; output row `r` is summed in slot `r % window`.
    private let window: Int
    /// The sums of the output rows in progress, `window` rows of `target.width` pixels.
    private var sums: [SIMD4<Float>]
    private var resampledRow: [SIMD4<Float>]
    /// The output, RGBA8, written a row at a time as rows are done.
    private var pixels: [UInt8]
    private var nextRow = 0
    /// Output rows before this one are written out.
    private var doneRows = 0

    /// The kernel for one axis: box when shrinking along it or when asked, bilinear otherwise.
    static func kernel(from input: Int, to output: Int, filter: ResizeFilter) -> ResampleKernel {
        switch filter {
        case .box: .box(from: input, to: output)
        case .bilinear: .bilinear(from: input, to: output)
        case .automatic: output <= input ? .box(from: input, to: output) : .bilinear(from: input, to: output)
        }
    }

    init(from source: PixelSize, to target: PixelSize, filter: ResizeFilter, opaque: Bool = false) {
        precondition(!source.isEmpty && !target.isEmpty, "resampling needs non-empty sizes")
        self.source = source
        self.target = target
        self.opaque = opaque
        horizontal = Self.kernel(from: source.width, to: target.width, filter: filter)
        let vertical = Self.kernel(from: source.height, to: target.height, filter: filter)
        var perSource = [[(row: Int, weight: Float)]](repeating: [], count: source.height)
        var lastSource = [Int](repeating: 0, count: target.height)
        for row in 0..<target.height {
            let start = vertical.starts[row]
            lastSource[row] = start
            for tap in vertical.offsets[row]..<vertical.offsets[row + 1] {
                let weight = vertical.weights[tap]
                guard weight > 0 else { continue }
                let input = start + tap - vertical.offsets[row]
                perSource[input].append((row, weight))
                lastSource[row] = input
            }
        }
        var offsets = [0]
        offsets.reserveCapacity(source.height + 1)
        var targets: [(row: Int, weight: Float)] = []
        for list in perSource {
            targets.append(contentsOf: list)
            offsets.append(targets.count)
        }
        rowTargets = targets
        rowOffsets = offsets
        lastSourceRow = lastSource
        window = Self.window(perSource: perSource, lastSourceRow: lastSource)
        sums = [SIMD4<Float>](repeating: .zero, count: window * target.width)
        resampledRow = [SIMD4<Float>](repeating: .zero, count: target.width)
        pixels = [UInt8](repeating: 0, count: target.area * 4)
    }

    /// The most output rows in progress at once when rows are written out as `consume` does:
    /// from the first row not yet done to the furthest one fed so far.
    private static func window(perSource: [[(row: Int, weight: Float)]], lastSourceRow: [Int]) -> Int {
        var done = 0
        var furthest = -1
        var widest = 1
        for (input, targets) in perSource.enumerated() {
            for (row, _) in targets { furthest = max(furthest, row) }
            widest = max(widest, furthest - done + 1)
            while done < lastSourceRow.count, lastSourceRow[done] <= input { done += 1 }
        }
        return widest
    }

    /// True once every input row has been given.
    var isComplete: Bool { nextRow == source.height }

    /// Bytes held besides the output bitmap: the sums in progress and the resampled row.
    var workingBytes: Int { (sums.count + resampledRow.count) * MemoryLayout<SIMD4<Float>>.stride }

    /// Adds the next input row: `source.width` RGBA8 pixels.
    mutating func consume(row: UnsafePointer<UInt8>) {
        precondition(nextRow < source.height, "more rows than the source has")
        let outputs = rowOffsets[nextRow]..<rowOffsets[nextRow + 1]
        if !outputs.isEmpty {
            resampleHorizontally(UnsafeRawPointer(row))
            let width = target.width
            let window = window
            resampledRow.withUnsafeBufferPointer { line in
                sums.withUnsafeMutableBufferPointer { sums in
                    for index in outputs {
                        let (outputRow, weight) = rowTargets[index]
                        let slot = (outputRow % window) * width
                        for column in 0..<width {
                            sums[slot + column] += weight * line[column]
                        }
                    }
                }
            }
        }
        while doneRows < target.height, lastSourceRow[doneRows] <= nextRow {
            writeOut(row: doneRows)
            doneRows += 1
        }
        nextRow += 1
    }

    /// One input row resampled to the output's width, into `resampledRow`: colour premultiplied
    /// by alpha, and alpha, each summed with the kernel's weights. For an opaque row, colour as it
    /// is (alpha is 255 throughout, and not read).
    private mutating func resampleHorizontally(_ row: UnsafeRawPointer) {
        let kernel = horizontal
        let opaque = opaque
        kernel.weights.withUnsafeBufferPointer { weights in
            kernel.starts.withUnsafeBufferPointer { starts in
                kernel.offsets.withUnsafeBufferPointer { offsets in
                    resampledRow.withUnsafeMutableBufferPointer { line in
                        if opaque {
                            Self.sumOpaque(row, weights: weights, starts: starts, offsets: offsets, into: line)
                        } else {
                            Self.sumPremultiplied(row, weights: weights, starts: starts, offsets: offsets, into: line)
                        }
                    }
                }
            }
        }
    }

    private static func sumOpaque(
        _ row: UnsafeRawPointer, weights: UnsafeBufferPointer<Float>, starts: UnsafeBufferPointer<Int>,
        offsets: UnsafeBufferPointer<Int>, into line: UnsafeMutableBufferPointer<SIMD4<Float>>
    ) {
        for column in 0..<line.count {
            var sum = SIMD4<Float>.zero
            var pixel = row + starts[column] * 4
            for tap in offsets[column]..<offsets[column + 1] {
                sum += weights[tap] * channels(at: pixel)
                pixel += 4
            }
            line[column] = sum
        }
    }

    private static func sumPremultiplied(
        _ row: UnsafeRawPointer, weights: UnsafeBufferPointer<Float>, starts: UnsafeBufferPointer<Int>,
        offsets: UnsafeBufferPointer<Int>, into line: UnsafeMutableBufferPointer<SIMD4<Float>>
    ) {
        for column in 0..<line.count {
            var sum = SIMD4<Float>.zero
            var pixel = row + starts[column] * 4
            for tap in offsets[column]..<offsets[column + 1] {
                var premultiplied = channels(at: pixel)
                let coverage = weights[tap] * premultiplied[3]
                premultiplied[3] = 1
                sum += coverage * premultiplied
                pixel += 4
            }
            line[column] = sum
        }
    }

    /// Output row `row`, whose sums are complete, as bytes in `pixels`; its slot is cleared for reuse.
    private mutating func writeOut(row: Int) {
        let width = target.width
        let slot = (row % window) * width
        let opaque = opaque
        sums.withUnsafeMutableBufferPointer { sums in
            pixels.withUnsafeMutableBufferPointer { pixels in
                var offset = row * width * 4
                for column in slot..<slot + width {
                    let sum = sums[column]
                    sums[column] = .zero
                    if opaque {
                        // The weights of each output sum to 1: the sums are the colours.
                        pixels[offset] = Self.byte(sum[0])
                        pixels[offset + 1] = Self.byte(sum[1])
                        pixels[offset + 2] = Self.byte(sum[2])
                        pixels[offset + 3] = 255
                    } else {
                        let alpha = sum[3]
                        if alpha > 0.5 / 255 {
                            let colour = sum / alpha
                            pixels[offset] = Self.byte(colour[0])
                            pixels[offset + 1] = Self.byte(colour[1])
                            pixels[offset + 2] = Self.byte(colour[2])
                            pixels[offset + 3] = Self.byte(alpha)
                        } else {
                            pixels[offset] = 0
                            pixels[offset + 1] = 0
                            pixels[offset + 2] = 0
                            pixels[offset + 3] = 0
                        }
                    }
                    offset += 4
                }
            }
        }
    }

    /// The RGBA8 pixel at `pixel` as four floats.
    @inline(__always)
    private static func channels(at pixel: UnsafeRawPointer) -> SIMD4<Float> {
        let bytes = pixel.loadUnaligned(as: SIMD4<UInt8>.self)
        return SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: bytes))
    }

    /// The resampled bitmap; call after every row was consumed.
    func finish() -> Bitmap {
        precondition(isComplete, "the resampler has \(nextRow) of \(source.height) rows")
        return Bitmap(width: target.width, height: target.height, pixels: pixels)
    }

    /// A channel rounded to the nearest byte, clamped to 0...255.
    @inline(__always)
    private static func byte(_ value: Float) -> UInt8 {
        let rounded = value + 0.5
        guard rounded > 0 else { return 0 }
        guard rounded < 255 else { return 255 }
        return UInt8(truncatingIfNeeded: Int32(rounded))
    }
}
