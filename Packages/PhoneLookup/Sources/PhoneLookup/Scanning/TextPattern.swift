/// A small backtracking pattern over Unicode scalars, for the few regular expressions the
/// matcher runs on a candidate (brackets, dates, time stamps, page ranges). Repetition is
/// greedy and alternatives are tried in order, as Python's `re` does, so a pattern written here
/// accepts what libphonenumber's accepts.
indirect enum TextPattern: Sendable {
    case one(@Sendable (Unicode.Scalar) -> Bool)
    case sequence([TextPattern])
    case either([TextPattern])
    case repeated(TextPattern, min: Int, max: Int)
    /// The end of the text (`$`).
    case end

    static func literal(_ scalar: Unicode.Scalar) -> TextPattern { .one { $0 == scalar } }
    static func optional(_ pattern: TextPattern) -> TextPattern { .repeated(pattern, min: 0, max: 1) }
    static let digit = TextPattern.one(ScanCharacters.isDigit)
    static func digits(_ min: Int, _ max: Int) -> TextPattern { .repeated(digit, min: min, max: max) }
    static func ascii(_ low: Unicode.Scalar, _ high: Unicode.Scalar) -> TextPattern {
        .one { $0.value >= low.value && $0.value <= high.value }
    }

    /// True when the pattern takes the whole of `text`.
    func wholeMatch(_ text: [Unicode.Scalar]) -> Bool {
        match(text, at: 0) { $0 == text.count }
    }

    /// True when the pattern matches at `position` (Python's `match`).
    func matches(_ text: [Unicode.Scalar], at position: Int) -> Bool {
        match(text, at: position) { _ in true }
    }

    /// True when the pattern matches anywhere in `text` (Python's `search`).
    func occurs(in text: [Unicode.Scalar]) -> Bool {
        for start in 0...text.count where matches(text, at: start) { return true }
        return false
    }

    private func match(_ text: [Unicode.Scalar], at position: Int, then next: (Int) -> Bool) -> Bool {
        switch self {
        case .one(let test):
            return position < text.count && test(text[position]) && next(position + 1)
        case .end:
            return position == text.count && next(position)
        case .sequence(let parts):
            return Self.sequence(parts[...], text, position, next)
        case .either(let options):
            return options.contains { $0.match(text, at: position, then: next) }
        case .repeated(let inner, let min, let max):
            return Self.repeat(inner, min: min, max: max, count: 0, text, position, next)
        }
    }

    private static func sequence(_ parts: ArraySlice<TextPattern>, _ text: [Unicode.Scalar], _ position: Int,
                                 _ next: (Int) -> Bool) -> Bool {
        guard let first = parts.first else { return next(position) }
        return first.match(text, at: position) { sequence(parts.dropFirst(), text, $0, next) }
    }

    private static func `repeat`(_ inner: TextPattern, min: Int, max: Int, count: Int, _ text: [Unicode.Scalar],
                                 _ position: Int, _ next: (Int) -> Bool) -> Bool {
        if count < max, inner.match(text, at: position, then: { end in
            end != position && `repeat`(inner, min: min, max: max, count: count + 1, text, end, next)
        }) { return true }
        return count >= min && next(position)
    }
}

/// The patterns libphonenumber's matcher uses to turn a candidate down.
enum CandidateRules {
    private static let notBracket = TextPattern.one { !ScanCharacters.isOpening($0) && !ScanCharacters.isClosing($0) }
    private static let opening = TextPattern.one(ScanCharacters.isOpening)
    private static let closing = TextPattern.one(ScanCharacters.isClosing)
    private static let many = Int.max

    /// Brackets that open and close in pairs, at most one unmatched closing one near the start
    /// (`(650) 253`, `650) 253`), never nested.
    static let matchingBrackets = TextPattern.sequence([
        .optional(opening),
        .optional(.sequence([.repeated(notBracket, min: 1, max: many), closing])),
        .repeated(notBracket, min: 1, max: many),
        .repeated(.sequence([opening, .repeated(notBracket, min: 1, max: many), closing]), min: 0, max: 3),
        .repeated(notBracket, min: 0, max: many),
    ])

    /// A page reference in a citation: `211-227 (2003`.
    static let publicationPages = TextPattern.sequence([
        .digits(1, 5), .repeated(.literal("-"), min: 1, max: many), .digits(1, 5),
        .repeated(.one(ScanCharacters.isSpace), min: 0, max: 4), .literal("("), .digits(1, 4),
    ])

    /// A date written with slashes: `31/12/2025`, `12/31/25`.
    static let slashSeparatedDate = TextPattern.sequence([
        .either([
            .sequence([.optional(.ascii("0", "3")), .digit, .literal("/"), .optional(.ascii("0", "1")), .digit]),
            .sequence([.optional(.ascii("0", "1")), .digit, .literal("/"), .optional(.ascii("0", "3")), .digit]),
        ]),
        .literal("/"), .optional(.sequence([.ascii("1", "2"), .digit])), .digits(2, 2),
    ])

    /// The date and hour of a time stamp at the candidate's end: `2012-01-02 08`.
    static let timeStamp = TextPattern.sequence([
        .ascii("1", "2"), .digits(3, 3), .optional(.one { $0 == "-" || $0 == "/" }), .ascii("0", "1"), .digit,
        .optional(.one { $0 == "-" || $0 == "/" }), .ascii("0", "3"), .digit,
        .repeated(.literal(" "), min: 1, max: many), .ascii("0", "2"), .digit, .end,
    ])

    /// Whether `candidate` ends as a time stamp must (a space, then an hour's two digits): the
    /// pattern is only worth running then, and most candidates are not.
    static func mayEndInTimeStamp(_ candidate: [Unicode.Scalar]) -> Bool {
        let count = candidate.count
        return count >= 11 && candidate[count - 3] == " " && candidate[count - 2].value >= 0x30
            && candidate[count - 2].value <= 0x32
    }

    /// The minutes that follow such an hour: `:35`.
    static let timeStampMinutes = TextPattern.sequence([.literal(":"), .ascii("0", "5"), .digit])

    /// libphonenumber's `FIRST_GROUP_ONLY_PREFIX_PATTERN`: a rule that writes no national prefix.
    static func isFirstGroupOnly(_ rule: String) -> Bool {
        rule == "$1" || rule == "($1)" || rule == "($1" || rule == "$1)"
    }
}
