import Caching
import ErrorReporting
import Foundation
import ImagePipeline
import TestSupport
import Testing
@testable import gallery
import ImageGallery

@Suite("Plain and JSON lines")
struct PlainReportTests {
    let url = URL(string: "http://127.0.0.1:8089/img/1.jpg")!

    func loaded(_ source: ImageSource = .network) -> GalleryItemReport {
        var picture = Fixture.picture(source: source)
        picture.encodedByteCount = 123_456
        return GalleryItemReport(index: 1, url: url, outcome: .success(picture), duration: .milliseconds(84))
    }

    @Test("a loaded item is one JSON object with the documented keys in order")
    func loadedJSON() {
        let report = PlainReport(format: .json, language: .english)
        #expect(report.line(for: loaded()) == #"{"event":"item","index":1,"url":"http://127.0.0.1:8089/img/1.jpg","state":"loaded","source":"network","width":1200,"height":900,"bytes":123456,"ms":84}"#)
    }

    @Test("a downloaded item also gives the time to its first byte")
    func firstByteJSON() {
        var item = loaded()
        if case .success(var picture) = item.outcome {
            picture.timeToFirstByte = .milliseconds(12)
            item = GalleryItemReport(index: 1, url: url, outcome: .success(picture), duration: .milliseconds(84))
        }
        let line = PlainReport(format: .json, language: .english).line(for: item)
        #expect(line.hasSuffix(#""bytes":123456,"ms":84,"firstByteMs":12}"#))
    }

    @Test("a failed item carries the code and the user-facing text", arguments: [
        (FailureKind.offline, "offline", "No internet connection"),
        (.timeout, "timeout", "Took too long / the server is not responding"),
        (.unavailable, "unavailable", "Image at this URL is unavailable"),
        (.dropped, "dropped", "The connection dropped"),
        (.invalidImage, "invalidImage", "Image at this URL is unavailable"),
    ])
    func failedJSON(kind: FailureKind, code: String, message: String) {
        let report = PlainReport(format: .json, language: .english)
        let item = GalleryItemReport(index: 3, url: url, outcome: .failure(Fixture.failure(kind)), duration: .zero)
        #expect(report.line(for: item) == #"{"event":"item","index":3,"url":"http://127.0.0.1:8089/img/1.jpg","state":"failed","error":""# + code + #"","reason":""# + message + #""}"#)
    }

    @Test("the summary line, in the reader's language")
    func summary() {
        let report = PlainReport(format: .json, language: .english)
        #expect(report.summaryLine(GallerySummary(loaded: 5, failed: 1, offline: false)) == #"{"event":"summary","loaded":5,"failed":1,"offline":false}"#)
        let text = PlainReport(format: .text, language: .russian)
        #expect(text.summaryLine(GallerySummary(loaded: 0, failed: 6, offline: true))
            == "загружено: 0, с ошибкой: 6 — Нет соединения с Интернетом")
        let english = PlainReport(format: .text, language: .english)
        #expect(english.summaryLine(GallerySummary(loaded: 5, failed: 1, offline: false)) == "5 loaded, 1 failed")
    }

    @Test("every plain line reads in Russian: no English word but names, numbers, URLs and keys")
    func russianPlain() {
        let report = PlainReport(format: .text, language: .russian)
        var lines = [ImageSource.network, .disk, .memory].map { report.line(for: loaded($0)) }
        for kind in [FailureKind.offline, .timeout, .unavailable, .dropped, .invalidImage] {
            lines.append(report.line(for: GalleryItemReport(
                index: 2, url: url, outcome: .failure(Fixture.failure(kind)), duration: .zero)))
        }
        lines.append(report.summaryLine(GallerySummary(loaded: 4, failed: 2, offline: true)))
        let text = lines.joined(separator: "\n")
        #expect(ScreenAudit.englishWords(in: text).isEmpty, "\(ScreenAudit.englishWords(in: text))\n\(text)")
        #expect(lines[1].hasPrefix("1 загружено  http://127.0.0.1:8089/img/1.jpg  1200x900  123456 байт  с диска"), "\(lines[1])")
    }

    @Test("JSON strings are escaped")
    func escaping() {
        #expect(PlainReport.quoted("a\"b\\c\nd\u{1}") == #""a\"b\\c\nd\u0001""#)
    }

    @Test("secrets in a URL never reach the output")
    func redacted() {
        let secret = GalleryItemReport(index: 1, url: URL(string: "https://x.test/a.jpg?api_key=hunter2")!,
                                       outcome: .failure(Fixture.failure(.unavailable)), duration: .zero)
        #expect(!PlainReport(format: .json, language: .english).line(for: secret).contains("hunter2"))
        #expect(!PlainReport(format: .text, language: .english).line(for: secret).contains("hunter2"))
    }

    @Test("the plain line says where the picture came from and when it could not be kept offline")
    func plainLine() {
        var item = loaded(.disk)
        if case .success(var picture) = item.outcome {
            picture.storeError = DiskCacheError.diskFull(path: "/cache/entries/x")
            item.outcome = .success(picture)
        }
        let line = PlainReport(format: .text, language: .english).line(for: item)
        // The heading is said once, though the cache's own message starts with it too.
        #expect(line == "1 loaded  http://127.0.0.1:8089/img/1.jpg  1200x900  123456 bytes  from disk  84 ms  "
                + "(Could not save for offline use: the disk is full)")
    }
}
