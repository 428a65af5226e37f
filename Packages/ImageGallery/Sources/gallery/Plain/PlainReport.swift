import ErrorReporting
import Foundation
import ImageGallery

/// The lines plain and JSON mode print: one per item as it settles, then a summary.
struct PlainReport: Sendable {
    /// Which of the two forms to print.
    enum Format: Sendable, Hashable {
        case text
        case json
    }

    let format: Format
    let language: Language

    /// The line for one settled item.
    func line(for report: GalleryItemReport) -> String {
        let url = Redactor.redact(report.url)
        switch (format, report.outcome) {
        case (.json, .success(let picture)):
            return Self.object([
                ("event", .string("item")), ("index", .int(report.index)), ("url", .string(url)),
                ("state", .string("loaded")), ("source", .string(picture.source.rawValue)),
                ("width", .int(picture.originalSize.width)), ("height", .int(picture.originalSize.height)),
                ("bytes", .int(picture.encodedByteCount)), ("ms", .int(report.milliseconds)),
            ])
        case (.json, .failure(let failure)):
            return Self.object([
                ("event", .string("item")), ("index", .int(report.index)), ("url", .string(url)),
                ("state", .string("failed")), ("error", .string(failure.code)),
                ("message", .string(failure.cellMessage.text(in: language))),
            ])
        case (.text, .success(let picture)):
            let saved = picture.storeError.map { _ in "  (\(GalleryPhrases.notSavedOffline.text(in: language)))" } ?? ""
            return "\(report.index) loaded  \(url)  \(picture.originalSize)  \(picture.encodedByteCount) bytes"
                + "  from \(picture.source.rawValue)  \(report.milliseconds) ms\(saved)"
        case (.text, .failure(let failure)):
            return "\(report.index) failed  \(url)  \(failure.code): \(failure.cellMessage.text(in: language))"
        }
    }

    /// The closing line.
    func summaryLine(_ summary: GallerySummary) -> String {
        switch format {
        case .json:
            return Self.object([
                ("event", .string("summary")), ("loaded", .int(summary.loaded)), ("failed", .int(summary.failed)),
                ("offline", .bool(summary.offline)),
            ])
        case .text:
            var line = "\(summary.loaded) loaded, \(summary.failed) failed"
            if summary.offline { line += " — \(CommonPhrases.noInternet.text(in: language))" }
            return line
        }
    }

    // MARK: JSON with keys in a fixed order

    enum Value {
        case string(String)
        case int(Int)
        case bool(Bool)
    }

    /// A one-line JSON object whose keys keep the given order (JSONEncoder does not promise one).
    static func object(_ members: [(String, Value)]) -> String {
        let body = members.map { key, value in
            let encoded: String
            switch value {
            case .string(let text): encoded = quoted(text)
            case .int(let number): encoded = String(number)
            case .bool(let flag): encoded = flag ? "true" : "false"
            }
            return "\(quoted(key)):\(encoded)"
        }
        return "{" + body.joined(separator: ",") + "}"
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20:
                result += String(format: "\\u%04x", control.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
