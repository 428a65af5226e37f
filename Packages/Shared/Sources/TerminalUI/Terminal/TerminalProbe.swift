#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Imaging

/// One short question to the terminal, asked once after it entered raw mode: does it speak the
/// kitty graphics protocol, does it show sixels (primary device attributes), how big is a cell in
/// pixels, does it know synchronized output. Every terminal answers the device-attributes request,
/// and answers in order, so its reply ends the wait; a terminal that answers nothing costs the
/// timeout once. Replies are read here, in raw mode, so none reaches the screen.
package enum TerminalProbe {
    /// What the terminal said.
    package struct Answer: Sendable, Hashable {
        /// The kitty graphics query was answered OK.
        package var kittyGraphics = false
        /// Primary device attributes list 4 (sixel graphics).
        package var sixel = false
        /// `CSI 6 ; height ; width t`, the cell size in pixels.
        package var cellPixelSize: PixelSize?
        /// DECRQM for mode 2026: true when set or reset, false when not recognised, nil when unanswered.
        package var synchronizedOutput: Bool?
        /// XTSMGRAPHICS: how many sixel colour registers the terminal has (xterm's VT340 has 16
        /// unless configured), nil when unanswered.
        package var colorRegisters: Int?
        /// The device attributes arrived (the terminal finished answering).
        package var complete = false

        package init() {}
    }

    /// The query: kitty graphics (a 1x1 probe image, id 31, nothing stored), cell size in pixels,
    /// synchronized output mode, sixel colour registers, then primary device attributes last.
    package static let query = "\u{1b}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1b}\\" + "\u{1b}[16t" + "\u{1b}[?2026$p"
        + "\u{1b}[?1;1;0S" + "\u{1b}[c"

    /// How long to wait for the terminal at most.
    package static let timeout: Duration = .milliseconds(100)

    /// Reads the terminal's replies from `bytes` (other input in between is ignored).
    package static func parse(_ bytes: [UInt8]) -> Answer {
        var answer = Answer()
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 1 < bytes.count else {
                index += 1
                continue
            }
            let introducer = bytes[index + 1]
            if introducer == UInt8(ascii: "_") {
                // APC G ... ESC \
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
                let body = String(decoding: bytes[(index + 2)..<min(end, bytes.count)], as: UTF8.self)
                if body.hasPrefix("G"), body.contains("i=31"), body.hasSuffix(";OK") { answer.kittyGraphics = true }
                index = end + 2
            } else if introducer == UInt8(ascii: "[") {
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                guard end < bytes.count else { break }
                let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                readReply(final: bytes[end], parameters: parameters, into: &answer)
                index = end + 1
            } else {
                index += 2
            }
        }
        return answer
    }

    private static func readReply(final: UInt8, parameters: String, into answer: inout Answer) {
        switch final {
        case UInt8(ascii: "c") where parameters.hasPrefix("?"):
            let values = parameters.dropFirst().split(separator: ";")
            answer.sixel = values.contains("4")
            answer.complete = true
        case UInt8(ascii: "t"):
            let values = parameters.split(separator: ";").compactMap { Int($0) }
            if values.count == 3, values[0] == 6, values[1] > 0, values[2] > 0 {
                answer.cellPixelSize = PixelSize(width: values[2], height: values[1])
            }
        case UInt8(ascii: "S") where parameters.hasPrefix("?1;0;"):
            answer.colorRegisters = Int(parameters.dropFirst(5))
        case UInt8(ascii: "y") where parameters.hasPrefix("?2026;"):
            // "?2026;N$": N = 0 not recognised, 1/2 set/reset, 3/4 permanently set/reset.
            let value = parameters.dropFirst(6).prefix { $0.isNumber }
            answer.synchronizedOutput = value != "0"
        default:
            break
        }
    }

    /// Asks the terminal on `output` and reads its answer from `input` (in raw mode), waiting at
    /// most `timeout`. The cell size comes from TIOCGWINSZ when the terminal fills it in.
    static func ask(input: Int32, output: Int32, timeout: Duration = timeout) -> Answer {
        let query = Array(Self.query.utf8)
        _ = query.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var received: [UInt8] = []
        var answer = Answer()
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !answer.complete {
            let left = deadline - clock.now
            let milliseconds = Int32(max(0, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            guard milliseconds > 0 else { break }
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = read(input, &buffer, buffer.count)
            guard count > 0 else { break }
            received += buffer[..<count]
            answer = parse(received)
        }
        if let cell = cellPixelSizeFromWindow(output) { answer.cellPixelSize = cell }
        return answer
    }

    /// The cell size from TIOCGWINSZ's pixel fields, nil when the terminal leaves them 0.
    static func cellPixelSizeFromWindow(_ descriptor: Int32) -> PixelSize? {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0,
              window.ws_xpixel > 0, window.ws_ypixel > 0 else { return nil }
        return PixelSize(width: Int(window.ws_xpixel) / Int(window.ws_col), height: Int(window.ws_ypixel) / Int(window.ws_row))
    }
}
