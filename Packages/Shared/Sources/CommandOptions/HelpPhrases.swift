import ErrorReporting

/// The words every command's help overlay shares: the commands' own, not a library's.
package enum HelpPhrases {
    /// The title of every help overlay.
    package static let keys = LocalizedText(en: "Keys", ru: "Клавиши")
    /// The last line of every help overlay.
    package static let anyKeyCloses = LocalizedText(en: "any key closes", ru: "любая клавиша закроет")
}
