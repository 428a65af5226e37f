import DemoServer
import Foundation
import Imaging
import TestSupport
import Testing

/// The image codecs are opened at the first picture that needs them, never at start (issue 35):
/// checked by the dynamic loader's own account (`LD_DEBUG=files`) of what a real run maps.
@Suite("Codec libraries are mapped only when a picture needs them", .serialized)
struct CodecLoadingTests {
    /// The image libraries and the codecs they bring, by the start of their sonames.
    static let imageLibraries = [
        "libjpeg", "libpng", "libwebp", "libgif", "libavif", "libheif", "libexif", "liblcms2",
        "libdav1d", "libaom", "libgav1", "librav1e", "libSvtAv1", "libyuv", "libde265", "libx265",
    ]

    /// What the dynamic loader mapped in a run: at start (before it hands control to the program)
    /// or later (through `dlopen`, with what the opened library needs).
    struct Mapped {
        var atStart: Set<String> = []
        var later: Set<String> = []

        var imageLibraries: Set<String> { (atStart.union(later)).filter(CodecLoadingTests.isImageLibrary) }
        var imageLibrariesAtStart: Set<String> { atStart.filter(CodecLoadingTests.isImageLibrary) }
    }

    static func isImageLibrary(_ soname: String) -> Bool {
        imageLibraries.contains { soname.hasPrefix($0) }
    }

    /// Reads glibc's `file=libx.so.1 [0];  needed by ...` lines, split at its `transferring control`.
    static func mapped(fromLoaderLog log: String) -> Mapped {
        var mapped = Mapped()
        var started = false
        for line in log.split(separator: "\n") {
            if line.contains("transferring control:") { started = true }
            guard let start = line.range(of: "file=") else { continue }
            guard let name = line[start.upperBound...].split(separator: " ").first.map(String.init) else { continue }
            if started { mapped.later.insert(name) } else { mapped.atStart.insert(name) }
        }
        return mapped
    }

    /// Runs a built command with the loader's log on its standard error.
    static func run(
        _ tool: String, _ arguments: [String], environment extra: [String: String] = [:]
    ) async throws -> (result: ProcessResult, mapped: Mapped) {
        let path = try #require(builtExecutable(tool), "\(tool) is built next to the tests")
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "en_US.UTF-8"
        environment["LC_ALL"] = nil
        environment["LD_DEBUG"] = "files"
        environment.merge(extra) { _, new in new }
        let result = try await Subprocess.run(path, arguments, environment: environment, timeout: .seconds(60))
        return (result, mapped(fromLoaderLog: result.errorOutput))
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("codec-loading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `body` against a server with a JPEG and an AVIF, given their URLs; the server stops
    /// when `body` ends, however it ends.
    static func withPictureServer(_ body: (_ jpeg: URL, _ avif: URL) async throws -> Void) async throws {
        var bitmap = Bitmap(width: 96, height: 64, filledWith: RGBA(r: 200, g: 60, b: 50))
        bitmap.fill(x: 10, y: 10, width: 30, height: 20, color: RGBA(r: 20, g: 20, b: 20))
        let server = DemoServer()
        server.route("/a.jpg", .bytes(try ImageEncoder.jpeg(bitmap, quality: 85), contentType: "image/jpeg"))
        server.route("/b.avif", .bytes(try ImageEncoder.avif(bitmap), contentType: "image/avif"))
        try await server.run { base in
            try await body(base.appendingPathComponent("a.jpg"), base.appendingPathComponent("b.avif"))
        }
    }

    /// `gallery --urls-file --json` over `urls`, with a cache of its own.
    static func gallery(_ urls: [URL], in directory: URL, environment: [String: String] = [:])
        async throws -> (result: ProcessResult, mapped: Mapped) {
        let list = directory.appendingPathComponent("urls-\(UUID().uuidString).txt")
        try Data(urls.map { $0.absoluteString + "\n" }.joined().utf8).write(to: list)
        let cache = directory.appendingPathComponent("cache-\(UUID().uuidString)")
        return try await run("gallery", ["--urls-file", list.path, "--json", "--cache-dir", cache.path],
                             environment: environment)
    }

    @Test("lookup --help and an offline lookup map no image library at all")
    func lookupMapsNoImageLibrary() async throws {
        for arguments in [["--help"], ["search", "--lang", "en", "+79994673756"], ["search", "--country", "RU", "112"]] {
            let (result, mapped) = try await Self.run("lookup", arguments)
            #expect(result.status == 0, "lookup \(arguments): \(result.output)")
            #expect(!mapped.atStart.isEmpty, "the loader's log was read: \(result.errorOutput.prefix(300))")
            #expect(mapped.imageLibraries.isEmpty, "lookup \(arguments) mapped \(mapped.imageLibraries.sorted())")
        }
    }

    @Test("no command maps an image library at start: each is opened by the picture that needs it")
    func nothingAtStart() async throws {
        for tool in ["gallery", "lookup", "flickr"] {
            let (result, mapped) = try await Self.run(tool, ["--help"])
            #expect(result.status == 0, "\(tool) --help: \(result.output)")
            #expect(mapped.imageLibrariesAtStart.isEmpty, "\(tool) maps \(mapped.imageLibrariesAtStart.sorted()) at start")
        }
    }

    @Test("gallery maps libjpeg for JPEGs and libavif only once it meets an AVIF")
    func galleryMapsAVIFOnlyForAnAVIF() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await Self.withPictureServer { jpeg, avif in
            let jpegs = try await Self.gallery([jpeg], in: directory)
            #expect(jpegs.result.status == 0, "\(jpegs.result.output)")
            #expect(jpegs.mapped.later.contains(Soname.jpeg), "libjpeg opened for the JPEG: \(jpegs.mapped.later.sorted())")
            #expect(!jpegs.mapped.imageLibraries.contains { $0.hasPrefix("libavif") || $0.hasPrefix("libdav1d") },
                    "\(jpegs.mapped.imageLibraries.sorted())")
            #expect(jpegs.mapped.imageLibrariesAtStart.isEmpty, "\(jpegs.mapped.imageLibrariesAtStart.sorted())")

            let both = try await Self.gallery([jpeg, avif], in: directory)
            #expect(both.result.status == 0, "\(both.result.output)")
            #expect(both.result.output.split(separator: "\n").filter { $0.contains("\"state\":\"loaded\"") }.count == 2,
                    "\(both.result.output)")
            #expect(both.mapped.later.contains(Soname.avif), "libavif opened for the AVIF: \(both.mapped.later.sorted())")
            #expect(both.mapped.imageLibrariesAtStart.isEmpty, "\(both.mapped.imageLibrariesAtStart.sorted())")
        }
    }

    @Test("a libavif that cannot be used fails the AVIF with the package to install, and the JPEG still shows")
    func missingLibraryIsATypedError() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A real shared object under libavif's name, without a single libavif function: what an
        // old or broken libavif looks like to the loader (a missing one cannot be faked here).
        let fakes = directory.appendingPathComponent("fake-libs")
        try FileManager.default.createDirectory(at: fakes, withIntermediateDirectories: true)
        let multiarch = try #require(try FileManager.default.contentsOfDirectory(atPath: "/usr/lib")
            .first { $0.hasSuffix("-linux-gnu") && FileManager.default.fileExists(atPath: "/usr/lib/\($0)/libgif.so.7") })
        let giflib = URL(fileURLWithPath: "/usr/lib/\(multiarch)/libgif.so.7").resolvingSymlinksInPath()
        try FileManager.default.copyItem(at: giflib, to: fakes.appendingPathComponent(Soname.avif))
        try await Self.withPictureServer { jpeg, avif in
            let run = try await Self.gallery([jpeg, avif], in: directory, environment: ["LD_LIBRARY_PATH": fakes.path])
            let lines = run.result.output.split(separator: "\n")
            #expect(run.result.status < 128, "no crash: \(run.result.status) \(run.result.errorOutput.suffix(500))")
            #expect(lines.contains { $0.contains(jpeg.lastPathComponent) && $0.contains("\"state\":\"loaded\"") },
                    "\(run.result.output)")
            let failure = try #require(lines.first { $0.contains(avif.lastPathComponent) && $0.contains("\"state\":\"failed\"") },
                                       "\(run.result.output)")
            #expect(failure.contains("AVIF support needs libavif15"), "\(failure)")
        }
    }

    @Test("flickr's demo, thumbnails drawn in a terminal, maps only what JPEGs need")
    func flickrMapsOnlyJPEG() async throws {
        let path = try #require(builtExecutable("flickr"), "flickr is built next to the tests")
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("loader")
        let tmux = try await TmuxSession(columns: 100, rows: 40)
        defer { tmux.stop() }
        try await tmux.start(
            [path, "--demo", "--lang", "en", "--demo-upload-interval", "0", "--graphics", "blocks",
             "--cache-dir", directory.appendingPathComponent("cache").path],
            environment: ["TERM": "xterm-256color", "LD_DEBUG": "files", "LD_DEBUG_OUTPUT": log.path])
        let pid = try await tmux.programPID()
        // Thumbnails drawn as half blocks: JPEGs were decoded.
        try await tmux.waitFor("thumbnails") { $0.contains("page 1/25") && ($0.contains("▀") || $0.contains("▄")) }
        try await tmux.send("q")
        try await tmux.expectRestored()
        let text = try String(contentsOf: URL(fileURLWithPath: "\(log.path).\(pid)"), encoding: .utf8)
        let mapped = Self.mapped(fromLoaderLog: text)
        #expect(mapped.imageLibrariesAtStart.isEmpty, "\(mapped.imageLibrariesAtStart.sorted())")
        #expect(mapped.imageLibraries.subtracting([Soname.jpeg, CodecLibrary.exif.sonames[0]]).isEmpty,
                "flickr mapped \(mapped.imageLibraries.sorted())")
        #expect(mapped.later.contains(Soname.jpeg), "\(mapped.later.sorted())")
    }
}

/// The sonames the codec shims open, as CodecLibrary names them.
private enum Soname {
    static let jpeg = CodecLibrary.jpeg.sonames[0]
    static let avif = CodecLibrary.avif.sonames[0]
}
