import CommandOptions

/// A number of bytes written the way people write them: `64MB`, `32M`, `512k`, `1GiB`, `1000000`.
struct ByteCount: Sendable, Hashable, CustomStringConvertible {
    let bytes: Int

    init(bytes: Int) { self.bytes = bytes }

    /// Parses a count with an optional unit (B, K/KB/KiB, M/MB/MiB, G/GB/GiB; any case; binary
    /// multiples, as memory is counted). Nil for anything else, zero or negative.
    init?(parsing text: String) {
        // Swift's own trim: Foundation's bridges to NSString, which costs a run some conformance
        // lookups (this is parsed at every start).
        let trimmed = InputText.trimmed(text)
        let digits = trimmed.prefix { $0.isNumber || $0 == "." }
        guard let number = Double(digits), number > 0 else { return nil }
        let unit = InputText.trimmed(trimmed.dropFirst(digits.count)).lowercased()
        let multiplier: Double
        switch unit {
        case "", "b": multiplier = 1
        case "k", "kb", "kib": multiplier = 1024
        case "m", "mb", "mib": multiplier = 1_048_576
        case "g", "gb", "gib": multiplier = 1_073_741_824
        default: return nil
        }
        let bytes = number * multiplier
        guard bytes >= 1, bytes < Double(Int.max) else { return nil }
        self.bytes = Int(bytes)
    }

    var description: String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20)MB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10)KB" }
        return "\(bytes)B"
    }
}
