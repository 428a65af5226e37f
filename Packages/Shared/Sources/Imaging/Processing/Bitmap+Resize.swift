/// How `Bitmap.resized(to:filter:)` computes each output pixel.
public enum ResizeFilter: Sendable, Hashable {
    /// Area average: the mean of the input area each output pixel covers. Right for shrinking.
    case box
    /// Linear interpolation between the nearest input pixels. Right for enlarging.
    case bilinear
    /// Box along an axis that shrinks, bilinear along one that grows.
    case automatic
}

extension Bitmap {
    /// `width` x `height`.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// This picture resampled to exactly `size` (the aspect ratio may change).
    ///
    /// ```swift
    /// let thumbnail = photo.resized(to: PixelSize(width: 160, height: 120), filter: .box)
    /// ```
    public func resized(to size: PixelSize, filter: ResizeFilter = .automatic) -> Bitmap {
        let target = PixelSize(width: max(size.width, 0), height: max(size.height, 0))
        guard target != self.size else { return self }
        guard !target.isEmpty, !self.size.isEmpty else {
            return Bitmap(width: target.width, height: target.height, pixels: [UInt8](repeating: 0, count: target.area * 4))
        }
        var resampler = Resampler(from: self.size, to: target, filter: filter)
        pixels.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for row in 0..<height {
                resampler.consume(row: base + row * width * 4)
            }
        }
        return resampler.finish()
    }

    /// This picture scaled to the largest size with its aspect ratio that fits inside `bounds`.
    ///
    /// The limiting side equals the bound; a smaller picture is enlarged (bilinear), a larger one
    /// shrunk (box). The result never exceeds `bounds`.
    public func fitted(into bounds: PixelSize) -> Bitmap {
        resized(to: size.aspectFit(in: bounds), filter: .automatic)
    }
}
