import ErrorReporting
import Foundation
import PhoneLookup

/// Where `lookup serve` takes its numbering data from, at start and at each SIGHUP: `--data-dir`
/// or the shipped data, either checked whole (see `NumberingPlan.load(dataDirectory:)`), with
/// `--prefix-data` over it. The shipped data is checked too since a reload reads it from disk
/// again: a file changed under a running server (an upgrade cut short) is refused, not served.
struct ServedDataLoader: Sendable {
    var dataDirectory: URL?
    var prefixData: URL?
    var language: Language
    var placeLanguage: String?
    /// The shipped data set's folder (tests name a copy of their own).
    var shippedDirectory: URL? = NumberingPlan.bundledDirectory

    /// The data set as log lines name it: the directory, or the shipped data.
    func source(in language: Language) -> String {
        dataDirectory?.path ?? LocalizedText(en: "the shipped data", ru: "поставляемых данных").text(in: language)
    }

    /// The endpoint over freshly loaded data; off the caller's task, since checking a data set
    /// reads every file of it.
    func load() async throws -> LookupEndpoint {
        try await Task.detached(priority: .utility) { try loadNow() }.value
    }

    private func loadNow() throws -> LookupEndpoint {
        var plan: NumberingPlan
        if let directory = dataDirectory ?? shippedDirectory {
            plan = try NumberingPlan.load(dataDirectory: directory)
        } else {
            plan = try NumberingPlan.bundled()
        }
        if let prefixData {
            plan = try NumberingPlan.load(from: prefixData, over: plan)
        }
        let engine = OfflineEngine(plan: plan, names: CountryNames(), placeLanguage: placeLanguage)
        return LookupEndpoint(engine: engine, language: language, otherPaths: [datasetPath, ServeMetrics.path])
    }
}
