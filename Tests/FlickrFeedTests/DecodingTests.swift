import Foundation
import Testing
import FlickrFeed
@testable import flickr

@Suite("Decoding getRecent")
struct DecodingTests {
    @Test("a success with numbers as numbers")
    func numbers() throws {
        let body = #"""
            {"photos":{"page":1,"pages":25,"perpage":40,"total":1000,"photo":[
              {"id":"53123","owner":"1@N00","secret":"abc","server":"65535","farm":66,"title":"Sea",
               "ispublic":1,"isfriend":0,"isfamily":0}]},"stat":"ok"}
            """#
        let page = try FlickrResponseDecoder.page(from: Data(body.utf8))
        #expect(page.page == 1 && page.pages == 25 && page.perPage == 40 && page.total == 1000)
        #expect(
            page.photos == [
                FlickrPhoto(
                    id: "53123", owner: "1@N00", secret: "abc", server: "65535", farm: 66, title: "Sea")
            ])
    }

    @Test("a success with numbers as strings, ids as numbers and unknown fields")
    func strings() throws {
        let body = #"""
            {"stat":"ok","extra":{"whatever":[1,2]},"photos":{"page":"2","pages":"25","perpage":"40","total":"1000",
             "photo":[{"id":53124,"owner":"2@N00","secret":"def","server":65535,"farm":"7","title":"",
                       "ispublic":"1","isfriend":"0","isfamily":"0","ownername":"Ann","dateupload":"1700000000",
                       "url_n":"https://example.com/x.jpg","width_n":320}]}}
            """#
        let page = try FlickrResponseDecoder.page(from: Data(body.utf8))
        #expect(page.page == 2 && page.pages == 25 && page.perPage == 40 && page.total == 1000)
        let photo = try #require(page.photos.first)
        #expect(photo.id == "53124" && photo.server == "65535" && photo.farm == 7)
        #expect(photo.ownerName == "Ann" && photo.dateUploaded == 1_700_000_000 && photo.ownerLabel == "Ann")
    }

    @Test("a missing title reads as untitled, an empty page as the last")
    func emptyPage() throws {
        let body = #"{"photos":{"page":26,"pages":25,"perpage":40,"total":1000,"photo":[]},"stat":"ok"}"#
        let page = try FlickrResponseDecoder.page(from: Data(body.utf8))
        #expect(page.photos.isEmpty && page.isLast)
        let untitled =
            #"{"photos":{"page":1,"pages":1,"perpage":1,"total":1,"photo":[{"id":"1","owner":"o","secret":"s","server":"1"}]},"stat":"ok"}"#
        #expect(try FlickrResponseDecoder.page(from: Data(untitled.utf8)).photos.first?.title == "")
    }

    @Test("stat fail with HTTP 200 keeps code and message")
    func statFail() {
        let body = #"{"stat":"fail","code":100,"message":"Invalid API Key (Key has invalid format)"}"#
        #expect(throws: FlickrError.api(code: 100, message: "Invalid API Key (Key has invalid format)")) {
            try FlickrResponseDecoder.page(from: Data(body.utf8))
        }
        let other = #"{"stat":"fail","code":"105","message":"Service currently unavailable"}"#
        #expect(throws: FlickrError.api(code: 105, message: "Service currently unavailable")) {
            try FlickrResponseDecoder.page(from: Data(other.utf8))
        }
    }

    @Test("code 100 says the key was refused and how to pass one")
    func keyRefusedMessage() {
        let refused = FlickrError.api(code: 100, message: "Invalid API Key (Key has invalid format)")
        // The feed says what happened; the command adds how to pass a key.
        #expect(refused.userFacingError.recovery == nil)
        let error = FlickrAdvice.shown(refused, onScreen: true)
        #expect(error.code == "apiKey")
        let line = error.line(in: .english)
        #expect(line.contains("refused") && line.contains("--api-key") && line.contains("FLICKR_API_KEY"))
        #expect(line.contains("--demo"))
        #expect(error.line(in: .russian).contains("--api-key"))
        #expect(FlickrError.api(code: 105, message: "down").userFacingError.code == "api")
    }

    @Test(
        "a body that is not JSON is a clear error",
        arguments: [
            "<html><body>502 Bad Gateway</body></html>", "", "   ", "Service Unavailable",
        ])
    func notJSON(body: String) {
        #expect(throws: FlickrError.self) { try FlickrResponseDecoder.page(from: Data(body.utf8)) }
        do {
            _ = try FlickrResponseDecoder.page(from: Data(body.utf8))
        } catch {
            guard case .notJSON = error else { Issue.record("expected notJSON, got \(error)"); return }
            #expect(error.userFacingError.code == "api")
        }
    }

    @Test("JSONP by mistake names the callback and the missing nojsoncallback")
    func jsonp() {
        let body =
            #"jsonFlickrApi({"photos":{"page":1,"pages":1,"perpage":1,"total":0,"photo":[]},"stat":"ok"})"#
        #expect(throws: FlickrError.jsonp(callback: "jsonFlickrApi")) {
            try FlickrResponseDecoder.page(from: Data(body.utf8))
        }
        let message = FlickrAdvice.shown(.jsonp(callback: "jsonFlickrApi"), onScreen: false).line(in: .english)
        #expect(message.contains("JSONP") && message.contains("nojsoncallback=1"))
    }

    @Test("JSON of the wrong shape is malformed, with where")
    func malformed() {
        #expect(throws: FlickrError.malformed(reason: "no \"photos\" object")) {
            try FlickrResponseDecoder.page(from: Data(#"{"stat":"ok"}"#.utf8))
        }
        let noSecret =
            #"{"stat":"ok","photos":{"page":1,"pages":1,"perpage":1,"total":1,"photo":[{"id":"1","server":"2"}]}}"#
        do {
            _ = try FlickrResponseDecoder.page(from: Data(noSecret.utf8))
            Issue.record("decoded a photo without a secret")
        } catch {
            guard case .malformed(let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.contains("secret"))
        }
        #expect(throws: FlickrError.self) {
            try FlickrResponseDecoder.page(from: Data(#"{"stat":"ok","photos":"#.utf8))
        }
    }
}
