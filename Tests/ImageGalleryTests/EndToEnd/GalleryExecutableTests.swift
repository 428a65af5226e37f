import Foundation
import Testing

extension ServerAndProcessTests {
    @Suite("gallery, the executable, end to end", .serialized)
    struct GalleryExecutableTests {
        @Test("gallery --demo --json loads seven, then a run with the server down loads the seven from disk")
        func demoThenOffline() async throws {
            let port = try await GalleryProcess.freePort()
            let cache = GalleryProcess.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            let common = ["--demo", "--demo-port", "\(port)", "--cache-dir", cache.path, "--json"]

            let first = try await GalleryProcess.run(common)
            #expect(first.status == 0, "stderr: \(first.stderr)")
            #expect(first.lines.count == 8)
            let items = first.lines.dropLast().compactMap(GalleryProcess.object)
            #expect(items.count == 7)
            #expect(Set(items.compactMap { $0["index"] as? Int }) == Set(1...7))
            #expect(items.allSatisfy { $0["state"] as? String == "loaded" && $0["source"] as? String == "network" })
            #expect(items.prefix(6).allSatisfy { $0["width"] as? Int == 1200 && $0["height"] as? Int == 900 } && items.last?["width"] as? Int == 4000)
            // Keys in the documented order.
            #expect(first.lines[0].hasPrefix(#"{"event":"item","index":"#))
            #expect(first.lines[0].contains(#","state":"loaded","source":"network","width":1200,"height":900,"bytes":"#))
            #expect(first.lines[7] == #"{"event":"summary","loaded":7,"failed":0,"offline":false}"#)

            let second = try await GalleryProcess.run(common + ["--demo-faults", "all=down"])
            #expect(second.status == 0, "stderr: \(second.stderr)")
            let cached = second.lines.dropLast().compactMap(GalleryProcess.object)
            #expect(cached.count == 7)
            #expect(cached.allSatisfy { $0["source"] as? String == "disk" })
            #expect(second.lines.last == #"{"event":"summary","loaded":7,"failed":0,"offline":false}"#)
        }

        @Test("scripted faults: each failing cell says why, and the exit status is 2")
        func faults() async throws {
            let port = try await GalleryProcess.freePort()
            let cache = GalleryProcess.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            let result = try await GalleryProcess.run([
                "--demo", "--demo-port", "\(port)", "--cache-dir", cache.path, "--json", "--timeout", "1",
                "--demo-faults", "2=404,4=slow,5=drop,6=notimage",
            ])
            #expect(result.status == 2)
            let items = result.lines.dropLast().compactMap(GalleryProcess.object)
            let errors = Dictionary(uniqueKeysWithValues: items.compactMap { item -> (Int, String)? in
                guard let index = item["index"] as? Int, let error = item["error"] as? String else { return nil }
                return (index, error)
            })
            #expect(errors == [2: "http", 4: "timeout", 5: "dropped", 6: "invalidImage"])
            let timeout = items.first { $0["index"] as? Int == 4 }
            #expect(timeout?["reason"] as? String == "Took too long / the server is not responding")
            #expect(result.lines.last == #"{"event":"summary","loaded":3,"failed":4,"offline":false}"#)
        }

        @Test("with no server and no cache every cell says the connection was refused, in Russian too, not offline")
        func offlineWithoutCache() async throws {
            let port = try await GalleryProcess.freePort()
            let cache = GalleryProcess.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            let result = try await GalleryProcess.run([
                "--demo", "--demo-port", "\(port)", "--cache-dir", cache.path, "--json", "--demo-faults", "all=down",
                "--lang", "ru",
            ])
            // Nothing loaded, and a refusal may pass once the server is back: EX_TEMPFAIL.
            #expect(result.status == 75)
            // The network carried the refusal: the server is missing, the internet is not.
            #expect(result.lines.last == #"{"event":"summary","loaded":0,"failed":7,"offline":false}"#)
            #expect(result.stdout.contains(#""error":"refused","reason":"Не удалось подключиться к 127.0.0.1""#),
                    "\(result.stdout)")
        }

        @Test("with no network (all=offline) and no cache every cell says so and the summary is offline")
        func networkDownWithoutCache() async throws {
            let cache = GalleryProcess.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            let result = try await GalleryProcess.run([
                "--demo", "--cache-dir", cache.path, "--json", "--demo-faults", "all=offline",
            ])
            #expect(result.status == 75)
            // The demo's seven: the task's six and the large picture for the full view.
            #expect(result.lines.last == #"{"event":"summary","loaded":0,"failed":7,"offline":true}"#)
            let items = result.lines.dropLast().compactMap(GalleryProcess.object)
            #expect(items.count == 7 && items.allSatisfy {
                $0["error"] as? String == "offline" && $0["reason"] as? String == "No internet connection"
            }, "\(result.stdout)")
        }

        @Test("an offline cache that cannot be created is reported, and the pictures still load")
        func unusableCacheDirectory() async throws {
            let port = try await GalleryProcess.freePort()
            // Nothing can be created under /proc, not even by root.
            let result = try await GalleryProcess.run(["--demo", "--demo-port", "\(port)", "--cache-dir", "/proc/gallery-cache", "--json"])
            #expect(result.status == 0)
            #expect(result.lines.last == #"{"event":"summary","loaded":7,"failed":0,"offline":false}"#)
            #expect(result.stderr.hasPrefix("gallery: "), "stderr: \(result.stderr)")
        }

        @Test("piped output without --json prints one plain line per picture and a summary")
        func plainWhenPiped() async throws {
            let port = try await GalleryProcess.freePort()
            let cache = GalleryProcess.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            let result = try await GalleryProcess.run(["--demo", "--demo-port", "\(port)", "--cache-dir", cache.path])
            #expect(result.status == 0)
            #expect(result.lines.count == 8)
            #expect(result.lines.dropLast().allSatisfy { $0.contains(" loaded  http://127.0.0.1:\(port)/img/") })
            #expect(result.lines.last == "7 loaded, 0 failed")
        }

        @Test("usage errors are refused at start with a clear message and exit status 64", arguments: [
            (["--url", "not a url"], "invalid URL"), (["--url", "ftp://example.com/a.jpg"], "only http and https"),
            (["--memory-limit", "lots"], "--memory-limit"), (["--demo-faults", "2=404"], "needs --demo"),
            (["--demo", "--demo-faults", "9=404"], "cell number"), (["--lang", "fr"], "--lang"),
            (["--timeout", "0"], "--timeout"), (["--timeout", "1e308"], "--timeout"), (["--timeout", "inf"], "--timeout"),
            (["--max-concurrent", "1000000000"], "--max-concurrent"), (["--memory-limit", "2000GB"], "--memory-limit"),
            (["--demo-port", "99999"], "--demo-port"),
        ])
        func usageErrors(arguments: [String], message: String) async throws {
            let result = try await GalleryProcess.run(arguments)
            #expect(result.status == 64)
            #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
        }

        @Test("a --urls-file is read with comments, and a bad line exits 65 (bad data), naming its line")
        func urlsFile() async throws {
            let directory = GalleryProcess.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("urls.txt")
            try "# pictures\nhttp://127.0.0.1:1/a.jpg\n\nnot-a-url  # broken\n".write(to: file, atomically: true, encoding: .utf8)
            let result = try await GalleryProcess.run(["--urls-file", file.path, "--json"])
            #expect(result.status == 65)
            #expect(result.stderr == "gallery: --urls-file '\(file.path)': line 4: invalid URL 'not-a-url': not a URL\n",
                    "\(result.stderr)")
        }

        @Test("a missing --urls-file exits 66 (no input), as lookup scan does for a missing file")
        func missingURLsFile() async throws {
            let result = try await GalleryProcess.run(["--urls-file", "/nonexistent/urls.txt", "--plain"])
            #expect(result.status == 66)
            #expect(result.stderr == "gallery: cannot read --urls-file '/nonexistent/urls.txt': there is no such file\n",
                    "stderr: \(result.stderr)")
        }

        @Test("a --urls-file that is a pipe is read once, and its URLs are the ones loaded")
        func urlsFromPipe() async throws {
            let port = try await GalleryProcess.freePort()
            let directory = GalleryProcess.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let fifo = directory.appendingPathComponent("urls").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let url = "http://127.0.0.1:\(port)/only.jpg"
            Thread.detachNewThread {
                // Blocks until gallery opens the pipe; a second reader would find it empty.
                let writer = open(fifo, O_WRONLY)
                let bytes = Array("# one picture\n\(url)\n".utf8)
                _ = bytes.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
                close(writer)
            }
            let result = try await GalleryProcess.run([
                "--urls-file", fifo, "--json", "--cache-dir", directory.appendingPathComponent("cache").path,
            ])
            #expect(result.status == 75, "nobody listens on the port, so the one picture fails, for now: \(result.stderr)")
            let items = result.lines.dropLast().compactMap(GalleryProcess.object)
            #expect(items.count == 1)
            #expect(items.first?["url"] as? String == url)
        }
    }
}
