/// One line of a response head as libcurl hands it to the header callback, read from its bytes:
/// the status line that starts a head, a header field, or the blank line that ends the head.
///
/// Bytes, not `String`: Foundation's `trimmingCharacters(in:)`, used before, bridged every line
/// through `NSString` on libcurl's driver thread. (`InputText.trimmed` in CommandOptions trims a
/// person's input by Unicode white space; a head's optional white space is HTTP's own, and
/// Networking sits below CommandOptions.)
enum ResponseHeadLine: Equatable {
    /// `HTTP/1.1 200 OK`, `HTTP/2 301`: a new head begins (a redirect's or an interim 1xx's head
    /// comes before the final one).
    case status
    /// `Name: value`, with HTTP's optional whitespace (spaces and tabs) and the line end trimmed.
    case field(name: String, value: String)
    /// The empty line after the fields.
    case end
    /// Anything else (no colon, an empty name): not a field, ignored.
    case other

    init(_ line: UnsafeRawBufferPointer) {
        if line.starts(with: "HTTP/".utf8) {
            self = .status
            return
        }
        let content = Self.trimmed(line[...])
        guard !content.isEmpty else {
            self = .end
            return
        }
        guard let colon = content.firstIndex(of: UInt8(ascii: ":")) else {
            self = .other
            return
        }
        let name = Self.trimmed(content[..<colon])
        guard !name.isEmpty else {
            self = .other
            return
        }
        let value = Self.trimmed(content[(colon + 1)...])
        self = .field(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
    }

    /// Without the spaces, tabs, CRs and LFs at either end.
    private static func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
              let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[first...last]
    }
}
