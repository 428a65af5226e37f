import Foundation

/// Removes secrets from anything we print or log.
///
/// Query items whose names look like credentials (`api_key`, `key`, `token`, `secret`, `password`,
/// `auth`, `signature`...) keep their name and lose their value: `api_key=REDACTED`.
public enum Redactor {
    /// The replacement for a secret value.
    public static let mask = "REDACTED"

    /// True for a query item name that carries a credential.
    public static func isSecret(name: String) -> Bool {
        let lowered = name.lowercased()
        if lowered == "key" || lowered == "sig" { return true }
        let fragments = ["api_key", "apikey", "api-key", "token", "secret", "password", "passwd",
                         "auth", "signature", "session", "access_key"]
        return fragments.contains { lowered.contains($0) } || lowered.hasSuffix("_key") || lowered.hasSuffix("key")
    }

    /// The URL as a string with every secret query value masked.
    public static func redact(_ url: URL) -> String {
        redact(url.absoluteString)
    }

    /// Masks secret query values in every URL-like `name=value` pair of `text`.
    ///
    /// Works on free text as well as on a URL, so an error description that embeds a URL is safe
    /// to print.
    public static func redact(_ text: String) -> String {
        guard text.contains("=") else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while index < text.endIndex {
            // Find a `name=` that starts after `?`, `&`, `;` or whitespace, or at the start.
            guard let equals = text[index...].firstIndex(of: "=") else {
                result += text[index...]
                break
            }
            let nameStart = text[index..<equals].lastIndex(where: { "?&; \t\n\"'(,".contains($0) })
                .map { text.index(after: $0) } ?? index
            let name = String(text[nameStart..<equals])
            result += text[index...equals]
            let valueStart = text.index(after: equals)
            let valueEnd = text[valueStart...].firstIndex(where: { "&# \t\n\"')>,".contains($0) }) ?? text.endIndex
            // Punctuation that ends a sentence after a URL is prose, not part of the value.
            let trimmedEnd = text[valueStart..<valueEnd].lastIndex(where: { !":.;".contains($0) })
                .map { text.index(after: $0) } ?? valueStart
            if isSecret(name: name), valueStart < trimmedEnd {
                result += mask
                result += text[trimmedEnd..<valueEnd]
            } else {
                result += text[valueStart..<valueEnd]
            }
            index = valueEnd
        }
        return result
    }
}
