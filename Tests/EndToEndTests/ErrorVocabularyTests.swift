import Caching
import ErrorReporting
import FlickrFeed
import Foundation
import ImageGallery
import ImagePipeline
import Imaging
import Networking
import PhoneLookup
import Testing

/// One failure, as the fault matrix names it, with the code and words every surface must give it.
struct Fault: Sendable, CustomTestStringConvertible {
    var cause: String
    var error: any Error & Sendable
    var code: String
    var words: LocalizedText

    var testDescription: String { cause }

    /// A failure met while downloading: every network surface shows it.
    var network: NetworkError? { error as? NetworkError }
    /// A failure met while decoding: only the picture surfaces show it.
    var imaging: ImagingError? { error as? ImagingError }
    /// A failure met while saving to the offline cache.
    var storage: DiskCacheError? { error as? DiskCacheError }

    static let all: [Fault] = [
        Fault(cause: "refused", error: NetworkError.refused(host: "127.0.0.1"), code: "refused",
              words: LocalizedText(en: "Could not connect to 127.0.0.1", ru: "Не удалось подключиться к 127.0.0.1")),
        Fault(cause: "DNS failure", error: NetworkError.hostNotFound(host: "pictures.invalid"), code: "hostNotFound",
              words: LocalizedText(en: "Could not find pictures.invalid", ru: "Не удалось найти pictures.invalid")),
        Fault(cause: "network down", error: NetworkError.offline(host: "pictures.test"), code: "offline",
              words: CommonPhrases.noInternet),
        Fault(cause: "reset mid-body", error: NetworkError.connectionDropped(bytesReceived: 4096), code: "dropped",
              words: CommonPhrases.connectionDropped),
        Fault(cause: "transport failure libcurl names",
              error: NetworkError.transport(description: "56: Failure when receiving data from the peer"),
              code: "dropped", words: CommonPhrases.connectionDropped),
        Fault(cause: "slow headers", error: NetworkError.timedOut(after: .seconds(3)), code: "timeout",
              words: CommonPhrases.tookTooLong),
        Fault(cause: "stall mid-body", error: NetworkError.timedOut(after: .milliseconds(1500)), code: "timeout",
              words: CommonPhrases.tookTooLong),
        Fault(cause: "HTTP 404", error: NetworkError.httpStatus(code: 404, url: url), code: "http",
              words: LocalizedText(en: "not found (HTTP 404)", ru: "не найдено (HTTP 404)")),
        Fault(cause: "HTTP 500", error: NetworkError.httpStatus(code: 500, url: url), code: "http",
              words: LocalizedText(en: "HTTP 500", ru: "HTTP 500")),
        Fault(cause: "HTTP 503", error: NetworkError.httpStatus(code: 503, url: url), code: "http",
              words: LocalizedText(en: "HTTP 503", ru: "HTTP 503")),
        Fault(cause: "not an image", error: ImagingError.notAnImage, code: "invalidImage",
              words: LocalizedText(en: "not an image", ru: "это не изображение")),
        Fault(cause: "corrupt image", error: ImagingError.corrupt("bad Huffman table"), code: "invalidImage",
              words: LocalizedText(en: "the image is damaged", ru: "изображение повреждено")),
        Fault(cause: "pixel bomb", error: ImagingError.tooLarge(width: 60_000, height: 60_000, limit: 100_000_000),
              code: "invalidImage", words: LocalizedText(en: "the image is too large", ru: "изображение слишком большое")),
        Fault(cause: "disk full", error: DiskCacheError.diskFull(path: "/cache/entries/1"), code: "diskFull",
              words: LocalizedText(en: "the disk is full", ru: "диск заполнен")),
        Fault(cause: "read-only cache folder", error: DiskCacheError.readOnly(path: "/cache"), code: "readOnly",
              words: LocalizedText(en: "/cache is read-only", ru: "/cache доступен только для чтения")),
        Fault(cause: "missing cache folder", error: DiskCacheError.folderMissing(path: "/cache"), code: "folderMissing",
              words: LocalizedText(en: "the folder /cache is missing", ru: "папки /cache нет")),
    ]

    static let url = URL(string: "http://127.0.0.1:8089/img/2.jpg")!
}

/// One place a person reads a failure: its code (nil where it prints none) and its words.
struct Rendering {
    var surface: String
    var code: String?
    var text: LocalizedText
}

extension Fault {
    /// Every surface this failure reaches, rendered as that surface renders it.
    var renderings: [Rendering] {
        var shown: [Rendering] = []
        if network != nil || imaging != nil {
            let pipeline: ImagePipelineError = network.map { .network($0) } ?? .invalidImage(imaging!)
            // The gallery's cell and its --json line print the same code and reason.
            let failure = LoadFailure(pipeline)
            shown.append(Rendering(surface: "gallery cell and --json", code: failure.code, text: failure.cellMessage))
            shown.append(Rendering(surface: "gallery status", code: nil,
                                   text: GalleryStatus.cannotRemoveFailed(failure).text))
            shown.append(Rendering(surface: "gallery short status", code: nil,
                                   text: GalleryStatus.cannotRemoveFailed(failure).shortText))
            if failure.kind == .refused || failure.kind == .hostNotFound {
                shown.append(Rendering(surface: "gallery status after a refresh", code: nil,
                                       text: GalleryStatus.cannotReach(failure).text))
                shown.append(Rendering(surface: "gallery short status after a refresh", code: nil,
                                       text: GalleryStatus.cannotReach(failure).shortText))
            }
            if case .failed(_, let thumbnail) = PictureOutcome(.failure(pipeline)) {
                shown.append(Rendering(surface: "Flickr thumbnail", code: thumbnail.code, text: thumbnail.message))
            }
        }
        if let network {
            let page = FlickrError.network(network).userFacingError
            shown.append(Rendering(surface: "Flickr page load", code: page.code, text: page.message.then(page.recovery)))
            let lookup = LookupError.network(network).userFacingError
            shown.append(Rendering(surface: "lookup search --api", code: lookup.code,
                                   text: lookup.message.then(lookup.recovery)))
        }
        if let storage {
            let error = storage.userFacingError
            shown.append(Rendering(surface: "cache store", code: error.code, text: error.message))
            shown.append(Rendering(surface: "gallery status (not saved)", code: nil,
                                   text: GalleryStatus.notSavedOffline(error).text))
            let opening = DiskCacheError.directoryUnavailable(path: "/cache", cause: storage).userFacingError
            shown.append(Rendering(surface: "cache opening", code: opening.code, text: opening.message))
            let page = FeedStorageFailure.firstPage(storage).userFacingError
            shown.append(Rendering(surface: "Flickr first page not kept", code: page.code, text: page.message))
            let thumbnail = FeedStorageFailure.pictures(storage).userFacingError
            shown.append(Rendering(surface: "Flickr thumbnail not kept", code: thumbnail.code, text: thumbnail.message))
        }
        return shown
    }
}

@Suite("One error vocabulary")
struct ErrorVocabularyTests {
    @Test("the fault matrix: one code per cause and the same words on every surface, in English and Russian",
          arguments: Fault.all)
    func matrix(fault: Fault) {
        let renderings = fault.renderings
        #expect(renderings.count >= 3, "\(fault.cause) reaches too few surfaces")
        for rendering in renderings {
            let what = "\(fault.cause) in the \(rendering.surface)"
            if let code = rendering.code { #expect(code == fault.code, "\(what)") }
            for language in Language.allCases {
                let text = rendering.text.text(in: language)
                #expect(text.contains(fault.words.text(in: language)), "\(what) (\(language)): \(text)")
                #expect(LocalizedText.repeatedClause(in: text) == nil, "\(what) (\(language)) repeats itself: \(text)")
                // A shared module says what happened; a flag or a key is the command's to name.
                #expect(!text.contains("--"), "\(what) (\(language)) names a flag: \(text)")
            }
        }
    }

    @Test("a refused connection is never said to be the internet being down")
    func refusedIsNotOffline() {
        for rendering in Fault.all[0].renderings {
            #expect(!rendering.text.english.contains(CommonPhrases.noInternet.english), "\(rendering.surface)")
            #expect(!rendering.text.russian.contains(CommonPhrases.noInternet.russian), "\(rendering.surface)")
        }
    }

    @Test("a heading already at the start of a detail is not said twice")
    func noDoubledPrefix() {
        let status = GalleryStatus.notSavedOffline(DiskCacheError.diskFull(path: "/x").userFacingError).text
        #expect(status.english == "Could not save for offline use: the disk is full")
        #expect(status.russian == "Не удалось сохранить для просмотра без сети: диск заполнен")
        let heading = LocalizedText(en: "A", ru: "А")
        #expect(heading.followed(by: LocalizedText(en: "A: b", ru: "А: б")).english == "A: b")
        #expect(heading.adding(reason: LocalizedText(en: "A", ru: "А")).english == "A")
        #expect(LocalizedText.repeatedClause(in: "X: y: X") == "x")
    }
}
