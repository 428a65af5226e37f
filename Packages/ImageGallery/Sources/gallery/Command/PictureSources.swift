import CommandOptions
import CommandOutput
import Foundation

/// Where the gallery's pictures come from when no `--demo` is given.
enum PictureSources {
    /// Six photos of at least 800x600 with fixed ids, so the offline cache holds across runs.
    static let defaultURLs: [URL] = [10, 20, 29, 37, 48, 57].map {
        URL(string: "https://picsum.photos/id/\($0)/1200/900")!
    }

    /// A reason a URL cannot be used, said so a person can fix it.
    struct InvalidURL: Error, Equatable, CustomStringConvertible {
        let text: String
        let reason: String
        /// The line of the `--urls-file` it is on (counted from 1), if it came from one.
        var line: Int?
        /// The text is shown terminal-safe: a line of a `--urls-file` may hold escape sequences.
        var description: String {
            TerminalSafeText.line((line.map { "line \($0): " } ?? "") + "invalid URL '\(text)': \(reason)")
        }
    }

    /// Parses one URL: http or https, with a host.
    static func parse(_ text: String) throws(InvalidURL) -> URL {
        let trimmed = InputText.trimmed(text)
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased() else {
            throw InvalidURL(text: text, reason: "not a URL")
        }
        guard scheme == "http" || scheme == "https" else {
            throw InvalidURL(text: text, reason: "only http and https are supported, not \(scheme)")
        }
        guard let host = url.host, !host.isEmpty else { throw InvalidURL(text: text, reason: "it has no host") }
        return url
    }

    /// The URLs of a `--urls-file`: one per line; blank lines and `#` comments are skipped.
    static func parseFile(_ contents: String) throws(InvalidURL) -> [URL] {
        var urls: [URL] = []
        for (number, line) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
                .map(InputText.trimmed) ?? ""
            guard !text.isEmpty else { continue }
            do {
                urls.append(try parse(text))
            } catch {
                var located = error
                located.line = number + 1
                throw located
            }
        }
        return urls
    }
}
