import Foundation
import Testing
import PhoneLookup

/// The engine against libphonenumber's own answers.
///
/// `Fixtures/agreement.tsv` is written by `Packages/PhoneLookup/Tools/generate-numbering.py
/// --fixture`: libphonenumber's example number of every region and line type, one digit too
/// many, one too few and a prefix no range starts with, each in E.164, national and "00" forms,
/// with the answers of the `phonenumbers` Python port (an independent implementation; only the
/// generator needs it, never the tests).
@Suite("Agreement with libphonenumber over its example numbers")
struct AgreementTests {
    struct Case: CustomStringConvertible {
        let input: String, region: String, label: String
        let parse: String, e164: String, expectedRegion: String, type: String, carrier: String
        var description: String { "\(input) [\(region)] \(label)" }
    }

    static let cases: [Case] = {
        let url = Bundle.module.url(forResource: "agreement", withExtension: "tsv", subdirectory: "Fixtures")!
        let text = try! String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Case(input: f[0], region: f[1], label: f[2], parse: f[3], e164: f[4], expectedRegion: f[5],
                        type: f[6], carrier: f.count > 7 ? f[7] : "")
        }
    }()

    /// What our engine says about one case, in the fixture's words.
    static func answer(_ item: Case) -> (parse: String, e164: String, region: String, type: String, carrier: String) {
        guard let number = try? Fixtures.parser.read(item.input, region: item.region) else {
            return ("error", "", "", "", "")
        }
        let facts = Fixtures.engine.facts(for: number)
        return (facts.problem == nil ? "valid" : "invalid", number.e164, facts.problem == nil ? facts.region ?? "" : "",
                facts.lineType?.constantName ?? "UNKNOWN", facts.carrier ?? "")
    }

    @Test("the fixture covers every region's examples in three forms with their variants")
    func coverage() {
        #expect(Self.cases.count > 13_000)
        #expect(Set(Self.cases.map(\.region)).count >= 245)
        #expect(Self.cases.contains { $0.label.hasSuffix("/00") } && Self.cases.contains { $0.label.hasSuffix("/national") })
    }

    @Test("validity, E.164, region and line type agree on at least 99.5% of the cases")
    func validityRegionAndType() {
        var disagreements: [String] = []
        for item in Self.cases {
            let ours = Self.answer(item)
            let agrees = ours.parse == item.parse && (item.parse == "error" || ours.e164 == item.e164)
                && ours.region == item.expectedRegion && ours.type == item.type
            if !agrees {
                disagreements.append("\(item): ours \(ours.parse) \(ours.e164) \(ours.region) \(ours.type), "
                                     + "libphonenumber \(item.parse) \(item.e164) \(item.expectedRegion) \(item.type)")
            }
        }
        let share = 1 - Double(disagreements.count) / Double(Self.cases.count)
        #expect(share >= 0.995, "agreement \(share): \(disagreements.prefix(40).joined(separator: "\n"))")
    }

    @Test("the carrier agrees on at least 99% of the numbers libphonenumber names one for")
    func carriers() {
        let named = Self.cases.filter { !$0.carrier.isEmpty }
        let agreeing = named.filter { Self.answer($0).carrier == $0.carrier }
        #expect(named.count > 500)
        let share = Double(agreeing.count) / Double(max(named.count, 1))
        let misses = named.filter { Self.answer($0).carrier != $0.carrier }.prefix(20)
            .map { "\($0): ours \(Self.answer($0).carrier), libphonenumber \($0.carrier)" }
        #expect(share >= 0.99, "carrier agreement \(share): \(misses.joined(separator: "\n"))")
    }
}
