import CommandOutput
import ErrorReporting
import Foundation
import ImageGallery
import ImagePipeline

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
            var fields: [(String, JSONValue)] = [
                ("event", .string("item")), ("index", .int(report.index)), ("url", .string(url)),
                ("state", .string("loaded")), ("source", .string(Self.source(of: picture))),
                ("width", .int(picture.originalSize.width)), ("height", .int(picture.originalSize.height)),
                ("bytes", .int(picture.encodedByteCount)), ("ms", .int(report.milliseconds)),
            ]
            // A downloaded picture also says how long its first byte took: the server's share of "ms".
            if let firstByte = picture.timeToFirstByte {
                fields.append(("firstByteMs", .int(Int(firstByte / .milliseconds(1)))))
            }
            // A stored copy the server could not be asked about: shown, but not known to be current.
            if picture.isStale { fields.append(("stale", .bool(true))) }
            // Shown, but not kept for offline use: the cache's code for why (diskFull, readOnly…).
            if let notSaved = picture.storeError { fields.append(("notSaved", .string(notSaved.code))) }
            return Self.object(fields)
        case (.json, .failure(let failure)):
            return Self.object([
                ("event", .string("item")), ("index", .int(report.index)), ("url", .string(url)),
                // The error shape of every command's --json: a stable code and the reason a person reads.
                ("state", .string("failed")), ("error", .string(failure.code)),
                ("reason", .string(failure.cellMessage.text(in: language))),
            ])
        case (.text, .success(let picture)):
            // Why it was not kept, in the status bar's words: "Could not save for offline use: the disk is full".
            let saved = picture.storeError.map { "  (\(GalleryStatus.notSavedOffline($0.userFacingError).text.text(in: language)))" } ?? ""
            let size = "\(picture.originalSize)", bytes = picture.encodedByteCount, ms = report.milliseconds
            return TerminalSafeText.line(LocalizedText(
                en: "\(report.index) loaded  \(url)  \(size)  \(bytes) bytes  \(Self.englishSource(picture))  \(ms) ms",
                ru: "\(report.index) загружено  \(url)  \(size)  \(bytes) байт  \(Self.russianSource(picture))  \(ms) мс"
            ).text(in: language) + saved)
        case (.text, .failure(let failure)):
            // The message may quote what a server sent (a content type, a status text): made safe here,
            // where it is printed. The code is for scripts reading English lines; JSON carries it always.
            let message = failure.cellMessage.text(in: language)
            return TerminalSafeText.line(LocalizedText(
                en: "\(report.index) failed  \(url)  \(failure.code): \(message)",
                ru: "\(report.index) ошибка  \(url)  \(message)"
            ).text(in: language))
        }
    }

    /// Where the bytes came from: `revalidated` when the server confirmed the stored copy (304).
    static func source(of picture: LoadedPicture) -> String {
        picture.wasRevalidated ? "revalidated" : picture.source.rawValue
    }

    private static func englishSource(_ picture: LoadedPicture) -> String {
        let from = picture.wasRevalidated ? "confirmed by the server" : "from \(picture.source.rawValue)"
        return picture.isStale ? "\(from) (stale)" : from
    }

    private static func russianSource(_ picture: LoadedPicture) -> String {
        let from = if picture.wasRevalidated {
            "подтверждено сервером"
        } else {
            switch picture.source {
            case .memory: "из памяти"
            case .disk: "с диска"
            case .network: "из сети"
            }
        }
        return picture.isStale ? "\(from) (устарело)" : from
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
            var line = LocalizedText(
                en: "\(summary.loaded) loaded, \(summary.failed) failed",
                ru: "загружено: \(summary.loaded), с ошибкой: \(summary.failed)"
            ).text(in: language)
            if summary.offline { line += " — \(CommonPhrases.noInternet.text(in: language))" }
            return line
        }
    }

    // MARK: JSON with keys in a fixed order

    typealias Value = JSONValue

    static func object(_ members: [(String, Value)]) -> String { JSONLine.object(members) }

    static func quoted(_ text: String) -> String { JSONLine.quoted(text) }
}
