import Foundation

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
    /// responding (no answer within 30 s)". A reason the phrase already says is not said again.
    public func adding(reason: LocalizedText?) -> LocalizedText {
        guard let reason else { return self }
        return LocalizedText(en: Self.compose(english, reason.english) { "\($0) (\($1))" },
                             ru: Self.compose(russian, reason.russian) { "\($0) (\($1))" })
    }

    /// The phrase as a heading for `detail`, after a colon: "Could not save for offline use: the
    /// disk is full". A detail that already starts with the heading stands alone, so a message
    /// composed twice never reads "X: X: …".
    public func followed(by detail: LocalizedText) -> LocalizedText {
        LocalizedText(en: Self.compose(english, detail.english) { "\($0): \($1)" },
                      ru: Self.compose(russian, detail.russian) { "\($0): \($1)" })
    }

    /// The phrase, then `detail` as a sentence of its own ("Message. What to do"), unless the
    /// phrase already says it.
    public func then(_ detail: LocalizedText?) -> LocalizedText {
        guard let detail else { return self }
        return LocalizedText(en: Self.compose(english, detail.english, join: Self.sentences),
                             ru: Self.compose(russian, detail.russian, join: Self.sentences))
    }

    /// Two sentences, the first ended once: a message whose last words came from elsewhere (a
    /// parser's "Invalid value around character 0.") keeps its own stop rather than gaining a second.
    private static func sentences(_ head: String, _ tail: String) -> String {
        guard let last = head.last, ".!?…".contains(last) else { return "\(head). \(tail)" }
        return "\(head) \(tail)"
    }

    /// The one way two clauses are joined: a part that is empty, or that the other already
    /// contains, is dropped rather than said twice.
    private static func compose(_ head: String, _ tail: String, join: (String, String) -> String) -> String {
        let headKey = head.lowercased(), tailKey = tail.lowercased()
        if tailKey.isEmpty || headKey.contains(tailKey) { return head }
        if headKey.isEmpty || tailKey.hasPrefix(headKey) { return tail }
        return join(head, tail)
    }

    /// The clauses of a composed message: the parts between colons, brackets, dashes, full stops
    /// and slashes, trimmed and lower-cased. A message is well composed when none repeats.
    public static func clauses(of text: String) -> [String] {
        var parts = [text]
        for separator in [": ", " (", ")", " — ", ". ", " / ", "; "] {
            parts = parts.flatMap { $0.components(separatedBy: separator) }
        }
        return parts
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters)).lowercased() }
            .filter { !$0.isEmpty }
    }

    /// The first clause `text` says twice, or nil when it says each once.
    package static func repeatedClause(in text: String) -> String? {
        var seen = Set<String>()
        for clause in clauses(of: text) where !seen.insert(clause).inserted { return clause }
        return nil
    }
}
