/// A phrase in every language the workbench speaks.
public struct LocalizedText: Sendable, Hashable, Codable {
    public var english: String
    public var russian: String

    public init(en english: String, ru russian: String) {
        self.english = english
        self.russian = russian
    }

    /// The phrase in `language`.
    public func text(in language: Language) -> String {
        switch language {
        case .english: english
        case .russian: russian
        }
    }

    /// The phrase with the exact cause beside it, in brackets: "Took too long / the server is not
    /// responding (no answer within 30 s)". The one way a seed's words and their reason are joined.
    public func adding(reason: LocalizedText?) -> LocalizedText {
        guard let reason else { return self }
        return LocalizedText(en: "\(english) (\(reason.english))", ru: "\(russian) (\(reason.russian))")
    }
}
