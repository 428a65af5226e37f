import ErrorReporting
import Foundation
import Testing
@testable import Imaging

/// The codec libraries are opened at the first picture that needs them (issue 35); one that is
/// missing is a typed error that names the package to install.
@Suite("Codec libraries: opened when needed, named when missing")
struct CodecLibraryTests {
    /// The shared objects this process has mapped, by file name.
    static func mappedLibraries() throws -> Set<String> {
        // Read to the end: /proc files say they are empty, and a read by their size stops at a page.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/self/maps"))
        defer { try? file.close() }
        let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        return Set(maps.split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).last.flatMap { $0.split(separator: "/").last }
                .map(String.init)
        })
    }

    @Test("decoding an AVIF leaves libavif mapped in the process")
    func avifDecodeMapsLibavif() throws {
        let avif = try ImageEncoder.avif(Bitmap(width: 32, height: 24, filledWith: RGBA(r: 10, g: 200, b: 90)))
        let bitmap = try ImageDecoder.decode(avif)
        #expect(bitmap.size == PixelSize(width: 32, height: 24))
        let mapped = try Self.mappedLibraries()
        #expect(mapped.contains { $0.hasPrefix("libavif.so.15") }, "\(mapped.sorted())")
    }

    @Test("every library opens on this machine, by the soname its Debian package installs",
          arguments: CodecLibrary.allCases)
    func opens(_ library: CodecLibrary) throws {
        try library.load()
        let mapped = try Self.mappedLibraries()
        for soname in library.sonames {
            #expect(mapped.contains { $0.hasPrefix(soname) }, "\(soname) after \(library)")
        }
    }

    @Test("a missing library says which package gives it, in English and Russian")
    func missingLibraryMessage() {
        let error = ImagingError.libraryMissing(.avif, reason: "libavif.so.15: cannot open shared object file")
        #expect(error.description.hasPrefix("AVIF support needs libavif15: apt-get install libavif15 ("))
        let facing = error.userFacingError
        #expect(facing.message(in: .english) == "AVIF support needs libavif15")
        #expect(facing.message(in: .russian) == "Для поддержки AVIF нужен пакет libavif15")
        // The library says what happened and names the package; what to do is the command's to say.
        #expect(facing.recovery == nil)

        let webp = ImagingError.libraryMissing(.webp, reason: "-").userFacingError
        #expect(webp.message(in: .english) == "WebP support needs libwebp7 and libwebpdemux2")
        #expect(webp.message(in: .russian) == "Для поддержки WebP нужны пакеты libwebp7 и libwebpdemux2")
    }
}
