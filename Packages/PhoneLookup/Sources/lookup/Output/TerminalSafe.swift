/// Makes text that came from outside (the dataset's country names, a lookup API's answers and
/// reasons) safe to print on a terminal: control characters that could move the cursor, change
/// colours or reorder what is shown are replaced by U+FFFD.
///
/// Removed: C0 controls except newline (where allowed), DEL, C1 controls, and the bidirectional
/// embedding, override and isolate controls U+202A–U+202E and U+2066–U+2069.
enum TerminalSafe {
    /// `text` with every unsafe character replaced; newlines too unless `keepNewlines`.
    static func text(_ text: String, keepNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0, keepNewlines: keepNewlines) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isUnsafe(scalar, keepNewlines: keepNewlines) ? "\u{FFFD}" : scalar)
        }
        return String(result)
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar, keepNewlines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A: !keepNewlines
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
