/// libphonenumber's extension patterns (`ext. 123`, `x123`, `доб. 12`, `;ext=12`, `- 503#`), as
/// the matcher finds them after a number and as the parser strips them from its end.
///
/// Each way of writing an extension is tried in libphonenumber's order; within one, a label
/// may be read several ways (`ext`, `extn`, `extension`), tried longest first as its greedy
/// pattern does.
enum ExtensionPattern {
    /// Where an extension written at `position` ends, and where its digits are; nil when none is.
    /// - Parameter parsing: also accept the dialling forms (`,,12`, `;12`) the parser reads.
    /// - Parameter toEnd: accept only an extension that ends the text.
    static func match(_ text: [Unicode.Scalar], at position: Int, parsing: Bool, toEnd: Bool) -> (end: Int, digits: Range<Int>)? {
        guard position < text.count, mayStart(text[position]) else { return nil }
        func finish(_ result: (end: Int, digits: Range<Int>)?) -> (end: Int, digits: Range<Int>)? {
            guard let result, !toEnd || result.end == text.count else { return nil }
            return result
        }
        if let found = finish(rfc(text, position)) { return found }
        let afterSeparators = skip(text, from: position) { $0 == " " || $0 == "\u{A0}" || $0 == "\t" || $0 == "," }
        for labelEnd in explicitLabelEnds(text, afterSeparators) {
            if let found = finish(tail(text, labelEnd, maxDigits: 20)) { return found }
        }
        if let labelEnd = ambiguousLabelEnd(text, afterSeparators),
           let found = finish(tail(text, labelEnd, maxDigits: 9)) { return found }
        if let found = finish(american(text, position)) { return found }
        guard parsing else { return nil }
        let afterBlanks = skip(text, from: position) { $0 == " " || $0 == "\u{A0}" || $0 == "\t" }
        if afterBlanks + 1 < text.count, text[afterBlanks] == ",", text[afterBlanks + 1] == ",",
           let found = finish(tail(text, afterBlanks + 2, maxDigits: 15)) { return found }
        if afterBlanks < text.count, text[afterBlanks] == ";",
           let found = finish(tail(text, afterBlanks + 1, maxDigits: 15)) { return found }
        let afterCommas = skip(text, from: afterBlanks) { $0 == "," }
        if afterCommas > afterBlanks, let found = finish(tail(text, afterCommas, maxDigits: 9)) { return found }
        return nil
    }

    /// Whether an extension can start with `scalar`: a separator or a label's first letter. Most
    /// positions are digits, and trying every way of writing an extension there costs time.
    private static func mayStart(_ scalar: Unicode.Scalar) -> Bool {
        switch folded(scalar) {
        case " ", "\u{A0}", "\t", ",", ";", "-", "e", "x", "a", "i", "#", "~", "д", "\u{FF45}", "\u{FF58}", "\u{FF49}",
             "\u{FF03}", "\u{FF5E}":
            return true
        default:
            return false
        }
    }

    private static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar { ScanCharacters.folded(scalar) }

    /// The leftmost extension that ends the text (the parser's `maybeStripExtension`).
    static func trailing(_ text: [Unicode.Scalar]) -> (start: Int, digits: Range<Int>)? {
        for start in 0..<text.count {
            if let found = match(text, at: start, parsing: true, toEnd: true) { return (start, found.digits) }
        }
        return nil
    }

    private static func skip(_ text: [Unicode.Scalar], from position: Int, while test: (Unicode.Scalar) -> Bool) -> Int {
        var index = position
        while index < text.count, test(text[index]) { index += 1 }
        return index
    }

    /// `;ext=` and up to twenty digits.
    private static func rfc(_ text: [Unicode.Scalar], _ position: Int) -> (end: Int, digits: Range<Int>)? {
        guard let after = literal(";ext=", in: text, at: position) else { return nil }
        let end = digitRun(text, after, max: 20)
        return end > after ? (end, after..<end) : nil
    }

    /// The label's optional full stop or colon, separators, the digits and an optional `#`.
    private static func tail(_ text: [Unicode.Scalar], _ position: Int, maxDigits: Int) -> (end: Int, digits: Range<Int>)? {
        var index = position
        if index < text.count, text[index] == ":" || text[index] == "." || text[index] == "\u{FF0E}" { index += 1 }
        index = skip(text, from: index) { $0 == " " || $0 == "\u{A0}" || $0 == "\t" || $0 == "," || $0 == "-" }
        let end = digitRun(text, index, max: maxDigits)
        guard end > index else { return nil }
        return (end < text.count && text[end] == "#" ? end + 1 : end, index..<end)
    }

    /// `- 503#`: separators, up to six digits and a `#`.
    private static func american(_ text: [Unicode.Scalar], _ position: Int) -> (end: Int, digits: Range<Int>)? {
        let start = skip(text, from: position) { $0 == "-" || $0 == " " }
        guard start > position else { return nil }
        let end = digitRun(text, start, max: 6)
        guard end > start, end < text.count, text[end] == "#" else { return nil }
        return (end + 1, start..<end)
    }

    /// Where each reading of an explicit label (`ext`, `extn`, `extension`, `extensión`,
    /// `ｅｘｔｎ`, `доб`, `anexo`) would end, in the order the pattern tries them.
    private static func explicitLabelEnds(_ text: [Unicode.Scalar], _ position: Int) -> [Int] {
        var ends: [Int] = []
        var starts: [Int] = []
        if literal("e", in: text, at: position) != nil { starts.append(position + 1) }
        starts.append(position)
        for start in starts {
            guard let afterXT = literal("xt", in: text, at: start) else { continue }
            var bodies: [Int] = []
            if let afterEnsi = literal("ensi", in: text, at: afterXT) {
                if let afterO = literal("o", in: text, at: afterEnsi) {
                    if afterO < text.count, text[afterO] == "\u{301}" { bodies.append(afterO + 1) }
                    bodies.append(afterO)
                }
                if let afterAccented = literal("\u{F3}", in: text, at: afterEnsi) { bodies.append(afterAccented) }
            }
            bodies.append(afterXT)
            for body in bodies {
                if let afterN = literal("n", in: text, at: body) { ends.append(afterN) }
                ends.append(body)
            }
        }
        var wideStarts: [Int] = []
        if literal("\u{FF45}", in: text, at: position) != nil { wideStarts.append(position + 1) }
        wideStarts.append(position)
        for start in wideStarts {
            guard let afterXT = literal("\u{FF58}\u{FF54}", in: text, at: start) else { continue }
            if let afterN = literal("\u{FF4E}", in: text, at: afterXT) { ends.append(afterN) }
            ends.append(afterXT)
        }
        if let after = literal("доб", in: text, at: position) { ends.append(after) }
        if let after = literal("anexo", in: text, at: position) { ends.append(after) }
        return ends
    }

    /// `x`, `#`, `~` (and their full-width forms) or `int`.
    private static func ambiguousLabelEnd(_ text: [Unicode.Scalar], _ position: Int) -> Int? {
        guard position < text.count else { return nil }
        switch ScanCharacters.folded(text[position]) {
        case "x", "\u{FF58}", "#", "\u{FF03}", "~", "\u{FF5E}": return position + 1
        default: break
        }
        return literal("int", in: text, at: position) ?? literal("\u{FF49}\u{FF4E}\u{FF54}", in: text, at: position)
    }

    /// The end of `word` at `position`, compared without case; nil when it is not there.
    static func literal(_ word: String, in text: [Unicode.Scalar], at position: Int) -> Int? {
        var index = position
        for scalar in word.unicodeScalars {
            guard index < text.count, ScanCharacters.folded(text[index]) == scalar else { return nil }
            index += 1
        }
        return index
    }

    private static func digitRun(_ text: [Unicode.Scalar], _ position: Int, max: Int) -> Int {
        var index = position
        while index < text.count, index - position < max, ScanCharacters.isDigit(text[index]) { index += 1 }
        return index
    }
}
