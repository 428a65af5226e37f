/// Turns the bytes a terminal sends into events. Pure and incremental: feed it chunks as they are
/// read; a sequence split across reads is kept until it completes.
///
/// A lone Esc cannot be told from the start of an escape sequence by its bytes; when
/// `hasPendingInput` stays true for a short while (~30 ms) with no more bytes, call `flush()`,
/// which gives the pending Esc (and anything after it) as keys.
///
/// ```swift
/// var decoder = InputDecoder()
/// let events = decoder.decode(Array("\u{1b}[A".utf8))   // [.key(.up)]
/// ```
public struct InputDecoder: Sendable {
    private var buffer: [UInt8] = []
    private var paste: [UInt8]?

    /// The end of bracketed paste.
    private static let pasteEnd: [UInt8] = Array("\u{1b}[201~".utf8)
    /// A sequence longer than this is garbage and is dropped.
    private static let maximumSequenceLength = 64

    public init() {}

    /// True when bytes are held back because they may start an escape sequence (or are part of a
    /// character still being received): call `flush()` if nothing more arrives soon. A paste in
    /// progress is not pending input: it waits for its end marker.
    public var hasPendingInput: Bool { paste == nil && !buffer.isEmpty }

    /// Decodes `bytes` and returns the events they complete.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Event] {
        buffer.append(contentsOf: bytes)
        return process(final: false)
    }

    /// Gives up waiting: whatever is pending becomes events (a lone Esc becomes `.escape`).
    public mutating func flush() -> [Event] {
        process(final: true)
    }

    private mutating func process(final: Bool) -> [Event] {
        var events: [Event] = []
        var index = 0
        while index < buffer.count {
            if paste != nil {
                let (next, finished) = takePaste(from: index, final: final, into: &events)
                index = next
                guard finished else { break }
                continue
            }
            let byte = buffer[index]
            if byte == 0x1B {
                switch parseEscape(at: index) {
                case .incomplete:
                    if final {
                        events.append(.key(.escape))
                        index += 1
                        continue
                    }
                    buffer.removeFirst(index)
                    return events
                case let .complete(event, next):
                    if let event { events.append(event) }
                    index = next
                case let .pasteStart(next):
                    paste = []
                    index = next
                }
                continue
            }
            if byte < 0x20 || byte == 0x7F {
                events.append(.key(Self.controlKey(byte)))
                index += 1
                continue
            }
            guard let end = textRunEnd(from: index) else {
                if final {
                    events.append(contentsOf: String(decoding: buffer[index...], as: UTF8.self).map { .key(.character($0)) })
                    index = buffer.count
                    break
                }
                buffer.removeFirst(index)
                return events
            }
            for character in String(decoding: buffer[index..<end], as: UTF8.self) {
                events.append(.key(.character(character)))
            }
            index = end
        }
        buffer.removeFirst(min(index, buffer.count))
        return events
    }

    /// The key for a C0 control byte or DEL.
    private static func controlKey(_ byte: UInt8) -> Key {
        switch byte {
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x7F, 0x08: return .backspace
        case 0x00: return .control("@")
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(byte + 0x60)))
        default: return .control(Character(Unicode.Scalar(byte + 0x40)))
        }
    }

    /// The end of the run of printable UTF-8 starting at `start`, or nil when the run ends in a
    /// character whose bytes have not all arrived.
    private func textRunEnd(from start: Int) -> Int? {
        var index = start
        while index < buffer.count {
            let byte = buffer[index]
            if byte < 0x20 || byte == 0x7F { break }
            let length: Int
            switch byte {
            case 0xC0...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF7: length = 4
            default: length = 1
            }
            if index + length > buffer.count { return index == start ? nil : index }
            index += length
        }
        return index
    }

    private enum EscapeParse {
        case incomplete
        /// `event` is nil for a well-formed sequence we do not use (focus reports, F-keys...).
        case complete(Event?, next: Int)
        /// `ESC [ 200 ~`: what follows is pasted text up to `ESC [ 201 ~`.
        case pasteStart(next: Int)
    }

    private func parseEscape(at start: Int) -> EscapeParse {
        guard start + 1 < buffer.count else { return .incomplete }
        switch buffer[start + 1] {
        case UInt8(ascii: "["):
            return parseCSI(at: start)
        case UInt8(ascii: "O"):
            guard start + 2 < buffer.count else { return .incomplete }
            let key: Key? = switch buffer[start + 2] {
            case UInt8(ascii: "A"): .up
            case UInt8(ascii: "B"): .down
            case UInt8(ascii: "C"): .right
            case UInt8(ascii: "D"): .left
            case UInt8(ascii: "H"): .home
            case UInt8(ascii: "F"): .end
            case UInt8(ascii: "M"): .enter
            default: nil
            }
            return .complete(key.map { .key($0) }, next: start + 3)
        default:
            // Esc followed by something else (Alt+key, or Esc pressed twice): the Esc stands alone.
            return .complete(.key(.escape), next: start + 1)
        }
    }

    private func parseCSI(at start: Int) -> EscapeParse {
        var index = start + 2
        while index < buffer.count {
            let byte = buffer[index]
            if (0x40...0x7E).contains(byte) {
                let parameters = Array(buffer[(start + 2)..<index])
                if byte == UInt8(ascii: "~"), parameters == Array("200".utf8) {
                    return .pasteStart(next: index + 1)
                }
                return .complete(Self.csiEvent(parameters: parameters, final: byte), next: index + 1)
            }
            guard (0x20...0x3F).contains(byte), index - start < Self.maximumSequenceLength else {
                // Not a CSI sequence after all: drop the introducer, keep the rest.
                return .complete(nil, next: start + 2)
            }
            index += 1
        }
        return .incomplete
    }

    private static func csiEvent(parameters: [UInt8], final: UInt8) -> Event? {
        if parameters.first == UInt8(ascii: "<") {
            return mouseEvent(parameters: parameters.dropFirst(), final: final)
        }
        let numbers = String(decoding: parameters, as: UTF8.self).split(separator: ";").map { Int($0) ?? 0 }
        switch final {
        case UInt8(ascii: "A"): return .key(.up)
        case UInt8(ascii: "B"): return .key(.down)
        case UInt8(ascii: "C"): return .key(.right)
        case UInt8(ascii: "D"): return .key(.left)
        case UInt8(ascii: "H"): return .key(.home)
        case UInt8(ascii: "F"): return .key(.end)
        case UInt8(ascii: "Z"): return .key(.backTab)
        case UInt8(ascii: "~"):
            switch numbers.first ?? 0 {
            case 1, 7: return .key(.home)
            case 4, 8: return .key(.end)
            case 3: return .key(.delete)
            case 5: return .key(.pageUp)
            case 6: return .key(.pageDown)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// SGR mouse: `ESC [ < button ; column ; row (M|m)`, 1-based coordinates.
    private static func mouseEvent(parameters: ArraySlice<UInt8>, final: UInt8) -> Event? {
        guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return nil }
        let numbers = String(decoding: parameters, as: UTF8.self).split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 3 else { return nil }
        let code = numbers[0], column = numbers[1] - 1, row = numbers[2] - 1
        let kind: MouseEvent.Kind
        if code & 64 != 0 {
            switch code & 3 {
            case 0: kind = .wheelUp
            case 1: kind = .wheelDown
            default: return nil
            }
        } else if final == UInt8(ascii: "m") {
            kind = .release
        } else {
            let button: MouseButton
            switch code & 3 {
            case 0: button = .left
            case 1: button = .middle
            case 2: button = .right
            default: return code & 32 != 0 ? nil : .mouse(MouseEvent(kind: .release, column: column, row: row))
            }
            kind = code & 32 != 0 ? .drag(button) : .press(button)
        }
        return .mouse(MouseEvent(kind: kind, column: column, row: row, control: code & 16 != 0))
    }

    /// Collects pasted bytes up to the end marker. Returns the index after what was used and
    /// whether the paste finished (if not, the bytes from `next` on may start the marker).
    private mutating func takePaste(
        from start: Int, final: Bool, into events: inout [Event]
    ) -> (next: Int, finished: Bool) {
        let marker = Self.pasteEnd
        if let end = Self.find(marker, in: buffer, from: start) {
            let text = (paste ?? []) + buffer[start..<end]
            events.append(.paste(String(decoding: text, as: UTF8.self)))
            paste = nil
            return (end + marker.count, true)
        }
        if final {
            let text = (paste ?? []) + buffer[start...]
            events.append(.paste(String(decoding: text, as: UTF8.self)))
            paste = nil
            return (buffer.count, true)
        }
        // Keep a tail that could be the start of the marker; the rest is pasted text.
        let keep = min(marker.count - 1, buffer.count - start)
        paste?.append(contentsOf: buffer[start..<(buffer.count - keep)])
        return (buffer.count - keep, false)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count - start >= needle.count else { return nil }
        for index in start...(haystack.count - needle.count)
        where haystack[index] == needle[0] && haystack[index..<(index + needle.count)].elementsEqual(needle) {
            return index
        }
        return nil
    }
}
