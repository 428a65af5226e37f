import Caching
import ErrorReporting
import Foundation
import Imaging
import ImagePipeline
import Networking
import Testing

@Suite("ImagePipeline with scripted parts")
struct ImagePipelineTests {
    @Test("the first load comes from the network, the second from memory")
    func networkThenMemory() async throws {
        let url = Fixture.url(1)
        let loader = ScriptedLoader([url: .bytes(try Fixture.jpeg())])
        let pipeline = ImagePipeline(loader: loader, diskCache: MemoryDisk())

        let first = try await pipeline.image(for: ImageRequest(url: url))
        let second = try await pipeline.image(for: ImageRequest(url: url))

        #expect(first.source == .network)
        #expect(second.source == .memory)
        #expect(loader.callCount == 1)
        #expect(first.originalSize == PixelSize(width: 320, height: 240))
    }

    @Test("a picture once loaded is shown offline from disk")
    func offlineFromDisk() async throws {
        let url = Fixture.url(2)
        let disk = MemoryDisk()
        let loader = ScriptedLoader([url: .bytes(try Fixture.jpeg())])
        _ = try await ImagePipeline(loader: loader, diskCache: disk).image(for: ImageRequest(url: url))

        loader.set(.failure(.offline(host: "127.0.0.1")), for: url)
        let relaunched = ImagePipeline(loader: loader, diskCache: disk)
        let response = try await relaunched.image(for: ImageRequest(url: url))

        #expect(response.source == .disk)
        #expect(loader.callCount == 1)
    }

    @Test("an animated GIF comes with its file to play, from the network and from disk; a JPEG without")
    func animationKeepsItsFile() async throws {
        let gif = try ImageEncoder.bandGIF(size: PixelSize(width: 40, height: 20), frames: 5, delayCentiseconds: 10)
        let loader = ScriptedLoader([Fixture.url(1): .bytes(gif), Fixture.url(2): .bytes(try Fixture.jpeg())])
        let disk = MemoryDisk()
        let target = PixelSize(width: 20, height: 20)
        let animated = try await ImagePipeline(loader: loader, diskCache: disk)
            .image(for: ImageRequest(url: Fixture.url(1), targetSize: target))
        #expect(animated.animation?.frameCount == 5)
        #expect(animated.animation?.data == gif)
        let fromDisk = try await ImagePipeline(loader: loader, diskCache: disk)
            .image(for: ImageRequest(url: Fixture.url(1), targetSize: target))
        #expect(fromDisk.source == .disk && fromDisk.animation == animated.animation)
        let still = try await ImagePipeline(loader: loader, diskCache: nil).image(for: ImageRequest(url: Fixture.url(2)))
        #expect(still.animation == nil)
    }

    @Test("the bitmap is downsampled to fit the target size")
    func downsampled() async throws {
        let url = Fixture.url(3)
        let pipeline = ImagePipeline(loader: ScriptedLoader([url: .bytes(try Fixture.jpeg(width: 1200, height: 900))]), diskCache: nil)
        let response = try await pipeline.image(for: ImageRequest(url: url, targetSize: PixelSize(width: 80, height: 80)))
        #expect(response.bitmap.width <= 80 && response.bitmap.height <= 80)
        #expect(response.bitmap.width == 80 || response.bitmap.height == 80)
        #expect(response.originalSize == PixelSize(width: 1200, height: 900))
    }

    @Test("a cached file that no longer decodes is dropped and fetched again")
    func corruptCacheRefetched() async throws {
        let url = Fixture.url(4)
        let disk = MemoryDisk()
        disk.put(Data("not a jpeg at all".utf8), forKey: url.absoluteString)
        let loader = ScriptedLoader([url: .bytes(try Fixture.jpeg())])

        let response = try await ImagePipeline(loader: loader, diskCache: disk).image(for: ImageRequest(url: url))

        #expect(response.source == .network)
        #expect(loader.callCount == 1)
        #expect(try ImageDecoder.probe(#require(disk.data(forKey: url.absoluteString))).format == .jpeg)
    }

    @Test("bytes that are not a picture fail as invalidImage and are not cached")
    func notAnImage() async throws {
        let url = Fixture.url(5)
        let disk = MemoryDisk()
        let loader = ScriptedLoader([url: .bytes(Data("<html>nope</html>".utf8))])

        await #expect {
            _ = try await ImagePipeline(loader: loader, diskCache: disk).image(for: ImageRequest(url: url))
        } throws: { error in
            (error as? ImagePipelineError)?.code == "invalidImage"
        }
        #expect(disk.keys.isEmpty)
    }

    @Test("network failures map to the codes the screens show", arguments: [
        (NetworkError.offline(host: "x"), "offline"),
        (.timedOut(after: .seconds(30)), "timeout"),
        (.refused(host: "x"), "refused"),
        (.hostNotFound(host: "x"), "hostNotFound"),
        (.httpStatus(code: 404, url: URL(string: "http://x/")!), "http"),
        (.connectionDropped(bytesReceived: 10), "dropped"),
        (.invalidURL("::"), "invalidURL"),
    ])
    func failureCodes(error: NetworkError, code: String) async throws {
        let url = Fixture.url(6)
        let disk = MemoryDisk()
        let pipeline = ImagePipeline(loader: ScriptedLoader([url: .failure(error)]), diskCache: disk)
        await #expect {
            _ = try await pipeline.image(for: ImageRequest(url: url))
        } throws: { thrown in
            guard let thrown = thrown as? ImagePipelineError else { return false }
            return thrown.code == code && thrown.userFacingError.code == code
        }
        #expect(disk.keys.isEmpty)
    }

    @Test("a timeout and a drop may pass if tried again; unavailable does not; the library gives no advice")
    func refreshAdvice() {
        #expect(ImagePipelineError.network(.timedOut(after: .seconds(30))).isTransient)
        #expect(ImagePipelineError.network(.connectionDropped(bytesReceived: 1)).isTransient)
        #expect(ImagePipelineError.network(.transport(description: "Recv failure: Connection reset by peer")).kind == .dropped)
        #expect(!ImagePipelineError.network(.httpStatus(code: 404, url: URL(string: "http://x/")!)).isTransient)
        #expect(ImagePipelineError.network(.timedOut(after: .seconds(30))).userFacingError.recovery == nil)
        #expect(ImagePipelineError.network(.httpStatus(code: 404, url: URL(string: "http://x/")!)).userFacingError.message
            == CommonPhrases.imageUnavailable)
    }

    @Test("cancelling a load caches nothing")
    func cancellation() async throws {
        let url = Fixture.url(7)
        let disk = MemoryDisk()
        let loader = ScriptedLoader([url: .hang])
        let pipeline = ImagePipeline(loader: loader, diskCache: disk)
        let task = Task { try await pipeline.image(for: ImageRequest(url: url)) }
        // Cancel only once the download is under way, so the test cannot pass by never starting it.
        await loader.waitForCalls(1)
        task.cancel()
        await #expect {
            _ = try await task.value
        } throws: { error in
            (error as? ImagePipelineError)?.code == "cancelled"
        }
        #expect(disk.keys.isEmpty)
        #expect(pipeline.cachedImage(for: ImageRequest(url: url)) == nil)
    }

    @Test("a failed disk write still shows the picture and keeps what was cached")
    func diskWriteFailure() async throws {
        let disk = MemoryDisk()
        let old = Fixture.url(8), new = Fixture.url(9)
        disk.put(try Fixture.jpeg(seed: 3), forKey: old.absoluteString)
        disk.failWrites(with: .diskFull(path: "/cache"))
        let pipeline = ImagePipeline(loader: ScriptedLoader([new: .bytes(try Fixture.jpeg())]), diskCache: disk)

        let response = try await pipeline.image(for: ImageRequest(url: new))

        #expect(response.source == .network)
        #expect(response.storeError?.code == "diskFull")
        #expect(disk.keys == [old.absoluteString])
    }

    @Test("the memory cost limit holds however many pictures pass through")
    func memoryLimit() async throws {
        var answers: [URL: ScriptedLoader.Answer] = [:]
        for n in 0..<60 { answers[Fixture.url(100 + n)] = .bytes(try Fixture.jpeg(width: 200, height: 200, seed: n)) }
        let limit = 200 * 200 * 4 * 5 // five decoded pictures
        let pipeline = ImagePipeline(loader: ScriptedLoader(answers), diskCache: MemoryDisk(), memoryCostLimit: limit)

        for n in 0..<60 {
            _ = try await pipeline.image(for: ImageRequest(url: Fixture.url(100 + n)))
            #expect(pipeline.memoryCost <= limit)
        }
        #expect(pipeline.cachedImage(for: ImageRequest(url: Fixture.url(159))) != nil)
        #expect(pipeline.cachedImage(for: ImageRequest(url: Fixture.url(100))) == nil)
    }

    @Test("a JPEG decoded as it is stored comes with its file, for a terminal that reads it; downsampled it does not")
    func verbatimStillKeepsItsFile() async throws {
        let jpeg = try Fixture.jpeg()
        let loader = ScriptedLoader([Fixture.url(1): .bytes(jpeg)])
        let pipeline = ImagePipeline(loader: loader, diskCache: MemoryDisk())
        let whole = try await pipeline.image(for: ImageRequest(url: Fixture.url(1), targetSize: PixelSize(width: 400, height: 400)))
        #expect(whole.original == OriginalFile(data: jpeg, format: .jpeg, size: PixelSize(width: 320, height: 240)))
        #expect(whole.original?.data == jpeg)
        let small = try await pipeline.image(for: ImageRequest(url: Fixture.url(1), targetSize: PixelSize(width: 80, height: 80)))
        #expect(small.original == nil)
    }
}
