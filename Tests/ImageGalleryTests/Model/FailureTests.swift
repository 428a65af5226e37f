import Caching
import ErrorReporting
import Foundation
import ImagePipeline
import Imaging
import Networking
import Testing
@testable import ImageGallery

@MainActor
@Suite("Errors per cell, offline banner, auto-retry on reconnect")
struct FailureTests {
    @Test("each kind of failure shows its own message in the cell and the right status", arguments: [
        (FailureKind.offline, CommonPhrases.noInternet, nil as GalleryStatus?, true),
        (.unavailable, CommonPhrases.imageUnavailable, nil, false),
        (.invalidImage, CommonPhrases.imageUnavailable, nil, false),
        (.timeout, CommonPhrases.tookTooLong, .pullToRefresh(after: .timeout), false),
        (.dropped, CommonPhrases.connectionDropped, .pullToRefresh(after: .dropped), false),
    ])
    func failureKinds(kind: FailureKind, message: LocalizedText, status: GalleryStatus?, offline: Bool) async {
        let model = await GalleryTestStore()
        let failure = Fixture.failure(kind)
        // Set up; from here the answer is asserted whole: the cell's failure, the status bar and
        // the offline flag change, and nothing else (the other cells are not affected).
        model.exhaustive = true
        await model.finish(1, .failure(failure)) {
            let id = ItemID(1)
            $0.items[1].status = .failed(failure)
            $0.inFlight[id] = nil
            $0.inFlightPriority[id] = nil
            $0.status = status
            $0.isOffline = offline
        }
        #expect(failure.kind == kind)
        #expect(failure.cellMessage == message)
    }

    @Test("the timeout and drop hints say to pull down to refresh and name the key, in both languages")
    func pullToRefreshWording() async {
        #expect(GalleryStatus.pullToRefresh(after: .timeout).text.english == "Took too long — pull down to refresh (r)")
        #expect(GalleryStatus.pullToRefresh(after: .timeout).shortText.english == "Took too long — r refreshes")
        #expect(GalleryStatus.pullToRefresh(after: .dropped).text.russian.contains("потяните вниз"))
        #expect(CommonPhrases.tookTooLong.russian == "Слишком долгое ожидание / сервер не отвечает")
        #expect(CommonPhrases.imageUnavailable.russian == "Изображение по заданному URL недоступно")
    }

    @Test("typed errors of the shared modules map to the kinds a cell shows, and print their codes", arguments: [
        (NetworkError.offline(host: "h") as any Error, FailureKind.offline, "offline"),
        (NetworkError.timedOut(after: .seconds(1)), .timeout, "timeout"),
        (NetworkError.refused(host: "h"), .refused, "refused"),
        (NetworkError.hostNotFound(host: "h"), .hostNotFound, "hostNotFound"),
        (ImagePipelineError.network(.httpStatus(code: 404, url: Fixture.url(1))), .unavailable, "http"),
        (NetworkError.httpStatus(code: 500, url: Fixture.url(1)), .unavailable, "http"),
        (NetworkError.invalidURL("x"), .unavailable, "invalidURL"),
        (NetworkError.unsupportedScheme("ftp"), .unavailable, "invalidURL"),
        (NetworkError.responseTooLarge(limit: 1), .unavailable, "tooLarge"),
        (ImagePipelineError.network(.connectionDropped(bytesReceived: 1)), .dropped, "dropped"),
        (NetworkError.transport(description: "reset"), .dropped, "dropped"),
        (ImagePipelineError.invalidImage(.truncated), .invalidImage, "invalidImage"),
        (ImagingError.notAnImage, .invalidImage, "invalidImage"),
        (Fixture.error("diskFull"), .other, "diskFull"),
        (Fixture.error("offline"), .other, "offline"),
    ])
    func kinds(error: any Error, kind: FailureKind, code: String) async {
        let failure = LoadFailure(error)
        #expect(failure.kind == kind)
        #expect(failure.code == code)
    }

    @Test("a transport failure shows libcurl's own words beside the seed's, such as why libcurl could not be loaded")
    func transportReason() async {
        let failure = LoadFailure(ImagePipelineError.network(.transport(
            description: "libcurl could not be loaded: libcurl.so.4: cannot open shared object file")))
        #expect(failure.kind == .dropped)
        #expect(failure.cellMessage.english
                == "The connection dropped (libcurl could not be loaded: libcurl.so.4: cannot open shared object file)")
    }

    @Test("cancellation is told apart by case: the pipeline's, the network's and the task's")
    func cancellation() async {
        #expect(LoadFailure.isCancellation(ImagePipelineError.cancelled))
        #expect(LoadFailure.isCancellation(ImagePipelineError.network(.cancelled)))
        #expect(LoadFailure.isCancellation(CancellationError()))
        #expect(!LoadFailure.isCancellation(ImagePipelineError.network(.offline(host: "h"))))
        #expect(!LoadFailure.isCancellation(Fixture.error("cancelled")))
    }

    @Test("an error without an explanation of its own is classified as other and keeps its description")
    func plainError() async {
        struct Weird: Error {}
        let failure = LoadFailure(Weird())
        #expect(failure.kind == .other)
        #expect(failure.cellMessage.english.contains("Weird"))
    }

    @Test("a picture that could not be saved offline is still shown, and the status bar says so")
    func notSavedOffline() async {
        let model = await GalleryTestStore()
        let diskFull = DiskCacheError.diskFull(path: "/cache/entries/1")
        await model.finish(0, .success(Fixture.picture(storeError: diskFull)))
        #expect(model.status(0)?.isLoaded == true)
        #expect(model.state.status == .notSavedOffline(diskFull.userFacingError))
        #expect(model.state.status?.text.english == "Could not save for offline use: the disk is full")
    }

    @Test("an offline cache that cannot be opened is said in the status bar; pictures still load")
    func cacheUnavailable() async {
        let model = await GalleryTestStore()
        let readOnly = UserFacingError(code: "readOnly", message: LocalizedText(en: "The disk is read-only", ru: "Диск только для чтения"))
        await model.send(.offlineCacheUnavailable(readOnly))
        #expect(model.state.status == .notSavedOffline(readOnly))
        await model.finish(0, .success(Fixture.picture()))
        #expect(model.status(0)?.isLoaded == true)
    }

    @Test("the offline banner goes away by itself when the network returns")
    func bannerClears() async {
        let model = await GalleryTestStore()
        await model.send(.connectivityChanged(isOnline: false))
        #expect(model.state.isOffline)
        await model.send(.connectivityChanged(isOnline: true))
        #expect(!model.state.isOffline)
    }

    @Test("a picture that arrives from the network proves we are online")
    func networkSuccessClearsOffline() async {
        let model = await GalleryTestStore()
        await model.finish(0, .failure(Fixture.failure(.offline)))
        await model.finish(1, .success(Fixture.picture(source: .disk)))
        #expect(model.state.isOffline)
        await model.finish(2, .success(Fixture.picture(source: .network)))
        #expect(!model.state.isOffline)
        #expect(model.started == [0])               // and the offline cell retried
    }

    @Test("cells that failed because the network was down load again by themselves when it returns")
    func autoRetry() async {
        let model = await GalleryTestStore()
        await model.finish(0, .failure(Fixture.failure(.offline)))
        await model.finish(1, .failure(Fixture.failure(.offline)))
        await model.finish(2, .failure(Fixture.failure(.unavailable)))
        await model.send(.connectivityChanged(isOnline: true))
        #expect(model.started == [0, 1])             // not the unavailable one
        #expect(model.state.status == .retryingAfterReconnect)
        #expect(model.status(2)?.failure?.kind == .unavailable)
    }

    @Test("an off-screen cell that failed offline waits until it comes back on screen")
    func autoRetryOffScreen() async {
        let model = await GalleryTestStore()
        await model.finish(2, .failure(Fixture.failure(.offline)))
        await model.send(.scroll(by: 40))
        await model.send(.connectivityChanged(isOnline: true))
        #expect(model.status(2) == .idle)
        #expect(!model.started.contains(2))
        await model.send(.selectFirst)
        #expect(model.started.contains(2))
    }

    @Test("with auto-retry off, failed cells wait for a refresh")
    func noAutoRetry() async {
        let model = await GalleryTestStore(configuration: GalleryConfiguration(autoRetry: false))
        await model.finish(0, .failure(Fixture.failure(.offline)))
        await model.send(.connectivityChanged(isOnline: true))
        #expect(!model.state.isOffline)
        #expect(model.started.isEmpty)
        #expect(model.status(0)?.failure?.kind == .offline)
        await model.send(.refresh)
        #expect(model.started.contains(0))
    }

    @Test("help toggles")
    func help() async {
        let model = await GalleryTestStore()
        await model.send(.toggleHelp)
        #expect(model.state.isShowingHelp)
        await model.send(.toggleHelp)
        #expect(!model.state.isShowingHelp)
    }
}
