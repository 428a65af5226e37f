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
}
