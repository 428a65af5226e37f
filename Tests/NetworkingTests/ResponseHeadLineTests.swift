@testable import Networking
import Testing

@Suite("Response head lines as libcurl hands them over")
struct ResponseHeadLineTests {
    @Test("status lines start a head, for HTTP/1.1 and HTTP/2 alike")
    func statusLines() {
        #expect(ResponseHeadLine("HTTP/1.1 200 OK\r\n") == .status)
        #expect(ResponseHeadLine("HTTP/2 301\r\n") == .status)
    }

    @Test("a field is split at its first colon, with spaces, tabs and the line end trimmed off both parts")
    func fields() {
        #expect(ResponseHeadLine("Content-Type: image/jpeg\r\n") == .field(name: "Content-Type", value: "image/jpeg"))
        #expect(ResponseHeadLine("Location:\t /a:b?c=d \t\r\n") == .field(name: "Location", value: "/a:b?c=d"))
        #expect(ResponseHeadLine("X-Empty:\r\n") == .field(name: "X-Empty", value: ""))
        #expect(ResponseHeadLine("X-Title: Привет, мир\r\n") == .field(name: "X-Title", value: "Привет, мир"))
    }

    @Test("the blank line ends the head; a line without a colon or without a name is no field")
    func endAndOthers() {
        #expect(ResponseHeadLine("\r\n") == .end)
        #expect(ResponseHeadLine("\n") == .end)
        #expect(ResponseHeadLine(" \t\r\n") == .end)
        #expect(ResponseHeadLine("garbage without a colon\r\n") == .other)
        #expect(ResponseHeadLine(": no name\r\n") == .other)
    }
}

private extension ResponseHeadLine {
    /// The line as libcurl would hand over its bytes.
    init(_ line: String) {
        var line = line
        self = line.withUTF8 { Self(UnsafeRawBufferPointer($0)) }
    }
}
