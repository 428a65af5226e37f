import Foundation

extension NumberingPlan {
    /// Which libphonenumber release the shipped data was generated from, as its `VERSION` file
    /// names it (`libphonenumber f7e3e88 (July 2026)`); what `lookup serve` says in `/healthz` and in
    /// every answer's `X-Numbering-Data`, so a client can tell which data answered.
    package static let bundledVersion: String = {
        guard let file = Bundle.module.url(forResource: "Resources", withExtension: nil)?
            .appendingPathComponent("Numbering/VERSION"),
              let text = try? String(contentsOf: file, encoding: .utf8),
              let line = text.split(separator: "\n").first else { return "unknown" }
        return String(line)
    }()
}
