import Foundation
import Testing
import PhoneLookup

/// Dialling formats and time zones against libphonenumber's.
///
/// `Fixtures/formats.tsv` is written by `Packages/PhoneLookup/Tools/agreement-fixtures.py`: every
/// region's example number of every type with what the `phonenumbers` Python port writes for it
/// (RFC 3966, national, international, out of country from eight regions, from a mobile in its
/// own region and in the US) and the time zones it gives, from `phonenumbers`' code with its data
/// rebuilt from the libphonenumber commit ours is compiled from (`--phonenumbers-tools`).
@Suite("Dialling formats and time zones agree with libphonenumber")
struct FormatAgreementTests {
    static let regionsCalling = ["US", "RU", "GB", "DE", "KZ", "AU", "CN", "SG"]
    static let rows = FixtureTable.rows("formats")
    static let knownDifferences = FixtureTable.differences("formats")

    /// Ours and libphonenumber's answer for every number under one column name. `share` is the
    /// raw agreement: every differing number counts, listed or not (the fixture's answers come
    /// from `phonenumbers` with its data rebuilt from the same libphonenumber commit as ours, so
    /// no difference is a matter of data versions). `stale` are listed differences that agree now.
    static func compare(_ column: String, ours: (NumberFacts, [String]) -> String, theirs: ([String]) -> String)
        -> (share: Double, unlisted: [String], stale: [String]) {
        var differing = 0
        var unlisted: [String] = []
        var stale: [String] = []
        for row in rows {
            guard let number = try? Fixtures.parser.read(row[0], region: nil) else { continue }
            let facts = Fixtures.engine.facts(for: number)
            let (mine, expected) = (ours(facts, row), theirs(row))
            let listed = knownDifferences["\(row[0])\t\(column)"] != nil
            guard mine != expected else {
                if listed { stale.append("\(row[0]) \(column)") }
                continue
            }
            differing += 1
            if !listed { unlisted.append("\(row[0]) \(column): ours \"\(mine)\", libphonenumber \"\(expected)\"") }
        }
        return (1 - Double(differing) / Double(max(rows.count, 1)), unlisted, stale)
    }

    @Test("the fixture holds every region's example numbers")
    func coverage() {
        #expect(Self.rows.count > 1_000)
        #expect(Self.rows.allSatisfy { $0.count == 17 })
    }

    @Test("RFC 3966 agrees on at least 99.5% of the numbers; each difference is listed")
    func rfc3966() {
        let result = Self.compare("rfc3966", ours: { facts, _ in Fixtures.engine.rfc3966(facts) }, theirs: { $0[1] })
        #expect(result.unlisted.isEmpty, "\(result.unlisted.prefix(30).joined(separator: "\n"))")
        #expect(result.stale.isEmpty, "listed but agreeing: \(result.stale)")
        #expect(result.share >= 0.995, "raw agreement \(result.share)")
    }

    @Test("dialling from another country agrees on at least 99.5% of the numbers from each of eight regions",
          arguments: Array(regionsCalling.enumerated()))
    func outOfCountry(index: Int, region: String) {
        let result = Self.compare("from\(region)", ours: { facts, _ in Fixtures.engine.dialled(facts, from: region) },
                                  theirs: { $0[4 + index] })
        #expect(result.unlisted.isEmpty, "\(result.unlisted.prefix(30).joined(separator: "\n"))")
        #expect(result.stale.isEmpty, "listed but agreeing: \(result.stale)")
        #expect(result.share >= 0.995, "raw agreement \(result.share)")
    }

    @Test("dialling from a mobile in the number's own region and in the US agrees on at least 99.5%")
    func fromMobile() {
        let own = Self.compare("mobileFromRegion", ours: { facts, row in
            Fixtures.engine.dialledFromMobile(facts, in: row[12]) ?? ""
        }, theirs: { $0[13] })
        let us = Self.compare("mobileFromUS", ours: { facts, _ in Fixtures.engine.dialledFromMobile(facts, in: "US") ?? "" },
                              theirs: { $0[14] })
        #expect((own.unlisted + us.unlisted).isEmpty, "\((own.unlisted + us.unlisted).prefix(30).joined(separator: "\n"))")
        #expect((own.stale + us.stale).isEmpty, "listed but agreeing: \(own.stale + us.stale)")
        #expect(own.share >= 0.995 && us.share >= 0.995, "raw agreement \(own.share), \(us.share)")
    }

    @Test("time-zone sets agree on at least 99.5% of the numbers; an unknown zone is no zone")
    func timeZones() {
        let result = Self.compare("timeZones", ours: { facts, _ in
            Fixtures.engine.details(for: facts).timeZones?.sorted().joined(separator: "&") ?? "Etc/Unknown"
        }, theirs: { $0[15].split(separator: "&").sorted().joined(separator: "&") })
        #expect(result.unlisted.isEmpty, "\(result.unlisted.prefix(30).joined(separator: "\n"))")
        #expect(result.stale.isEmpty, "listed but agreeing: \(result.stale)")
        #expect(result.share >= 0.995, "raw agreement \(result.share)")
    }

    @Test("a Khabarovsk mobile is in one of Russia's zones, never said to be in Moscow's alone")
    func mobileZones() throws {
        let facts = Fixtures.engine.facts(for: try Fixtures.number("+7 914 123-45-67"))
        let zones = try #require(Fixtures.engine.details(for: facts).timeZones)
        #expect(zones.count == 16 && zones.contains("Asia/Vladivostok") && zones.contains("Europe/Moscow"))
        #expect(Fixtures.engine.lines(for: facts, language: .english).contains("Time zone: one of 16 zones"))
        #expect(Fixtures.engine.lines(for: facts, language: .russian).contains("Часовой пояс: один из 16 поясов"))
    }

    @Test("the answer says how to dial: tel: form, from a mobile, from another country")
    func diallingRows() throws {
        let facts = Fixtures.engine.facts(for: try Fixtures.number("+7 495 123-45-67"))
        let lines = Fixtures.engine.lines(for: facts, language: .english)
        #expect(lines.contains("RFC 3966: tel:+7-495-123-45-67"))
        #expect(lines.contains("From a mobile within the country: 8 (495) 123-45-67"))
        #expect(Fixtures.engine.dialled(facts, from: "US") == "011 7 495 123-45-67")
        let details = Fixtures.engine.details(for: facts, from: "US")
        #expect(details.dialFrom == .init(regionCode: "US", number: "011 7 495 123-45-67"))
        #expect(details.lineType == "fixedLine" && details.regionCode == "RU" && details.place == "Moscow")
    }
}
