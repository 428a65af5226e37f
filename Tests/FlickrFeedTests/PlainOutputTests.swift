import ErrorReporting
import Foundation
import Testing
import FlickrFeed
@testable import flickr

@Suite("Plain and JSON output say what a stopped command can")
struct PlainOutputTests {
    private let urls = FlickrImageURLs(imageBase: URL(string: "http://127.0.0.1:9")!)

    /// The error a one-page run reports when every fetch fails with `error`.
    private func reported(_ error: FlickrError) async -> UserFacingError? {
        var reported: FlickrError?
        _ = await FeedPager.run(pages: 1, api: MockAPI(fallback: { _ in .failure(error) }), store: nil) { event in
            if case .error(let problem) = event { reported = problem }
        }
        // As the command prints it: the feed says what happened, the command what to do.
        return reported.map { FlickrAdvice.shown($0, onScreen: false) }
    }

    @Test("a network failure in plain output says to run the command again, not that loading resumes")
    func networkHint() async {
        let line = await reported(Fixtures.offline)?.line(in: .english)
        #expect(line == "No internet connection. Run the command again once the connection works")
        #expect(await reported(Fixtures.timeout)?.line(in: .russian).contains("потяните") == false)
        #expect(await reported(Fixtures.keyRefused)?.recovery == FlickrAdvice.howToPassKey)
    }

    @Test("a page that could not be kept is a JSON warning event; plain output leaves it to standard error")
    func notSavedWarning() throws {
        let warning = FeedStorageFailure.firstPage(.diskFull(path: "/cache/first-page.sqlite"))
        let json = PagerFormatter(style: .json, imageURLs: urls).lines(for: .notSaved(warning))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json[0].utf8)) as? [String: String])
        #expect(object["event"] == "warning" && object["warning"] == "diskFull")
        // What happened from the feed, what to do from the command.
        #expect(object["reason"] == "The first page could not be kept for the next launch: the disk is full. "
                + "Free some disk space, or choose another cache directory with --cache-dir")
        #expect(PagerFormatter(style: .plain, imageURLs: urls).lines(for: .notSaved(warning)).isEmpty)
    }

    @Test("every photo line carries its image address, demo or not; JSON carries the owner's name")
    func demoAndOwner() throws {
        var photo = Fixtures.photo(1)
        photo.ownerName = "Ann"
        let report = PageReport(page: 1, source: .network, photos: [photo], pages: 1, total: 1, dropped: 0)
        let plain = PagerFormatter(style: .plain, imageURLs: urls).lines(for: .page(report))
        #expect(plain[1].hasPrefix("50001\tPhoto 1\tAnn\thttp://127.0.0.1:9/"))
        let real = PagerFormatter(style: .json, imageURLs: urls).lines(for: .page(report))
        #expect(real[1].contains(#""ownerName":"Ann","image":"http://127.0.0.1:9/"#))
    }
}
