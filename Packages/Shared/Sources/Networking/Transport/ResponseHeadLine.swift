/// One line of a response head as libcurl hands it to the header callback, read from its bytes:
/// the status line that starts a head, a header field, or the blank line that ends the head.
///
/// It works on bytes on purpose. Foundation's `trimmingCharacters(in:)`, used before, bridged every
/// line through `NSString` on Linux, and the first line of a run instantiated that bridge's generic
/// metadata on libcurl's driver thread: a fifth of that thread's time in a cold `gallery` run, spent
/// while the first responses waited to be read.
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
        let bytes = line.bindMemory(to: UInt8.self)
        if bytes.starts(with: "HTTP/".utf8) {
            self = .status
            return
        }
        let content = Self.trimmed(bytes[...])
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
        self = .field(name: String(decoding: UnsafeBufferPointer(rebasing: name), as: UTF8.self),
                      value: String(decoding: UnsafeBufferPointer(rebasing: Self.trimmed(content[(colon + 1)...])),
                                    as: UTF8.self))
    }

    init(_ line: String) {
        var line = line
        self = line.withUTF8 { Self(UnsafeRawBufferPointer($0)) }
    }

    /// Without the spaces, tabs, CRs and LFs at either end.
    private static func trimmed(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
              let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[first...last]
    }
}
