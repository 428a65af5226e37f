/// Text from outside (a server's answer, a dataset, a photo's title) made safe to print to a terminal.
///
/// A terminal acts on control characters: ESC starts a sequence that can clear the screen, set the
/// window title (OSC 0) or write the clipboard (OSC 52); C1 controls such as U+009B do the same in
/// one byte; BEL, CR and BS rewrite what a person sees; bidi overrides (U+202E) reverse it. None of
/// them belongs in a title or an error message, so every string that came from outside passes
/// through here at the one place where it is printed.
///
/// ```swift
/// print(TerminalSafeText.line(photo.title))        // "Sunset\u{FFFD}]0;pwned" for a hostile title
/// ```
public enum TerminalSafeText {
    /// What stands in for a character a terminal would act on.
    public static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// True for a scalar a terminal acts on rather than shows: C0 controls, DEL, C1 controls and the
    /// bidi embedding, override and isolate controls.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F, 0x80...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The text on one line: a tab becomes a space, a newline a space, anything else unsafe the
    /// replacement character.
    public static func line(_ text: String) -> String {
        sanitized(text, keepingNewlines: false)
    }

    /// The text over as many lines as it has: newlines are kept, everything else as in ``line(_:)``.
    public static func lines(_ text: String) -> String {
        sanitized(text, keepingNewlines: true)
    }

    private static func sanitized(_ text: String, keepingNewlines: Bool) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where keepingNewlines: result.append(scalar)
            case "\n", "\t": result.append(" ")
            case "\r" where keepingNewlines: continue
            case _ where isUnsafe(scalar): result.append(replacement)
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
