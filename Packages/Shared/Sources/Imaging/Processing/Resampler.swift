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

/// A ``ResampleKernel`` laid out tap by tap, for passes that each run along a whole row: tap `t`
/// of output `i` reads input `indices[t * outputCount + i]` with weight `weights[t * outputCount + i]`.
/// Outputs with fewer taps than the most are padded with weight 0 (on a valid index), so every
/// pass is one branch-free loop whose iterations do not wait for each other.
struct TapTable: Sendable {
    let outputCount: Int
    let tapCount: Int
    let indices: [Int]
    let weights: [Float]

    init(_ kernel: ResampleKernel, inputCount: Int) {
        outputCount = kernel.outputCount
        tapCount = (0..<kernel.outputCount).map { kernel.offsets[$0 + 1] - kernel.offsets[$0] }.max() ?? 1
        var indices = [Int](repeating: 0, count: tapCount * outputCount)
        var weights = [Float](repeating: 0, count: tapCount * outputCount)
        for output in 0..<outputCount {
            for tap in 0..<tapCount {
                let slot = tap * outputCount + output
                indices[slot] = min(kernel.starts[output] + tap, inputCount - 1)
                let offset = kernel.offsets[output] + tap
                if offset < kernel.offsets[output + 1] { weights[slot] = kernel.weights[offset] }
            }
        }
        self.indices = indices
        self.weights = weights
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
    private let horizontal: TapTable
    /// For each input row, the output rows it feeds and how much: `(row, weight)` runs indexed by `rowOffsets`.
    private let rowTargets: [(row: Int, weight: Float)]
    private let rowOffsets: [Int]
    /// For each output row, the last input row that feeds it: once that one is in, the row is done.
    private let lastSourceRow: [Int]
    /// How many output rows are summed at once at most; output row `r` is summed in slot `r % window`.
    private let window: Int
    /// The sums of the output rows in progress, `window` rows of `target.width` pixels.
    private var sums: [SIMD4<Float>]
    /// The input row being consumed as floats, colour premultiplied by alpha (as it is when opaque).
    private var rowChannels: [Float]
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
        horizontal = TapTable(Self.kernel(from: source.width, to: target.width, filter: filter), inputCount: source.width)
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
        rowChannels = [Float](repeating: 0, count: source.width * 4)
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

    /// Bytes held besides the output bitmap: the sums in progress and the row at hand, as read and resampled.
    var workingBytes: Int {
        (sums.count + resampledRow.count) * MemoryLayout<SIMD4<Float>>.stride + rowChannels.count * MemoryLayout<Float>.stride
    }

    /// Adds the next input row: `source.width` RGBA8 pixels.
    mutating func consume(row: UnsafePointer<UInt8>) {
        precondition(nextRow < source.height, "more rows than the source has")
        let outputs = rowOffsets[nextRow]..<rowOffsets[nextRow + 1]
        if !outputs.isEmpty {
            resampleHorizontally(row)
            let width = target.width
            let window = window
            resampledRow.withUnsafeBufferPointer { line in
                sums.withUnsafeMutableBufferPointer { sums in
                    for index in outputs {
                        let (outputRow, weight) = rowTargets[index]
                        let rowSums = sums.baseAddress! + (outputRow % window) * width
                        for column in 0..<width {
                            rowSums[column] += weight * line[column]
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
    /// is (alpha is 255 throughout, and not read). The row is turned into floats once, then each
    /// tap is one pass along the output row.
    private mutating func resampleHorizontally(_ row: UnsafePointer<UInt8>) {
        let width = source.width
        let opaque = opaque
        rowChannels.withUnsafeMutableBufferPointer { channels in
            if opaque {
                for index in 0..<width * 4 { channels[index] = Float(row[index]) }
            } else {
                for pixel in stride(from: 0, to: width * 4, by: 4) {
                    let alpha = Float(row[pixel + 3])
                    channels[pixel] = Float(row[pixel]) * alpha
                    channels[pixel + 1] = Float(row[pixel + 1]) * alpha
                    channels[pixel + 2] = Float(row[pixel + 2]) * alpha
                    channels[pixel + 3] = alpha
                }
            }
        }
        let taps = horizontal
        let count = taps.outputCount
        taps.indices.withUnsafeBufferPointer { indices in
            taps.weights.withUnsafeBufferPointer { weights in
                rowChannels.withUnsafeBufferPointer { channels in
                    resampledRow.withUnsafeMutableBufferPointer { line in
                        // Indices and offsets were checked when the table was made: wrapping
                        // arithmetic spares a check per pixel.
                        let pixels = UnsafeRawPointer(channels.baseAddress!)
                        let stride = MemoryLayout<SIMD4<Float>>.stride
                        for column in 0..<count {
                            line[column] = weights[column] * pixels.loadUnaligned(
                                fromByteOffset: indices[column] &* stride, as: SIMD4<Float>.self)
                        }
                        for tap in 1..<taps.tapCount {
                            let tapIndices = indices.baseAddress! + tap &* count
                            let tapWeights = weights.baseAddress! + tap &* count
                            for column in 0..<count {
                                line[column] += tapWeights[column] * pixels.loadUnaligned(
                                    fromByteOffset: tapIndices[column] &* stride, as: SIMD4<Float>.self)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Output row `row`, whose sums are complete, as bytes in `pixels`; its slot is cleared for reuse.
    private mutating func writeOut(row: Int) {
        let width = target.width
        let opaque = opaque
        sums.withUnsafeMutableBufferPointer { sums in
            let rowSums = sums.baseAddress! + (row % window) * width
            pixels.withUnsafeMutableBufferPointer { pixels in
                let bytes = pixels.baseAddress! + row * width * 4
                if opaque {
                    // The weights of each output sum to 1: the sums are the colours.
                    for column in 0..<width {
                        let colour = rowSums[column] + 0.5
                        let pixel = bytes + column &* 4
                        pixel[0] = Self.byte(colour[0])
                        pixel[1] = Self.byte(colour[1])
                        pixel[2] = Self.byte(colour[2])
                        pixel[3] = 255
                    }
                } else {
                    for column in 0..<width {
                        let sum = rowSums[column]
                        let pixel = bytes + column &* 4
                        let alpha = sum[3]
                        guard alpha > 0.5 / 255 else {
                            pixel.update(repeating: 0, count: 4)
                            continue
                        }
                        var colour = sum / alpha
                        colour[3] = alpha
                        colour += 0.5
                        pixel[0] = Self.byte(colour[0])
                        pixel[1] = Self.byte(colour[1])
                        pixel[2] = Self.byte(colour[2])
                        pixel[3] = Self.byte(colour[3])
                    }
                }
            }
            rowSums.update(repeating: .zero, count: width)
        }
    }

    /// The resampled bitmap; call after every row was consumed.
    func finish() -> Bitmap {
        precondition(isComplete, "the resampler has \(nextRow) of \(source.height) rows")
        return Bitmap(width: target.width, height: target.height, pixels: pixels)
    }

    /// A channel, already raised by one half, rounded to the nearest byte. Every output is a
    /// weighted mean of bytes (the weights are positive and sum to 1), so it lies in 0...255 up to
    /// float rounding and needs no clamp.
    @inline(__always)
    private static func byte(_ raised: Float) -> UInt8 {
        UInt8(truncatingIfNeeded: Int32(raised))
    }
}
