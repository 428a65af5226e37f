import Foundation
import FuzzEntries
import Testing

/// Every input the fuzzers kept (their minimised corpus, in `Corpus/<target>/`) goes through its parser
/// again on every `swift test`: what once crashed a parser, or reached a new branch of it, keeps doing
/// so without the fuzzer.
@Suite("Fuzz corpus replay")
struct CorpusReplayTests {
    static func corpus(of target: FuzzTarget) throws -> [URL] {
        let folder = try #require(Bundle.module.url(forResource: "Corpus", withExtension: nil))
            .appendingPathComponent(target.rawValue)
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test("every kept fuzz input is parsed or refused without a crash, and the corpus holds both kinds",
          arguments: FuzzTarget.allCases)
    func replay(target: FuzzTarget) throws {
        let files = try Self.corpus(of: target)
        #expect(files.count >= 5, "the corpus of \(target.rawValue) is kept in the repository")
        var accepted = 0
        for file in files where target.run(try Data(contentsOf: file)) {
            accepted += 1
        }
        #expect(accepted > 0, "some input of \(target.rawValue) is accepted: the corpus reaches past the first check")
        #expect(accepted < files.count, "some input of \(target.rawValue) is refused: the corpus holds hostile bytes")
    }
}
