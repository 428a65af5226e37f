extension Color {
    /// The 256-colour palette entry closest to an RGB colour: the 6x6x6 cube (16-231) or the
    /// grey ramp (232-255), whichever is nearer.
    public static func nearestPaletteIndex(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let (r, g, b) = (Int(red), Int(green), Int(blue))
        let ri = cubeIndex(r), gi = cubeIndex(g), bi = cubeIndex(b)
        let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
        let cubeDistance = distance((r, g, b), cube)
        let average = (r + g + b) / 3
        let grayIndex = average > 238 ? 23 : max(0, (average - 3) / 10)
        let grayLevel = 8 + 10 * grayIndex
        let grayDistance = distance((r, g, b), (grayLevel, grayLevel, grayLevel))
        if grayDistance < cubeDistance {
            return UInt8(232 + grayIndex)
        }
        return UInt8(16 + 36 * ri + 6 * gi + bi)
    }

    /// This colour as a palette colour: `.rgb` becomes its nearest palette entry.
    public var paletteApproximation: Color {
        guard case let .rgb(r, g, b) = self else { return self }
        return .palette(Color.nearestPaletteIndex(red: r, green: g, blue: b))
    }

    /// This colour as one of the 16 named colours: `.rgb` and palette entries past 15 become the
    /// nearest of them.
    public var namedApproximation: Color {
        switch self {
        case .default: return self
        case let .palette(index) where index < 16: return self
        case let .palette(index):
            let (r, g, b) = TextArtRaster.paletteRGB(index)
            return .palette(CellPalette.nearest((Float(r), Float(g), Float(b)), colors: .palette16).0)
        case let .rgb(r, g, b):
            return .palette(CellPalette.nearest((Float(r), Float(g), Float(b)), colors: .palette16).0)
        }
    }

    private static let cubeLevels = [0, 95, 135, 175, 215, 255]

    private static func cubeIndex(_ value: Int) -> Int {
        value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let dr = a.0 - b.0, dg = a.1 - b.1, db = a.2 - b.2
        return dr * dr + dg * dg + db * db
    }
}
