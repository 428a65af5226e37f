import DemoServer
import ImageGallery
@testable import gallery
import Foundation
import Imaging
import TestSupport
import Testing

extension ServerAndProcessTests {
    @Suite("gallery at 80x24 and its output, as a new user meets them", .serialized)
    struct ScreensEndToEndTests {
        @Test("plain output lists the pictures in the order of the list, a slow one holding back those after it")
        func plainInListOrder() async throws {
            let port = try await GalleryProcess.freePort()
            let cache = GalleryProcess.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            let result = try await GalleryProcess.run([
                "--demo", "--demo-port", "\(port)", "--cache-dir", cache.path, "--json", "--timeout", "1",
                "--demo-faults", "2=slow",
            ])
            let items = result.lines.dropLast().compactMap(GalleryProcess.object)
            #expect(items.compactMap { $0["index"] as? Int } == [1, 2, 3, 4, 5, 6, 7])
        }

        @Test("a busy demo port: the gallery takes a free one and says which, with no internal names and no usage")
        func busyPort() async throws {
            let squatter = DemoServer(port: 0)
            try await squatter.run { base in
                let busy = try #require(base.port)
                let cache = GalleryProcess.temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: cache) }
                let result = try await GalleryProcess.run(["--demo", "--demo-port", "\(busy)", "--cache-dir", cache.path, "--json"])
                #expect(result.status == 0, "stderr: \(result.stderr)")
                #expect(result.stderr.contains("port \(busy) is busy, so the demo server took 127.0.0.1:"))
                #expect(!result.stderr.contains("bind(") && !result.stderr.contains("Usage") && !result.stderr.contains("errno"))
                #expect(result.lines.last == #"{"event":"summary","loaded":7,"failed":0,"offline":false}"#)
            }
        }

        @Test("at 80x24: f shows a whole picture, a failed cell says why, ? shows the keys, q restores the terminal")
        func smallTerminal() async throws {
            let port = try await GalleryProcess.freePort()
            let cache = GalleryProcess.temporaryDirectory()
            let tmux = try await TmuxSession(columns: 80, rows: 24)
            defer {
                tmux.stop()
                try? FileManager.default.removeItem(at: cache)
            }
            try await tmux.start([GalleryProcess.executable, "--demo", "--demo-port", "\(port)", "--cache-dir", cache.path,
                                  "--lang", "en", "--demo-faults", "1=notimage"])
            try await tmux.waitFor("cell 1 failed") { $0.contains("Image at this URL is") && $0.contains("not an image") }
            try await tmux.send("Enter")
            try await tmux.waitFor("why it cannot be removed") { $0.contains("Failed") }
            try await tmux.send("f")
            let fitted = try await tmux.waitFor("a whole cell on screen") { screen in
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return lines.count > 3 && lines[2].contains("━ 1 ━") && lines.dropFirst(3).contains { $0.contains("┗") }
            }
            #expect(fitted.contains("not an image"), "the failed cell still says why: \(fitted)")
            try await tmux.send("?")
            try await tmux.waitFor("the help") { $0.contains("any key closes") && $0.contains("pull down to refresh") }
            try await tmux.send("x")
            try await tmux.waitFor("the help closed") { !$0.contains("any key closes") }
            try await tmux.send("q")
            try await tmux.expectRestored()
        }

        @Test("at 80x24 with no network (all=offline), the offline banner shows at once over the cached pictures")
        func offlineBannerAtOnce() async throws {
            let port = try await GalleryProcess.freePort()
            let cache = GalleryProcess.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            let first = try await GalleryProcess.run(["--demo", "--demo-port", "\(port)", "--cache-dir", cache.path, "--json"])
            #expect(first.status == 0)
            let tmux = try await TmuxSession(columns: 80, rows: 24)
            defer { tmux.stop() }
            try await tmux.start([GalleryProcess.executable, "--demo", "--demo-port", "\(port)", "--cache-dir", cache.path,
                                  "--lang", "en", "--demo-faults", "all=offline"])
            let screen = try await tmux.waitFor("the banner, with no key pressed", seconds: 5) { screen in
                screen.contains("No internet connection") && screen.contains("▀▀▀▀")
            }
            #expect(screen.contains("loaded "))
            try await tmux.send("q")
            try await tmux.expectRestored()
        }
    }
}

@Suite("The first frame before the demo server")
struct DemoStartingLoaderTests {
    @Test("a load waits for the demo server and goes to the address it really took")
    func waitsAndRebases() async throws {
        let inner = MockImageLoader()
        let expected = URL(string: "http://127.0.0.1:8089")!
        let actual = URL(string: "http://127.0.0.1:41234")!
        let (ready, signal) = AsyncStream.makeStream(of: URL.self)
        let base = Task { () throws -> URL in
            for await url in ready { return url }
            throw CancellationError()
        }
        let loader = DemoStartingLoader(inner: inner, expectedBase: expected, base: base)
        inner.answerImmediately(URL(string: "http://127.0.0.1:41234/img/1.jpg")!, with: .success(Fixture.picture()))
        async let picture = loader.load(URL(string: "http://127.0.0.1:8089/img/1.jpg")!, targetSize: PixelSize(width: 4, height: 4))
        // Nothing reaches the loader before the server listens.
        #expect(inner.requestedURLs.isEmpty)
        signal.yield(actual)
        _ = try await picture
        #expect(inner.requestedURLs == [URL(string: "http://127.0.0.1:41234/img/1.jpg")!])
        #expect(DemoStartingLoader.rebase(URL(string: "http://x.test/a.jpg")!, from: expected, to: actual)
                == URL(string: "http://x.test/a.jpg")!)
    }
}
