import Caching
import DemoServer
import Foundation
import ImagePipeline
import Imaging
import Locking
import Testing
@testable import gallery
import ImageGallery

extension ServerAndProcessTests {
    @Suite("The gallery's loader on the shared pipeline, against the demo server")
    struct PipelineLoaderTests {
        let cell = PixelSize(width: 58, height: 54)

        func loadAll(_ urls: [URL], with loader: any GalleryImageLoading) async -> [GalleryItemReport] {
            let reports = LockedValue<[GalleryItemReport]>([])
            _ = await GalleryBatch.loadAll(urls, loader: loader, targetSize: cell) { report in reports.withLock { $0.append(report) } }
            return reports.withLock { $0 }.sorted { $0.index < $1.index }
        }

        @Test("first run from the network; second run from disk with the server down")
        func offlineCache() async throws {
            let backend = try await DemoBackend.start()
            try await backend.whileRunning {
                let first = try backend.makeLoader()
                let online = await loadAll(backend.urls(6), with: first.loader)
                #expect(online.map { try? $0.outcome.get().source } == Array(repeating: .network, count: 6))
                let picture = try #require(try? online[0].outcome.get())
                #expect(picture.originalSize == PixelSize(width: 320, height: 240))
                #expect(picture.bitmap.width <= cell.width && picture.bitmap.height <= cell.height)   // downsampled to the cell

                try await backend.stopServer()
                let second = try backend.makeLoader()
                let offline = await loadAll(backend.urls(6), with: second.loader)
                #expect(offline.map { try? $0.outcome.get().source } == Array(repeating: .disk, count: 6))
            }
        }

        @Test("a corrupt cache file is dropped and the picture fetched again")
        func corruptCacheFile() async throws {
            let backend = try await DemoBackend.start()
            try await backend.whileRunning {
                _ = await loadAll(backend.urls(2), with: try backend.makeLoader().loader)
                // Scribble over every cached entry (the index database is left alone).
                let files = FileManager.default.enumerator(at: backend.cacheDirectory, includingPropertiesForKeys: nil)?
                    .compactMap { $0 as? URL }
                    .filter { !$0.lastPathComponent.contains("sqlite") && !$0.hasDirectoryPath && !$0.lastPathComponent.hasPrefix("index") } ?? []
                var corrupted = 0
                for file in files {
                    guard let data = try? Data(contentsOf: file), data.count > 1000 else { continue }
                    var bytes = data
                    for offset in stride(from: 100, to: bytes.count, by: 97) { bytes[offset] ^= 0xFF }
                    try bytes.write(to: file)
                    corrupted += 1
                }
                try #require(corrupted == 2)
                let before = backend.server.stats.requestsServed
                let again = await loadAll(backend.urls(2), with: try backend.makeLoader().loader)
                #expect(again.map { try? $0.outcome.get().source } == [.network, .network])
                #expect(backend.server.stats.requestsServed == before + 2)
            }
        }

        @Test("decoded pictures never hold more memory than the limit, however many are loaded")
        func memoryLimit() async throws {
            let backend = try await DemoBackend.start()
            try await backend.whileRunning {
                let limit = 100_000   // about eight cell-sized pictures
                let stack = try backend.makeLoader(memoryLimit: limit)
                let urls = backend.urls(60)
                _ = await loadAll(urls, with: stack.loader)
                let requests = urls.map { ImageRequest(url: $0, targetSize: PixelSize(width: cell.width, height: cell.height)) }
                let held = requests.compactMap { stack.pipeline.cachedImage(for: $0) }
                let bytes = held.reduce(0) { $0 + $1.bitmap.byteCount }
                #expect(bytes <= limit)
                #expect(!held.isEmpty && held.count < 60)
                // The ones let go come back from disk.
                let again = await loadAll([urls[0]], with: stack.loader)
                #expect((try? again[0].outcome.get().source) == .disk)
            }
        }

        @Test("a picture that cannot be written to disk is still shown, with the reason")
        func diskWriteFailure() async throws {
            let backend = try await DemoBackend.start()
            try await backend.whileRunning {
                let stack = try backend.makeLoader(diskCache: FullDisk())
                let picture = try await stack.loader.load(backend.url(1), targetSize: cell)
                #expect(picture.storeError?.code == "diskFull")
                #expect(picture.bitmap.width > 0)

                var state = GalleryState(urls: [backend.url(1)])
                let token = try #require(startedLoad(GalleryModel().reduce(into: &state, action: .layoutChanged(GalleryLayout(viewportHeight: 40, cellHeight: 29, gap: 1, cellPixelSize: cell)))))
                _ = GalleryModel().reduce(into: &state, action: .loadFinished(token, .success(picture)))
                let (loaded, status) = (state.items[0].status.isLoaded, state.status?.text.english ?? "")
                #expect(loaded)
                #expect(status.hasPrefix("Could not save for offline use"))
            }
        }

        @Test("cancelling a load closes its connection at once")
        func cancellationClosesConnection() async throws {
            let backend = try await DemoBackend.start()
            try await backend.whileRunning {
                backend.server.setFaults([.throttle(bytesPerSecond: 4000)], for: "/img/1.jpg")
                let stack = try backend.makeLoader()
                let task = Task { try await stack.loader.load(backend.url(1), targetSize: cell) }
                #expect(await backend.server.waitForStats { $0.bytesSent > 1000 && $0.openConnections == 1 })
                task.cancel()
                let clock = ContinuousClock()
                let start = clock.now
                let result = await task.result
                #expect(clock.now - start < .seconds(1))
                #expect(throws: (any Error).self) { try result.get() }
                #expect(await backend.server.waitForStats { $0.openConnections == 0 })
            }
        }

        @Test("each failure reaches the cell as its own kind", arguments: [
            ([DemoFault.status(404)], FailureKind.unavailable), ([.wrongBody], .invalidImage),
            ([.drop(afterBytes: 2000)], .dropped), ([.delayHeaders(.seconds(30))], .timeout),
        ])
        func faults(faults: [DemoFault], kind: FailureKind) async throws {
            let backend = try await DemoBackend.start()
            try await backend.whileRunning {
                backend.server.setFaults(faults, for: "/img/1.jpg")
                // Long enough for a loaded CI machine, short enough to keep the timeout case quick.
                let stack = try backend.makeLoader(deadline: .seconds(2))
                let reports = await loadAll([backend.url(1)], with: stack.loader)
                guard case .failure(let failure) = reports[0].outcome else {
                    Issue.record("loaded although the server failed with \(faults)")
                    return
                }
                #expect(failure.kind == kind)
            }
        }

        @Test("a server that is not there is 'refused', not 'offline'")
        func serverDown() async throws {
            let backend = try await DemoBackend.start()
            try await backend.whileRunning {
                try await backend.stopServer()
                let reports = await loadAll([backend.url(1)], with: try backend.makeLoader().loader)
                guard case .failure(let failure) = reports[0].outcome else {
                    Issue.record("loaded from a stopped server")
                    return
                }
                // The network carried the refusal: the server is missing, not the internet.
                #expect(failure.kind == .refused)
                #expect(failure.code == "refused")
                #expect(failure.cellMessage.english == "Could not connect to 127.0.0.1")
            }
        }

    }
}

extension ServerAndProcessTests {
    @Suite("Pull-to-refresh through the pipeline asks the server again")
    struct PipelineRefreshTests {
        let cell = PixelSize(width: 58, height: 54)

        @Test("a refresh load asks the server again though the picture is cached; an unchanged one costs a 304")
        func refreshDownloads() async throws {
            let backend = try await DemoBackend.start()
            try await backend.whileRunning {
                let stack = try backend.makeLoader()
                let first = try await stack.loader.load(backend.url(1), targetSize: cell)
                #expect(try await stack.loader.load(backend.url(1), targetSize: cell).source == .memory)
                let served = backend.server.stats.requests(for: "/img/1.jpg")
                // The whole picture once; read from the load, since the server may still be counting
                // its last write when the client already has every byte.
                let bytes = first.response.encodedByteCount

                let refreshed = try await stack.loader.load(backend.url(1), targetSize: cell, policy: .refresh)
                #expect(refreshed.wasRevalidated && refreshed.source == .memory)
                #expect(refreshed.refreshFailure == nil)
                #expect(backend.server.stats.requests(for: "/img/1.jpg") == served + 1)
                #expect(backend.server.stats.notModifiedResponses == 1)
                #expect(backend.server.stats.bytesSentByPath["/img/1.jpg"] ?? 0 == bytes)
                let next = try await stack.loader.load(backend.url(1), targetSize: cell)
                #expect(next.source == .memory && next.bitmap == refreshed.bitmap)
            }
        }

        @Test("a refresh with the server gone keeps the cached picture and says the connection was refused")
        func refreshOffline() async throws {
            let backend = try await DemoBackend.start()
            try await backend.whileRunning {
                _ = try await backend.makeLoader().loader.load(backend.url(1), targetSize: cell)
                try await backend.stopServer()
                // A new run: the server is gone, the disk still has the picture.
                let stack = try backend.makeLoader()
                let kept = try await stack.loader.load(backend.url(1), targetSize: cell, policy: .refresh)
                #expect(kept.source == .disk)
                #expect(kept.refreshFailure?.kind == .refused)

                // And in the model: the picture stays, the banner shows.
                var state = GalleryState(urls: [backend.url(1)])
                let first = startedLoad(GalleryModel().reduce(into: &state, action: .layoutChanged(GalleryLayout(viewportHeight: 40, cellHeight: 29, gap: 1, cellPixelSize: cell))))
                _ = GalleryModel().reduce(into: &state, action: .loadFinished(try #require(first), .success(kept)))
                let again = startedLoad(GalleryModel().reduce(into: &state, action: .refresh))
                _ = GalleryModel().reduce(into: &state, action: .loadFinished(try #require(again), .success(kept)))
                let (loaded, offline, refreshing) = (state.items[0].status.isLoaded, state.isOffline, state.isRefreshing)
                #expect(loaded)
                #expect(!offline, "a refused connection is no reason for the no-internet banner")
                #expect(!refreshing)
            }
        }

        @Test("a refresh of a picture never downloaded and unreachable fails")
        func refreshNothingCached() async throws {
            let backend = try await DemoBackend.start()
            try await backend.whileRunning {
                try await backend.stopServer()
                let stack = try backend.makeLoader()
                await #expect(throws: (any Error).self) {
                    try await stack.loader.load(backend.url(2), targetSize: cell, policy: .refresh)
                }
            }
        }
    }
}

/// The token of the load `effects` start, as the store would run it.
private func startedLoad(_ effects: [GalleryEffect]) -> LoadToken? {
    for case .load(let request) in effects { return request.token }
    return nil
}
