import Foundation
import Testing
import PhoneLookup

/// Test data shared by the suites: read-only, so sharing it across parallel tests is safe.
enum Fixtures {
    /// The real dataset, copied from the task's repository.
    static let countriesData: Data = {
        let url = Bundle.module.url(forResource: "countries", withExtension: "json", subdirectory: "Fixtures")!
        return try! Data(contentsOf: url)
    }()

    static let dataset: CountryDataset = try! CountryDataset.parse(countriesData)
    static let catalog = CountryCatalog(dataset)
    static let plan: NumberingPlan = try! NumberingPlan.bundled()
    static let parser = PhoneNumberParser(plan: plan)
    static let engine = OfflineEngine(plan: plan, names: CountryNames(catalog: catalog))

    static func country(_ iso: String) -> Country { catalog.country(isoCode: iso)! }

    static func number(_ text: String, _ iso: String? = nil) throws -> PhoneNumber {
        try parser.parse(text, country: iso.map(country))
    }
}
