import CommandOutput
import ErrorReporting
import Foundation
import Testing
import FlickrFeed
@testable import flickr

@Suite("Plain and JSON lines")
struct PagerFormatterTests {
    private let urls = FlickrImageURLs(imageBase: URL(string: "http://127.0.0.1:9")!)

    @Test("a page is a header line then one line per photo, keys in the documented order")
    func jsonPage() throws {
        let photo = FlickrPhoto(id: "1", owner: "o@N00", secret: "s", server: "2", title: "Say \"hi\"\n\\ ok")
        let report = PageReport(
            page: 1, source: .network, photos: [photo], pages: 25, total: 1000, dropped: 3)
        let lines = PagerFormatter(style: .json, imageURLs: urls).lines(for: .page(report))
        #expect(
            lines == [
                #"{"event":"page","page":1,"source":"network","count":1,"pages":25,"total":1000,"dropped":3}"#,
                #"{"event":"photo","id":"1","title":"Say \"hi\"\n\\ ok","owner":"o@N00","image":"http://127.0.0.1:9/2/1_s_z.jpg"}"#,
            ])
        for line in lines {
            #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
        }
    }

    @Test("an error line carries the code and a message without the key")
    func jsonError() throws {
        let error = FlickrError.api(code: 100, message: "Invalid API Key: https://x/?api_key=topsecret1")
        let line = try #require(PagerFormatter(style: .json, imageURLs: urls).lines(for: .error(error)).first)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
        #expect(object["event"] == "error" && object["error"] == "apiKey")
        #expect(!line.contains("topsecret1"))
    }

    @Test("plain text marks a saved page with its age")
    func plainSaved() {
        let saved = Date(timeIntervalSince1970: 1000)
        let report = PageReport(
            page: 1, source: .saved, photos: [Fixtures.photo(1)], pages: 25, total: 1000,
            dropped: 0, savedAt: saved)
        let lines = PagerFormatter(style: .plain, imageURLs: urls)
            .lines(for: .page(report), now: saved.addingTimeInterval(300))
        #expect(lines.first?.contains("Saved 5 min ago") == true)
        #expect(lines.count == 2 && lines[1].hasPrefix("50001\tPhoto 1\t"))
    }

    @Test("hostile titles, owners and error text reach plain and JSON output with no control, C1 or bidi scalar")
    func hostileText() throws {
        let hostile = "pwn\u{1B}]0;title\u{07}\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2J\u{9B}31m\r\u{08}\u{7F}\u{202E}gpj"
        let photo = FlickrPhoto(id: "1", owner: "o@N00", secret: "s", server: "2", title: hostile, ownerName: hostile)
        let report = PageReport(page: 1, source: .network, photos: [photo], pages: 1, total: 1, dropped: 0)
        let error = FlickrError.api(code: 105, message: hostile)
        for style in [PagerFormatter.Style.plain, .json] {
            let formatter = PagerFormatter(style: style, imageURLs: urls)
            let lines = formatter.lines(for: .page(report)) + formatter.lines(for: .error(error))
            for line in lines {
                #expect(line.unicodeScalars.allSatisfy { !TerminalSafeText.isUnsafe($0) || $0 == "\t" }, "\(line)")
            }
        }
    }

    @Test("a key the server echoes back inside its message is masked, not only in name=value pairs")
    func echoedKey() throws {
        let key = "ech0" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16)
        Redactor.register(secret: key)
        let error = FlickrError.api(code: 100, message: "Invalid API Key (\(key))")
        for style in [PagerFormatter.Style.plain, .json] {
            let formatter = PagerFormatter(style: style, imageURLs: urls)
            let lines = formatter.lines(for: .error(error)) + [formatter.failureLine(error)]
            #expect(!lines.joined().contains(key))
            #expect(lines.joined().contains(Redactor.mask))
        }
        #expect(!error.userFacingError.line(in: .english).contains(key))
    }
}
