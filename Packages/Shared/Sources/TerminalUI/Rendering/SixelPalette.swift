import Imaging

/// The colours a sixel picture is drawn with: median cut over a histogram of 15-bit colours
/// (5 bits a channel), and the palette index of every such colour.
///
/// One pass counts the picture's colours into 32768 bins; the bins (a few thousand in a photo)
/// are split, box by box, where the pixels' spread is largest, at the weighted median of the
/// widest channel (found from 256 buckets, no sorting); each box becomes the mean of its pixels.
/// A pixel's index is its bin's box: one table look-up.
struct SixelPalette {
    /// The palette, opaque.
    var colors: [RGBA]
    /// The palette index of each bin, `bin(r, g, b)`.
    var indexOfBin: [UInt8]

    /// Bins per channel: 5 bits.
    static let channelBits = 5
    static let binCount = 1 << (3 * channelBits)

    /// The bin of an opaque colour.
    @inline(__always)
    static func bin(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
        Int(red >> 3) << 10 | Int(green >> 3) << 5 | Int(blue >> 3)
    }

    /// A palette of at most `maximum` colours (1...256) for the colours counted in `histogram`.
    init(_ histogram: SixelHistogram, maximum: Int) {
        let limit = max(1, min(256, maximum))
        var bins: [Int32] = []
        bins.reserveCapacity(4096)
        // Each bin's mean colour: what the boxes sort and split by.
        var means = [Int32](repeating: 0, count: Self.binCount * 3)
        let totals = histogram.totals
        for bin in 0..<Self.binCount where totals[bin * 4] > 0 {
            let count = totals[bin * 4]
            bins.append(Int32(bin))
            means[bin * 3] = Int32(totals[bin * 4 + 1] / count)
            means[bin * 3 + 1] = Int32(totals[bin * 4 + 2] / count)
            means[bin * 3 + 2] = Int32(totals[bin * 4 + 3] / count)
        }
        var boxes: [Box] = []
        if !bins.isEmpty { boxes.append(Box(lo: 0, hi: bins.count, bins: bins, means: means, totals: totals)) }
        var scratch = [Int32](repeating: 0, count: bins.count)
        while boxes.count < limit {
            // The box with the largest squared error that can still be split.
            var best = -1, bestScore = 0.0
            for (index, box) in boxes.enumerated() where box.hi - box.lo > 1 && box.score > bestScore {
                best = index
                bestScore = box.score
            }
            guard best >= 0 else { break }
            let box = boxes[best]
            // Split at the weighted median of the widest channel: the pixels per value of it
            // (256 buckets), then the bins at or below the median value before those above.
            var weights = [Int](repeating: 0, count: 256)
            var highest = 0
            for position in box.lo..<box.hi {
                let bin = Int(bins[position])
                let value = Int(means[bin * 3 + box.axis])
                weights[value] += totals[bin * 4]
                highest = max(highest, value)
            }
            var behind = 0, median = 0
            for value in 0..<256 {
                behind += weights[value]
                median = value
                if behind * 2 >= box.count { break }
            }
            // Both halves keep a bin: the widest channel has at least two values in the box.
            if median >= highest { median = (0..<highest).last { weights[$0] > 0 } ?? 0 }
            var split = box.lo
            for position in box.lo..<box.hi where Int(means[Int(bins[position]) * 3 + box.axis]) <= median {
                scratch[split] = bins[position]
                split += 1
            }
            var above = split
            for position in box.lo..<box.hi where Int(means[Int(bins[position]) * 3 + box.axis]) > median {
                scratch[above] = bins[position]
                above += 1
            }
            bins[box.lo..<box.hi] = scratch[box.lo..<box.hi]
            boxes[best] = Box(lo: box.lo, hi: split, bins: bins, means: means, totals: totals)
            boxes.append(Box(lo: split, hi: box.hi, bins: bins, means: means, totals: totals))
        }
        var colors: [RGBA] = []
        var indexOfBin = [UInt8](repeating: 0, count: Self.binCount)
        for (index, box) in boxes.enumerated() {
            var red = 0, green = 0, blue = 0
            for position in box.lo..<box.hi {
                let bin = Int(bins[position])
                red += totals[bin * 4 + 1]
                green += totals[bin * 4 + 2]
                blue += totals[bin * 4 + 3]
                indexOfBin[bin] = UInt8(index)
            }
            let count = max(1, box.count)
            colors.append(RGBA(r: UInt8(red / count), g: UInt8(green / count), b: UInt8(blue / count)))
        }
        if colors.isEmpty { colors = [RGBA(r: 0, g: 0, b: 0)] }
        self.colors = colors
        self.indexOfBin = indexOfBin
    }

    /// A run of bins (`lo..<hi` of the sorted bin list): its pixel count, the channel it spreads
    /// most along, and its squared error (how much splitting it would gain).
    private struct Box {
        var lo: Int
        var hi: Int
        var count: Int
        var axis: Int
        var score: Double

        init(lo: Int, hi: Int, bins: [Int32], means: [Int32], totals: [Int]) {
            self.lo = lo
            self.hi = hi
            var total = 0
            var sum = (0.0, 0.0, 0.0), square = (0.0, 0.0, 0.0)
            for position in lo..<hi {
                let bin = Int(bins[position])
                let weight = Double(totals[bin * 4])
                total += totals[bin * 4]
                let red = Double(means[bin * 3]), green = Double(means[bin * 3 + 1]), blue = Double(means[bin * 3 + 2])
                sum.0 += weight * red
                sum.1 += weight * green
                sum.2 += weight * blue
                square.0 += weight * red * red
                square.1 += weight * green * green
                square.2 += weight * blue * blue
            }
            count = total
            let n = Double(max(1, total))
            let spread = [square.0 - sum.0 * sum.0 / n, square.1 - sum.1 * sum.1 / n, square.2 - sum.2 * sum.2 / n]
            axis = spread[1] >= spread[0] ? (spread[2] > spread[1] ? 2 : 1) : (spread[2] > spread[0] ? 2 : 0)
            score = spread[0] + spread[1] + spread[2]
        }
    }
}

/// How many opaque pixels fall in each 15-bit colour bin, and the sums of their channels: four
/// numbers a bin (count, red, green, blue), side by side for one cache line a pixel.
struct SixelHistogram {
    var totals = [Int](repeating: 0, count: SixelPalette.binCount * 4)
}
