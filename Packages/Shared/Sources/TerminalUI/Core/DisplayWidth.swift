/// The number of terminal columns `text` takes: CJK and emoji count 2, combining marks and
/// control characters 0, everything else 1.
public func displayWidth(of text: String) -> Int {
    var total = 0
    for character in text { total += displayWidth(of: character) }
    return total
}

/// The number of terminal columns one grapheme takes (0, 1 or 2).
public func displayWidth(of character: Character) -> Int {
    if let ascii = character.asciiValue {
        return ascii >= 0x20 && ascii != 0x7F ? 1 : 0
    }
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    let value = first.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control:
        return 0
    default:
        break
    }
    if first.properties.isEmojiPresentation { return 2 }
    if first.properties.isEmoji, scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    return isEastAsianWide(value) ? 2 : 1
}

/// East Asian Wide and Fullwidth ranges (Unicode's EastAsianWidth.txt, W and F), coarse but
/// covering the scripts a person meets: Hangul, CJK, kana, fullwidth forms, emoji blocks.
private func isEastAsianWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
         0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
         0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
         0x16FE0...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x1F300...0x1F64F,
         0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
        return true
    default:
        return false
    }
}

/// Text helpers that measure by display width.
public enum TextLayout {
    /// `text` cut to at most `width` columns; with `ellipsis`, a cut text ends in "…".
    public static func truncate(_ text: String, toWidth width: Int, ellipsis: Bool = true) -> String {
        guard width > 0 else { return "" }
        guard displayWidth(of: text) > width else { return text }
        let budget = ellipsis ? width - 1 : width
        var result = ""
        var used = 0
        for character in text {
            let w = displayWidth(of: character)
            if used + w > budget { break }
            result.append(character)
            used += w
        }
        return ellipsis ? result + "…" : result
    }

    /// `parts` joined by `separator`, leaving out the parts before the last one, from the end, until
    /// the line fits in `width` columns: a hint line says less before it is cut, and keeps its last
    /// part (how to quit). Then the last part goes too, and only what still does not fit is cut,
    /// with "…".
    package static func fit(_ parts: [String], separator: String = " · ", toWidth width: Int) -> String {
        var parts = parts
        while parts.count > 2, displayWidth(of: parts.joined(separator: separator)) > width {
            parts.remove(at: parts.count - 2)
        }
        if parts.count == 2, displayWidth(of: parts.joined(separator: separator)) > width { parts.removeLast() }
        return truncate(parts.joined(separator: separator), toWidth: width)
    }

    /// `text` broken into lines of at most `width` columns, at spaces where possible;
    /// explicit newlines are kept.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var word = String(word)
                var wordWidth = displayWidth(of: word)
                if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                while wordWidth > width {
                    let head = truncate(word, toWidth: width, ellipsis: false)
                    guard !head.isEmpty else { break }
                    lines.append(head)
                    word = String(word.dropFirst(head.count))
                    wordWidth = displayWidth(of: word)
                }
                line = word
                lineWidth = wordWidth
            }
            lines.append(line)
        }
        return lines
    }
}
