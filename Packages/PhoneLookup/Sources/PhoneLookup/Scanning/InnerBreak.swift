/// Where a candidate that is no number as a whole may hold one: libphonenumber's "inner
/// matches", tried in this order. Each names where the break starts and the text after it
/// that may be a number.
enum InnerBreak: CaseIterable {
    /// `651-234-2345/332-445-1234`: everything after a run of slashes.
    case slash
    /// `(650) 223 3345 (754) 223 3321`: a bracket and what follows up to the next one.
    case bracket
    /// `12345 - 332-445-1234`: a dash with a space on one side, then the rest.
    case spacedDash
    /// A wide dash (figure dash to horizontal bar, full-width hyphen), then the rest.
    case wideDash
    /// `12345. 332-445-1234`: full stops, then up to the next one.
    case fullStop
    /// `3324451234 8002341234`: spaces, then the next run without spaces.
    case space

    /// The first break at or after `from`: where it starts and the text that may be a number.
    func search(_ text: [Unicode.Scalar], from: Int) -> (start: Int, group: Range<Int>)? {
        var start = from
        while start < text.count {
            if let group = group(text, at: start) { return (start, group) }
            start += 1
        }
        return nil
    }

    private func group(_ text: [Unicode.Scalar], at index: Int) -> Range<Int>? {
        let count = text.count
        switch self {
        case .slash:
            guard text[index] == "/" else { return nil }
            let after = skip(text, from: index) { $0 == "/" }
            return after..<count
        case .bracket:
            guard text[index] == "(" else { return nil }
            let end = skip(text, from: index + 1) { $0 != "(" }
            return index..<end
        case .spacedDash:
            guard index + 1 < count else { return nil }
            let spaced = (ScanCharacters.isSpace(text[index]) && text[index + 1] == "-")
                || (text[index] == "-" && ScanCharacters.isSpace(text[index + 1]))
            guard spaced else { return nil }
            return rest(text, after: index + 2)
        case .wideDash:
            guard (0x2012...0x2015).contains(text[index].value) || text[index] == "\u{FF0D}" else { return nil }
            return rest(text, after: index + 1)
        case .fullStop:
            guard text[index] == "." else { return nil }
            let dots = skip(text, from: index) { $0 == "." }
            let spaces = skip(text, from: dots, while: ScanCharacters.isSpace)
            if spaces < count, text[spaces] != "." { return spaces..<skip(text, from: spaces) { $0 != "." } }
            // Give one space back to the part after the stop, as the pattern's backtracking does.
            return spaces > dots ? (spaces - 1)..<spaces : nil
        case .space:
            guard ScanCharacters.isSpace(text[index]) else { return nil }
            let spaces = skip(text, from: index, while: ScanCharacters.isSpace)
            guard spaces < count else { return nil }
            return spaces..<skip(text, from: spaces) { !ScanCharacters.isSpace($0) }
        }
    }

    /// Spaces, then at least one character to the end (giving one space back if need be).
    private func rest(_ text: [Unicode.Scalar], after start: Int) -> Range<Int>? {
        let spaces = skip(text, from: start, while: ScanCharacters.isSpace)
        if spaces < text.count { return spaces..<text.count }
        return spaces > start ? (spaces - 1)..<text.count : nil
    }

    private func skip(_ text: [Unicode.Scalar], from start: Int, while test: (Unicode.Scalar) -> Bool) -> Int {
        var index = start
        while index < text.count, test(text[index]) { index += 1 }
        return index
    }
}
