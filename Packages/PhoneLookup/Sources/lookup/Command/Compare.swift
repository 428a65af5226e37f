import ArgumentParser
import CommandOptions
import CommandOutput
import ErrorReporting
import Foundation
import PhoneLookup

/// `lookup compare A B [--json]`: whether two texts are the same number, as libphonenumber's `isNumberMatch`.
struct Compare: LookupSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Say whether two texts are the same phone number (libphonenumber's isNumberMatch).",
        discussion: """
            Answers exact, nationalNumber (one is written without a country code), shortNationalNumber \
            (one national number ends the other, or only one has an extension) or none. \
            Exit status: 0 answered, 65 a text is no phone number, 64 usage.
            """)

    @ParentCommand var parent: LookupCommand
    @OptionGroup var ownShared: SharedOptions
    @OptionGroup var ownLookup: LookupOptions

    @Flag(help: "Print {\"match\": \"exact\"|\"nationalNumber\"|\"shortNationalNumber\"|\"none\"} as JSON.")
    var json = false

    @Argument(help: "The first number, as written.")
    var first: String

    @Argument(help: "The second number, as written.")
    var second: String

    func run() async throws {
        try await withServices { services in
            let language = services.language
            guard let match = PhoneNumberParser(plan: services.plan).match(first, second) else {
                let error = UserFacingError(code: "notANumber", message: LocalizedText(
                    en: "\"\(first)\" and \"\(second)\" cannot both be read as phone numbers",
                    ru: "«\(first)» и «\(second)» нельзя прочитать как два номера телефона"))
                report(error, json: json, in: language)
                throw ExitCode(65)
            }
            print(json ? JSONLine.object([("match", .string(match.rawValue))]) : match.text.text(in: language))
        }
    }
}
