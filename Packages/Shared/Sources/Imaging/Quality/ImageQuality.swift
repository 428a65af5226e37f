import Foundation

/// How close one picture is to another of the same size: the yardsticks of the tests and the
/// bench that compare a rendering with its original.
package enum ImageQuality {
    /// Peak signal-to-noise ratio over red, green and blue, in dB (infinity for equal pictures).
    package static func psnr(_ picture: Bitmap, _ reference: Bitmap) -> Double {
        precondition(picture.size == reference.size, "PSNR of pictures of different sizes")
        var total = 0.0
        for offset in stride(from: 0, to: picture.pixels.count, by: 4) {
            for channel in 0..<3 {
                let d = Double(picture.pixels[offset + channel]) - Double(reference.pixels[offset + channel])
                total += d * d
            }
        }
        let mse = total / Double(max(1, picture.width * picture.height * 3))
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// The structural similarity of the two pictures' luma (Rec. 601), the mean over 8x8 windows
    /// four pixels apart with the usual constants (Wang et al., 2004); 1 for equal pictures.
    package static func ssim(_ picture: Bitmap, _ reference: Bitmap) -> Double {
        precondition(picture.size == reference.size, "SSIM of pictures of different sizes")
        let width = picture.width, height = picture.height
        func luma(_ bitmap: Bitmap) -> [Double] {
            (0..<(width * height)).map { index in
                let offset = index * 4
                return 0.299 * Double(bitmap.pixels[offset]) + 0.587 * Double(bitmap.pixels[offset + 1])
                    + 0.114 * Double(bitmap.pixels[offset + 2])
            }
        }
        let a = luma(picture), b = luma(reference)
        let c1 = (0.01 * 255) * (0.01 * 255), c2 = (0.03 * 255) * (0.03 * 255)
        let window = 8, step = 4
        var total = 0.0, count = 0
        var top = 0
        while top + window <= height {
            var left = 0
            while left + window <= width {
                var sumA = 0.0, sumB = 0.0, sumAA = 0.0, sumBB = 0.0, sumAB = 0.0
                for y in top..<(top + window) {
                    for x in left..<(left + window) {
                        let p = a[y * width + x], q = b[y * width + x]
                        sumA += p; sumB += q; sumAA += p * p; sumBB += q * q; sumAB += p * q
                    }
                }
                let n = Double(window * window)
                let meanA = sumA / n, meanB = sumB / n
                let varA = sumAA / n - meanA * meanA, varB = sumBB / n - meanB * meanB
                let cov = sumAB / n - meanA * meanB
                total += ((2 * meanA * meanB + c1) * (2 * cov + c2))
                    / ((meanA * meanA + meanB * meanB + c1) * (varA + varB + c2))
                count += 1
                left += step
            }
            top += step
        }
        return count == 0 ? 1 : total / Double(count)
    }
}
