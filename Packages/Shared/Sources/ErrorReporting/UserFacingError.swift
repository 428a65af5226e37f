/// An error as a person sees it: what went wrong and, where there is one, what to do about it.
///
/// Every error that can reach a screen or a terminal maps to one of these through
/// ``UserFacingErrorConvertible``. The `code` is a stable machine name (`offline`, `timeout`,
/// `unavailable`...) that plain and JSON output print and that tests compare.
public struct UserFacingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier for scripts and tests, such as `offline` or `timeout`.
    public var code: String
    /// What went wrong.
    public var message: LocalizedText
    /// What the person can do about it, if anything.
    public var recovery: LocalizedText?

    public init(code: String, message: LocalizedText, recovery: LocalizedText? = nil) {
        self.code = code
        self.message = message
        self.recovery = recovery
    }

    /// The message in `language`.
    public func message(in language: Language) -> String { message.text(in: language) }

    /// The recovery hint in `language`, if there is one.
    public func recovery(in language: Language) -> String? { recovery?.text(in: language) }

    /// Message and hint on one line, as a status bar or a terminal prints them.
    public func line(in language: Language) -> String {
        message.then(recovery).text(in: language)
    }

    public var description: String { line(in: .english) }
}

/// An error that knows how to explain itself to a person.
public protocol UserFacingErrorConvertible: Error {
    var userFacingError: UserFacingError { get }
}

extension UserFacingError: UserFacingErrorConvertible {
    public var userFacingError: UserFacingError { self }
}

extension UserFacingError {
    /// Maps any error to what a person should see: its own explanation if it has one, else a generic
    /// message that carries the error's description.
    public static func from(_ error: any Error) -> UserFacingError {
        if let convertible = error as? any UserFacingErrorConvertible {
            return convertible.userFacingError
        }
        let detail = Redactor.redact(String(describing: error))
        return UserFacingError(
            code: "unexpected",
            message: LocalizedText(
                en: "Something went wrong: \(detail)",
                ru: "Что-то пошло не так: \(detail)"
            )
        )
    }
}
