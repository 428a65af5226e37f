import Foundation

/// Removes secrets from anything we print or log.
///
/// Query items whose names look like credentials (`api_key`, `key`, `token`, `secret`, `password`,
/// `auth`, `signature`...) keep their name and lose their value: `api_key=REDACTED`. A secret the
/// process was given (an API key from a flag or the environment) is also masked wherever it appears
/// literally, since a server may echo it back inside an error message.
public enum Redactor {
    /// The replacement for a secret value.
    public static let mask = "REDACTED"

    /// Literal secrets are shorter than this are not registered: masking every "ab" would garble text.
    public static let shortestLiteral = 6

    /// The literal secrets of this process. Process-wide on purpose: a secret given to the command
    /// must not print from any module, and the modules that print never see where it came from.
    private static let literals = SecretLiterals()

    /// Masks `secret` wherever it appears in text redacted from now on (and its percent-encoded form).
    ///
    /// Call once at the composition root with each credential the process holds:
    /// ```swift
    /// Redactor.register(secret: apiKey)
    /// ```
    public static func register(secret: String) {
        guard secret.count >= shortestLiteral else { return }
        literals.add(secret)
        if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != secret {
            literals.add(encoded)
        }
    }

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
        maskLiterals(in: redactPairs(text))
    }

    private static func maskLiterals(in text: String) -> String {
        var result = text
        for secret in literals.all where result.contains(secret) {
            result = result.replacingOccurrences(of: secret, with: mask)
        }
        return result
    }

    private static func redactPairs(_ text: String) -> String {
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

/// The registered literal secrets, longest first so a secret that contains another is masked whole.
/// `@unchecked Sendable`: every access to `secrets` holds `lock` (an NSLock, which the thread
/// sanitizer understands).
private final class SecretLiterals: @unchecked Sendable {
    private let lock = NSLock()
    private var secrets: [String] = []

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return secrets
    }

    func add(_ secret: String) {
        lock.lock()
        defer { lock.unlock() }
        guard !secrets.contains(secret) else { return }
        secrets.append(secret)
        secrets.sort { $0.count > $1.count }
    }
}
