/// Text a person types or pipes in (a line of a URL list, a phone number), as the commands read it.
public enum InputText {
    /// `text` without the white space around it (spaces, tabs, the CR of a CRLF line), by Swift's
    /// own `Character.isWhitespace`: no bridging to Foundation's character sets, since lists of many
    /// lines are read at every start.
    public static func trimmed(_ text: some StringProtocol) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        // Almost every line has nothing to trim: a String then comes back as it is, uncopied.
        if first == text.startIndex, text.index(after: last) == text.endIndex { return String(text) }
        return String(text[first...last])
    }
}
