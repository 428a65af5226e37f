import Foundation
import Locking
import Testing
@testable import FlickrDemo
import FlickrFeed

/// The made-up Flickr, without the server: its answers must read like Flickr's.
@Suite("Demo stream")
struct DemoStreamTests {
    private let query = [
        "method": "flickr.photos.getRecent", "api_key": "demo", "per_page": "40",
        "format": "json", "nojsoncallback": "1",
    ]

    private func page(_ stream: FlickrDemoStream, _ number: Int) throws -> FlickrPage {
        var query = query
        query["page"] = String(number)
        let answer = stream.restAnswer(query: query)
        #expect(answer.status == 200 && answer.contentType == "application/json")
        return try FlickrResponseDecoder.page(from: answer.body)
    }

    @Test("the demo's large photos offer their 4000x3000 original as url_o, decoded as the photo's largest picture")
    func largestPicture() throws {
        let stream = FlickrDemoStream(initialCount: 1000, uploadInterval: nil)
        var first = query
        first["page"] = "1"
        let answer = stream.restAnswer(query: first, imageBase: "http://127.0.0.1:9/img")
        let page = try FlickrResponseDecoder.page(from: answer.body)
        let large = page.photos.filter { $0.largest != nil }
        #expect(large.map(\.id) == [String(53_000_000_996)], "the fifth newest, 996")
        let largest = try #require(large.first?.largest)
        #expect(largest.width == 4000 && largest.height == 3000)
        #expect(stream.originalRequest(path: largest.url.path) == 996)
        #expect(stream.originalRequest(path: largest.url.path.replacingOccurrences(of: "_o.jpg", with: "_b.jpg")) == nil)
        // Without the server's address, no URL to give: as Flickr without the extras.
        #expect(try FlickrResponseDecoder.page(from: stream.restAnswer(query: first).body).photos.allSatisfy { $0.largest == nil })
    }

    @Test("numbers come as numbers on one page and as strings on the next, both decode")
    func shapes() throws {
        let stream = FlickrDemoStream(initialCount: 1000, uploadInterval: nil)
        var odd = query
        odd["page"] = "1"
        var even = query
        even["page"] = "2"
        #expect(
            String(decoding: stream.restAnswer(query: odd).body, as: UTF8.self).contains(#""total":1000"#))
        #expect(
            String(decoding: stream.restAnswer(query: even).body, as: UTF8.self).contains(#""total":"1000""#))
        let first = try page(stream, 1)
        let second = try page(stream, 2)
        #expect(first.pages == 25 && first.total == 1000 && first.photos.count == 40)
        #expect(second.page == 2 && second.photos.count == 40)
        #expect(Set(first.photos.map(\.id)).isDisjoint(with: second.photos.map(\.id)))
    }

    @Test("uploads shift the pages: the end of page 1 reappears on page 2")
    func uploadsShift() throws {
        let stream = FlickrDemoStream(initialCount: 1000, uploadInterval: nil)
        let first = try page(stream, 1)
        stream.upload(4)
        let second = try page(stream, 2)
        #expect(second.total == 1004)
        #expect(Array(second.photos.prefix(4)) == Array(first.photos.suffix(4)))
    }

    @Test("uploads also come by themselves at the configured interval")
    func timedUploads() {
        let clock = LockedValue(Duration.zero)
        let stream = FlickrDemoStream(
            initialCount: 10, uploadInterval: .milliseconds(20), uploadBatch: 2,
            elapsed: { clock.withLock { $0 } })
        #expect(stream.count == 10)
        clock.withLock { $0 = .milliseconds(19) }
        #expect(stream.count == 10)
        clock.withLock { $0 = .milliseconds(70) }
        #expect(stream.count == 16)
    }

    @Test("a wrong key is refused with code 100 and HTTP 200")
    func wrongKey() {
        var query = query
        query["api_key"] = "nope"
        let answer = stream().restAnswer(query: query)
        #expect(answer.status == 200)
        #expect(throws: FlickrError.api(code: 100, message: "Invalid API Key (Key has invalid format)")) {
            try FlickrResponseDecoder.page(from: answer.body)
        }
    }

    @Test("without nojsoncallback the answer is JSONP, as from Flickr")
    func jsonp() {
        var query = query
        query["nojsoncallback"] = nil
        let answer = stream().restAnswer(query: query)
        #expect(throws: FlickrError.jsonp(callback: "jsonFlickrApi")) {
            try FlickrResponseDecoder.page(from: answer.body)
        }
    }

    @Test("past the end comes an empty page")
    func pastEnd() throws {
        let stream = FlickrDemoStream(initialCount: 50, uploadInterval: nil)
        #expect(try page(stream, 2).photos.count == 10)
        #expect(try page(stream, 3).photos.isEmpty)
    }

    @Test("image paths name a photo and a size; wrong secrets and unknown photos do not")
    func imagePaths() {
        let stream = stream()
        let photo = stream.photo(number: 7)
        let path = "/img/\(photo.server)/\(photo.id)_\(photo.secret)_z.jpg"
        #expect(stream.imageRequest(path: path)?.number == 7 && stream.imageRequest(path: path)?.size == .z)
        #expect(stream.imageRequest(path: "/img/\(photo.server)/\(photo.id)_bad_z.jpg") == nil)
        #expect(stream.imageRequest(path: "/img/1/53000009999_x_z.jpg") == nil)
        #expect(FlickrDemoStream.pixelSize(of: 4, at: .n) == (320, 240))
        #expect(FlickrDemoStream.pixelSize(of: 5, at: .n) == (240, 320))
        #expect(FlickrDemoStream.pixelSize(of: 5, at: .q) == (150, 150))
    }

    private func stream() -> FlickrDemoStream { FlickrDemoStream(initialCount: 1000, uploadInterval: nil) }
}
