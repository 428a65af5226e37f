import ErrorReporting
import Foundation

/// The server side of the lookup contract, answered by the offline engine: what `lookup serve`
/// and `--demo` put behind `GET /v1/lookup`.
///
/// Free of any HTTP server, so the contract can be tested without one.
package struct LookupEndpoint: Sendable {
    /// The route the contract names.
    package static let path = "/v1/lookup"

    package let engine: OfflineEngine
    package let parser: PhoneNumberParser
    package let language: Language

    package init(engine: OfflineEngine, language: Language) {
        self.engine = engine
        parser = PhoneNumberParser(plan: engine.plan)
        self.language = language
    }

    /// The status and JSON body for the `number` query value (`+79994673756`; a `lang` of `ru`
    /// or `en` picks the language of the result lines).
    package func respond(number: String?, lang: String? = nil) -> (status: Int, body: Data) {
        let language = lang.flatMap(Language.init(code:)) ?? self.language
        guard let number, !number.isEmpty else {
            return refusal(InvalidNumber.empty.text.text(in: language) + " (query parameter \"number\")")
        }
        let input = number.hasPrefix("+") ? number : "+" + number.trimmingCharacters(in: .whitespaces)
        do {
            let parsed = try parser.parse(input, country: nil)
            let answer = LookupAnswer(number: parsed.e164, results: engine.results(for: parsed, language: language))
            return (200, Self.encode(answer))
        } catch {
            return refusal(error.text.text(in: language))
        }
    }

    private func refusal(_ message: String) -> (status: Int, body: Data) {
        (400, Self.encode(LookupRefusal(code: "invalidNumber", message: message)))
    }

    private static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }
}

/// Data shipped for `--demo` and `lookup serve`: a copy of the task's country dataset.
package enum DemoData {
    /// The dataset as the task's remote file has it (including its `"+ 345"`).
    package static func countriesJSON() throws -> Data {
        guard let url = Bundle.module.url(forResource: "Resources/demo/countries", withExtension: "json")
            ?? Bundle.module.url(forResource: "countries", withExtension: "json", subdirectory: "Resources/demo") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try Data(contentsOf: url)
    }
}
