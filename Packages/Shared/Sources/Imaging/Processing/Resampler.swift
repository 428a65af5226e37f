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
/// Only the output (as float sums) and one resampled row are held, never the whole input: a
/// decoder can feed it rows straight from the library. Colour is averaged premultiplied by
/// alpha, so transparent pixels do not bleed their colour into their neighbours; rows known to be
/// opaque (a JPEG's) skip that work, with the same result.
struct Resampler {
    let source: PixelSize
    let target: PixelSize
    /// Every input pixel has alpha 255: colour is averaged as it is, and alpha stays 255.
    let opaque: Bool
    private let horizontal: ResampleKernel
    /// For each input row, the output rows it feeds and how much: `(row, weight)` runs indexed by `rowOffsets`.
    private let rowTargets: [(row: Int, weight: Float)]
    private let rowOffsets: [Int]
    private var sums: [Float]
    private var resampledRow: [Float]
    private var nextRow = 0

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
        for row in 0..<target.height {
            let start = vertical.starts[row]
            for tap in vertical.offsets[row]..<vertical.offsets[row + 1] {
                let weight = vertical.weights[tap]
                guard weight > 0 else { continue }
                perSource[start + tap - vertical.offsets[row]].append((row, weight))
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
        sums = [Float](repeating: 0, count: target.width * target.height * 4)
        resampledRow = [Float](repeating: 0, count: target.width * 4)
    }

    /// True once every input row has been given.
    var isComplete: Bool { nextRow == source.height }

    /// Adds the next input row: `source.width` RGBA8 pixels.
    mutating func consume(row: UnsafePointer<UInt8>) {
        precondition(nextRow < source.height, "more rows than the source has")
        let outputs = rowOffsets[nextRow]..<rowOffsets[nextRow + 1]
        defer { nextRow += 1 }
        guard !outputs.isEmpty else { return }
        resampleHorizontally(row)
        resampledRow.withUnsafeBufferPointer { line in
            sums.withUnsafeMutableBufferPointer { sums in
                for index in outputs {
                    let (outputRow, weight) = rowTargets[index]
                    let base = outputRow * target.width * 4
                    for offset in 0..<line.count {
                        sums[base + offset] += weight * line[offset]
                    }
                }
            }
        }
    }

    private mutating func resampleHorizontally(_ row: UnsafePointer<UInt8>) {
        if opaque { return resampleOpaqueHorizontally(row) }
        let kernel = horizontal
        kernel.weights.withUnsafeBufferPointer { weights in
            resampledRow.withUnsafeMutableBufferPointer { line in
                for column in 0..<target.width {
                    var red: Float = 0, green: Float = 0, blue: Float = 0, alpha: Float = 0
                    var pixel = row + kernel.starts[column] * 4
                    for tap in kernel.offsets[column]..<kernel.offsets[column + 1] {
                        let coverage = weights[tap] * Float(pixel[3])
                        red += coverage * Float(pixel[0])
                        green += coverage * Float(pixel[1])
                        blue += coverage * Float(pixel[2])
                        alpha += coverage
                        pixel += 4
                    }
                    line[column * 4] = red
                    line[column * 4 + 1] = green
                    line[column * 4 + 2] = blue
                    line[column * 4 + 3] = alpha
                }
            }
        }
    }

    /// `resampleHorizontally` for an opaque row: colour as it is, alpha the sum of the weights.
    private mutating func resampleOpaqueHorizontally(_ row: UnsafePointer<UInt8>) {
        let kernel = horizontal
        kernel.weights.withUnsafeBufferPointer { weights in
            kernel.starts.withUnsafeBufferPointer { starts in
                kernel.offsets.withUnsafeBufferPointer { offsets in
                    resampledRow.withUnsafeMutableBufferPointer { line in
                        for column in 0..<target.width {
                            var red: Float = 0, green: Float = 0, blue: Float = 0
                            var pixel = row + starts[column] * 4
                            for tap in offsets[column]..<offsets[column + 1] {
                                let weight = weights[tap]
                                red += weight * Float(pixel[0])
                                green += weight * Float(pixel[1])
                                blue += weight * Float(pixel[2])
                                pixel += 4
                            }
                            line[column * 4] = red
                            line[column * 4 + 1] = green
                            line[column * 4 + 2] = blue
                            line[column * 4 + 3] = 1
                        }
                    }
                }
            }
        }
    }

    /// The resampled bitmap; call after every row was consumed.
    func finish() -> Bitmap {
        precondition(isComplete, "the resampler has \(nextRow) of \(source.height) rows")
        let count = target.width * target.height * 4
        if opaque { return finishOpaque(count: count) }
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            sums.withUnsafeBufferPointer { sums in
                for offset in stride(from: 0, to: count, by: 4) {
                    let alpha = sums[offset + 3]
                    guard alpha > 0.5 / 255 else {
                        buffer[offset] = 0
                        buffer[offset + 1] = 0
                        buffer[offset + 2] = 0
                        buffer[offset + 3] = 0
                        continue
                    }
                    buffer[offset] = Self.byte(sums[offset] / alpha)
                    buffer[offset + 1] = Self.byte(sums[offset + 1] / alpha)
                    buffer[offset + 2] = Self.byte(sums[offset + 2] / alpha)
                    buffer[offset + 3] = Self.byte(alpha)
                }
            }
            initialized = count
        }
        return Bitmap(width: target.width, height: target.height, pixels: pixels)
    }

    /// `finish` for opaque rows: the sums are the colours (the weights of each output sum to 1).
    private func finishOpaque(count: Int) -> Bitmap {
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            sums.withUnsafeBufferPointer { sums in
                for offset in stride(from: 0, to: count, by: 4) {
                    buffer[offset] = Self.byte(sums[offset])
                    buffer[offset + 1] = Self.byte(sums[offset + 1])
                    buffer[offset + 2] = Self.byte(sums[offset + 2])
                    buffer[offset + 3] = 255
                }
            }
            initialized = count
        }
        return Bitmap(width: target.width, height: target.height, pixels: pixels)
    }

    private static func byte(_ value: Float) -> UInt8 {
        UInt8(min(max(value + 0.5, 0), 255))
    }
}
