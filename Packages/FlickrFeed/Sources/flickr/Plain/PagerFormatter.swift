import CommandOutput
import ErrorReporting
import FlickrFeed
import Foundation

/// Turns ``PagerEvent``s into the lines plain and JSON output print (the caller prints them).
///
/// JSON mode writes one object per line, keys in a fixed order:
/// `{"event":"page","page":1,"source":"network","count":40,"pages":25,"total":1000,"dropped":0}`,
/// then one `{"event":"photo","id":…,"title":…,"owner":…,"ownerName":…,"image":…}` per photo
/// (`ownerName` only when Flickr sent it; `image` only when it outlives the command), and
/// `{"event":"error","error":"offline","message":…}` for a failed fetch.
struct PagerFormatter: Sendable {
    /// Plain text for people and pipes, or JSON lines for scripts.
    enum Style: Sendable { case plain, json }

    var style: Style
    var imageURLs: FlickrImageURLs
    /// The size of the image URL printed for each photo.
    var imageSize: PhotoSize
    var language: Language
    /// False for `--demo`: its pictures are served by a server that is gone once the command
    /// exits, so their addresses would lead nowhere and are not printed.
    var printsImageURLs: Bool

    init(
        style: Style, imageURLs: FlickrImageURLs, imageSize: PhotoSize = .z, language: Language = .english,
        printsImageURLs: Bool = true
    ) {
        self.style = style
        self.imageURLs = imageURLs
        self.imageSize = imageSize
        self.language = language
        self.printsImageURLs = printsImageURLs
    }

    /// The lines for `event`, each without its newline. Image URLs carry no secret, but are
    /// redacted all the same so a key smuggled into `--image-base` is never printed.
    func lines(for event: PagerEvent, now: Date = Date()) -> [String] {
        switch (style, event) {
        case (.json, .page(let report)):
            let header = object([
                ("event", .string("page")), ("page", .int(report.page)),
                ("source", .string(report.source.rawValue)),
                ("count", .int(report.photos.count)), ("pages", .int(report.pages)),
                ("total", .int(report.total)), ("dropped", .int(report.dropped)),
            ])
            return [header]
                + report.photos.map { photo in
                    var members: [(String, JSONValue)] = [
                        ("event", .string("photo")), ("id", .string(photo.id)), ("title", .string(photo.title)),
                        ("owner", .string(photo.owner)),
                    ]
                    if let name = photo.ownerName { members.append(("ownerName", .string(name))) }
                    if printsImageURLs { members.append(("image", .string(imageURL(photo)))) }
                    return object(members)
                }
        case (.json, .error(let error)):
            return [
                object([
                    ("event", .string("error")), ("error", .string(error.code)),
                    ("message", .string(Redactor.redact(error.line(in: language)))),
                ])
            ]
        case (.plain, .page(let report)):
            var source = report.source.rawValue
            if let savedAt = report.savedAt {
                source = FlickrMessages.saved(age: SavedPage.wordedAge(from: savedAt, to: now)).text(
                    in: language)
            }
            let header =
                "# page \(report.page)/\(report.pages) · \(source) · \(report.photos.count) photos · "
                + "\(report.total) total · \(report.dropped) dropped"
            return [header]
                + report.photos.map { photo in
                    // Titles and names come from strangers: no control sequence reaches the terminal,
                    // and tabs and newlines cannot break the columns.
                    ([photo.id, photo.title.isEmpty ? "-" : photo.title, photo.ownerLabel]
                        + (printsImageURLs ? [imageURL(photo)] : []))
                        .map(TerminalSafeText.line)
                        .joined(separator: "\t")
                }
        case (.plain, .error(let error)):
            return ["error: \(TerminalSafeText.line(Redactor.redact(error.line(in: language))))"]
        case (.json, .notSaved(let error)):
            return [
                object([
                    ("event", .string("warning")), ("warning", .string(error.code)),
                    ("message", .string(Redactor.redact(error.line(in: language)))),
                ])
            ]
        case (.plain, .notSaved):
            // Plain output is the photos; the warning goes to standard error (see FlickrCommand).
            return []
        }
    }

    private func imageURL(_ photo: FlickrPhoto) -> String {
        Redactor.redact(imageURLs.url(for: photo, size: imageSize))
    }

    private func object(_ members: [(String, JSONValue)]) -> String { JSONLine.object(members) }
}
