import Foundation

/// What may not reach a terminal from outside text: C0 controls (but the line feed that ends a
/// line), DEL, C1 controls, and the bidi embeddings, overrides and isolates.
enum TerminalSafety {
    static func isForbidden(_ scalar: Unicode.Scalar, allowing separators: Set<Unicode.Scalar> = []) -> Bool {
        if separators.contains(scalar) { return false }
        return switch scalar.value {
        case 0x0A: false
        case 0x00...0x1F, 0x7F, 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The forbidden scalars in `bytes`, each with a little of the text before it, or a note that the
    /// bytes are not UTF-8 at all; empty when every byte is safe for a terminal.
    /// - Parameter separators: the command's own field separators (flickr's plain lines are
    ///   tab-separated), allowed because the caller checks the fields apart.
    static func offences(in bytes: Data, allowing separators: Set<Unicode.Scalar> = []) -> [String] {
        guard let text = String(data: bytes, encoding: .utf8) else { return ["not UTF-8: \(bytes.prefix(64) as NSData)"] }
        var found: [String] = []
        var before = ""
        for scalar in text.unicodeScalars {
            if isForbidden(scalar, allowing: separators) {
                found.append(String(format: "U+%04X after '%@'", scalar.value, String(before.suffix(24))))
            }
            before.unicodeScalars.append(scalar)
        }
        return found
    }
}
