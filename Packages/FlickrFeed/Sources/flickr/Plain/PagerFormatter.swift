import CommandOutput
import ErrorReporting
import FlickrFeed
import Foundation

/// Turns ``PagerEvent``s into the lines plain and JSON output print (the caller prints them).
///
/// JSON mode writes one object per line, keys in a fixed order:
/// `{"event":"page","page":1,"source":"network","count":40,"pages":25,"total":1000,"dropped":0}`,
/// then one `{"event":"photo","id":…,"title":…,"owner":…,"ownerName":…,"image":…}` per photo
/// (`ownerName` only when Flickr sent it), `{"event":"error","error":"offline","reason":…}` for a
/// failed fetch (the shape of every command's JSON errors), and last
/// `{"event":"summary","pages":1,"photos":40,"failed":0}`.
struct PagerFormatter: Sendable {
    /// Plain text for people and pipes, or JSON lines for scripts.
    enum Style: Sendable { case plain, json }

    var style: Style
    var imageURLs: FlickrImageURLs
    /// The size of the image URL printed for each photo.
    var imageSize: PhotoSize
    var language: Language

    init(style: Style, imageURLs: FlickrImageURLs, imageSize: PhotoSize = .z, language: Language = .english) {
        self.style = style
        self.imageURLs = imageURLs
        self.imageSize = imageSize
        self.language = language
    }

    /// A failure that ends the run before any page (no key, a bad option): `{"error":…,"reason":…}`
    /// in JSON as lookup prints it, the message alone in plain text (the caller puts it on stderr).
    func failureLine(_ error: FlickrError) -> String {
        failureLine(FlickrAdvice.shown(error, onScreen: false))
    }

    /// The same for a failure the command found itself (no key).
    func failureLine(_ error: UserFacingError) -> String {
        let text = Redactor.redact(error.line(in: language))
        switch style {
        case .json: return object([("error", .string(error.code)), ("reason", .string(text))])
        case .plain: return TerminalSafeText.line(text)
        }
    }

    /// The run's last JSON line, as the gallery ends its own: pages shown, photos, failed fetches.
    /// Plain output ends with its photos (its errors went to standard error).
    func summaryLines(pages: Int, photos: Int, failed: Int) -> [String] {
        guard style == .json else { return [] }
        return [object([
            ("event", .string("summary")), ("pages", .int(pages)), ("photos", .int(photos)), ("failed", .int(failed)),
        ])]
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
                    members.append(("image", .string(imageURL(photo))))
                    return object(members)
                }
        case (.json, .error(let failure)):
            let error = FlickrAdvice.shown(failure, onScreen: false)
            return [
                object([
                    ("event", .string("error")), ("error", .string(error.code)),
                    ("reason", .string(Redactor.redact(error.line(in: language)))),
                ])
            ]
        case (.plain, .page(let report)):
            var source = LocalizedText(en: "network", ru: "сеть").text(in: language)
            if let savedAt = report.savedAt {
                source = FlickrMessages.saved(age: SavedPage.wordedAge(from: savedAt, to: now, in: language)).text(
                    in: language)
            }
            let header = LocalizedText(
                en: "# page \(report.page)/\(report.pages) · \(source) · \(report.photos.count) photos · "
                    + "\(report.total) total · \(report.dropped) dropped",
                ru: "# страница \(report.page)/\(report.pages) · \(source) · фото: \(report.photos.count) · "
                    + "всего: \(report.total) · пропущено: \(report.dropped)"
            ).text(in: language)
            return [header]
                + report.photos.map { photo in
                    // Titles and names come from strangers: no control sequence reaches the terminal,
                    // and tabs and newlines cannot break the columns.
                    [photo.id, photo.title.isEmpty ? "-" : photo.title, photo.ownerLabel, imageURL(photo)]
                        .map(TerminalSafeText.line)
                        .joined(separator: "\t")
                }
        case (.plain, .error):
            // One line per failure: the message goes to standard error alone (see FlickrCommand),
            // so standard output stays the photos.
            return []
        case (.json, .notSaved(let failure)):
            let error = FlickrAdvice.shown(failure)
            return [
                object([
                    ("event", .string("warning")), ("warning", .string(error.code)),
                    ("reason", .string(Redactor.redact(error.line(in: language)))),
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
